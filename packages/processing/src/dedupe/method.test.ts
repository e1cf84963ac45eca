import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

const fixture = JSON.parse(fs.readFileSync(new URL('./r-fixture.json', import.meta.url), 'utf8')) as {
  csv: string;
  cases: Array<{ by: string[]; kept: number[] }>;
};

// The awkward file with row 3 (血糖 未测) and row 5 (性别 missing) entered twice more, and row 5 once.
const WITH_DUPLICATES = `${AWKWARD_CSV}3,女,45,未测,62.3,A,2024-02-11
5,,61,5.2,80.1,A,2024-03-01
3,女,45,未测,62.3,A,2024-02-11
9,男,34,5.6,70.5,A,2024-01-03
`;

describe('去除重复行', () => {
  it('removes rows equal in every variable, text and missing cells included, keeping the first', async () => {
    const r = await processCsv(method, WITH_DUPLICATES, {});
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期']);
    expect(r.rows.map((x) => x[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(r.rows[2]).toEqual(['3', '女', '45', '未测', '62.3', 'A', '2024-02-11']);
    expect(r.rows[4]![1]).toBeNull();
    expect(r.plan.notes[0]).toBe('按全部变量判断，有 2 组重复（涉及 5 行），每组保留第一次出现的行，删除了 3 行，剩余 9 行。');
    expect(r.plan.tables![0]!.rows.map((x) => x.slice(-2))).toEqual([
      [3, 3],
      [2, 5],
    ]);
  });

  it('judges by chosen key variables, a missing key counting as one value', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { by: ['性别'] });
    expect(r.rows.map((x) => x[0])).toEqual(['1', '2', '5']);
    expect(r.plan.notes[0]).toContain('按“性别”判断，有 2 组重复（涉及 7 行）');
    expect(r.plan.notes[0]).toContain('删除了 5 行，剩余 3 行');
    expect(r.plan.tables![0]).toEqual({ title: '重复的取值', columns: ['性别', '出现次数', '保留的行号'], rows: [['男', 3, 1], ['女', 4, 2]] });
  });

  it('uses two keys and reports when nothing is duplicated', async () => {
    const two = await processCsv(method, AWKWARD_CSV, { by: ['性别', '分组'] });
    expect(two.rows.map((x) => x[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(two.plan.notes[0]).toContain('删除了 3 行，剩余 5 行');
    const none = await processCsv(method, AWKWARD_CSV, {});
    expect(none.rows).toHaveLength(8);
    expect(none.plan.notes).toEqual(['按全部变量判断，没有发现重复行，8 行全部保留。']);
  });

  it('refuses an unknown column', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { by: ['身高'] })).rejects.toThrow('“判断重复的变量”所选的变量“身高”不在数据文件中');
  });
});

describe('去除重复行 against R (r-fixture.R: !duplicated(), NA equal to NA)', () => {
  it.each(fixture.cases.map((c) => [c.by.join('+'), c] as const))('keeps the rows R keeps by %s', async (_, c) => {
    const r = await processCsv(method, fixture.csv, { by: c.by });
    expect(r.rows.map((x) => Number(x[0]))).toEqual(c.kept);
  });
});
