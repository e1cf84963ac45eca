import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

// Another file: 编号 3 twice, 9 not in the awkward file, 年龄 and 分组 also named in the awkward file,
// a missing value and a text cell.
const OTHER = `编号,身高,年龄,分组
1,170,35,X
2,160,,Y
3,158,46,X
3,159,46,X
9,175,50,未知
`;
// Key under another name and typed as text (x is not a number).
const OTHER_ID = `ID,随访结果
3,好转
1,痊愈
x,未知
`;
const GROUPS = `分组,组名
A,甲
A,甲二
B,乙
`;

describe('合并文件（按关键变量）', () => {
  it('left-joins by a key, renaming clashing variables with _2 and copying rows for a duplicated key', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { other: 'o', keys: ['编号'], how: 'left' }, { o: OTHER });
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期', '身高', '年龄_2', '分组_2']);
    expect(r.rows.map((x) => x[0])).toEqual(['1', '2', '3', '3', '4', '5', '6', '7', '8']);
    expect(r.rows[0]).toEqual(['1', '男', '34', '5.6', '70.5', 'A', '2024-01-03', '170', '35', 'X']);
    expect(r.rows[1]!.slice(7)).toEqual(['160', null, 'Y']);
    expect(r.rows[2]![3]).toBe('未测');
    expect(r.rows.slice(2, 4).map((x) => x[7])).toEqual(['158', '159']);
    expect(r.rows[4]!.slice(7)).toEqual([null, null, null]);
    expect(r.plan.notes).toEqual([
      '按“编号”与“o.csv”左连接合并，结果共 9 行、10 个变量。',
      '本文件 8 行中 3 行在另一文件中找到匹配，5 行没有匹配（新增的变量为空）。',
      '另一文件 5 行中 4 行被匹配，1 行没有匹配（未纳入结果）。',
      '另一文件中有 1 个关键变量取值出现了不止一次，与之匹配的本文件行会被复制成多行。',
      '另一文件中与本文件重名的变量已改名：年龄 → 年龄_2，分组 → 分组_2。',
    ]);
  });

  it('inner and full joins keep the matched rows, or every row of both files', async () => {
    const inner = await processCsv(method, AWKWARD_CSV, { other: 'o', keys: ['编号'], how: 'inner' }, { o: OTHER });
    expect(inner.rows.map((x) => x[0])).toEqual(['1', '2', '3', '3']);
    expect(inner.plan.notes[1]).toContain('5 行没有匹配（未纳入结果）');
    const full = await processCsv(method, AWKWARD_CSV, { other: 'o', keys: ['编号'], how: 'full' }, { o: OTHER });
    expect(full.rows.map((x) => x[0])).toEqual(['1', '2', '3', '3', '4', '5', '6', '7', '8', '9']);
    expect(full.rows[9]).toEqual(['9', null, null, null, null, null, null, '175', '50', '未知']);
    expect(full.plan.notes[2]).toBe('另一文件 5 行中 4 行被匹配，1 行没有匹配（作为新行加在最后，本文件的变量为空）。');
  });

  it('pairs a key with another name and type, matching on the text', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { other: 'o', keys: ['编号'], otherKeys: 'ID', how: 'left' }, { o: OTHER_ID });
    expect(r.header.at(-1)).toBe('随访结果');
    expect(r.rows.map((x) => x.at(-1))).toEqual(['痊愈', null, '好转', null, null, null, null, null]);
    expect(r.plan.notes[0]).toContain('按“编号”（对应另一文件的“ID”）');
    expect(r.plan.notes.at(-1)).toBe('关键变量“编号”在两个文件中的类型不同，按显示的文本进行匹配。');
  });

  it('warns of a many-to-many match', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { other: 'g', keys: ['分组'], how: 'left' }, { g: GROUPS });
    expect(r.rows).toHaveLength(12);
    expect(r.rows.slice(0, 2).map((x) => [x[0], x.at(-1)])).toEqual([
      ['1', '甲'],
      ['1', '甲二'],
    ]);
    expect(r.plan.notes.join('')).toContain('警告：有 1 个关键变量取值在两个文件中都重复出现（多对多匹配）');
    expect(r.plan.notes.join('')).toContain('本文件中有 2 个关键变量取值出现了不止一次');
  });

  it('refuses keys the other file lacks, a wrong number of paired keys and no file', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { other: 'o', keys: ['编号'] }, { o: OTHER_ID })).rejects.toThrow(
      '文件“o.csv”中没有变量“编号”，请在“另一文件中的关键变量”中填写对应的变量名',
    );
    await expect(processCsv(method, AWKWARD_CSV, { other: 'o', keys: ['编号'], otherKeys: 'ID, 随访结果' }, { o: OTHER_ID })).rejects.toThrow(
      '“另一文件中的关键变量”填写了 2 个，但本文件选择了 1 个关键变量',
    );
    await expect(processCsv(method, AWKWARD_CSV, { other: 'o', keys: ['编号'], otherKeys: '编码' }, { o: OTHER_ID })).rejects.toThrow('文件“o.csv”中没有变量“编码”');
    await expect(processCsv(method, AWKWARD_CSV, { keys: ['编号'] })).rejects.toThrow('请选择“要合并的文件”');
  });
});
