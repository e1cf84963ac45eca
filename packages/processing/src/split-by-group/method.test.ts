import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { fileSuffix, method } from './method.js';

describe('按分组拆分文件', () => {
  it('writes one file per level in first-appearance order, missing values in their own file', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { by: '性别' });
    expect(r.files.map((f) => f.suffix)).toEqual(['男', '女', '缺失']);
    expect(r.files.map((f) => f.rows.map((x) => x[0]))).toEqual([['1', '4', '7'], ['2', '3', '6', '8'], ['5']]);
    expect(r.files[1]!.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期']);
    expect(r.files[1]!.rows[1]).toEqual(['3', '女', '45', '未测', '62.3', 'A', '2024-02-11']);
    expect(r.plan.notes).toEqual(['按“性别”的 2 个取值拆分为 3 个文件：男（3 行）、女（4 行）、（缺失）（1 行）。', '“性别”缺失的 1 行单独保存为一个文件。']);
    expect(r.plan.tables![0]!.rows).toEqual([
      ['男', '男', 3],
      ['女', '女', 4],
      ['（缺失）', '缺失', 1],
    ]);
  });

  it('can leave missing rows out, and names files from numeric codes and awkward levels', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { by: '性别', missing: false });
    expect(r.files.map((f) => f.suffix)).toEqual(['男', '女']);
    expect(r.plan.notes[1]).toBe('“性别”缺失的 1 行未输出。');
    const coded = await processCsv(method, '组,值\n2,a\n1,b\n2,c\nA/B,d\nA_B,e\n', { by: '组' });
    expect(coded.files.map((f) => f.suffix)).toEqual(['2', '1', 'A_B', 'A_B(2)']);
    expect(coded.files[0]!.rows).toEqual([
      ['2', 'a'],
      ['2', 'c'],
    ]);
  });

  it('sanitises a level for a file name', () => {
    expect(fileSuffix('a:b*c?')).toBe('a_b_c_');
    expect(fileSuffix('  ..x  ')).toBe('_x');
    expect(fileSuffix('')).toBe('空');
    expect([...fileSuffix('长'.repeat(60))]).toHaveLength(40);
  });

  it('refuses more than 50 levels', async () => {
    const csv = ['组,值', ...Array.from({ length: 60 }, (_, i) => `g${i % 51},${i}`)].join('\n') + '\n';
    await expect(processCsv(method, csv, { by: '组' })).rejects.toThrow('“组”的取值超过 50 个，最多拆分为 50 个文件');
  });
});
