import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

// More patients: no 就诊日期, a new 身高, 年龄 in another column position, 血糖 numbers only (numeric
// here, text in the awkward file), missing cells in 年龄 and 体重.
const MORE = `编号,年龄,性别,血糖,体重,分组,身高
9,41,男,5.5,66,A,172
10,NA,女,6.0,,B,158
`;

describe('追加文件（纵向合并）', () => {
  it('appends rows matching columns by name, missing columns empty, new columns last', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { other: 'more' }, { more: MORE });
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期', '身高']);
    expect(r.rows.map((x) => x[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(r.rows[2]).toEqual(['3', '女', '45', '未测', '62.3', 'A', '2024-02-11', null]);
    expect(r.rows[8]).toEqual(['9', '男', '41', '5.5', '66', 'A', null, '172']);
    expect(r.rows[9]).toEqual(['10', '女', null, '6', null, 'B', null, '158']);
    expect(r.plan.notes).toEqual([
      '在本文件 8 行之后追加了“more.csv”的 2 行，结果共 10 行、8 个变量。',
      '按名称对应的变量 6 个。',
      '只在本文件中的变量 1 个（就诊日期），追加的行在这些变量上为空。',
      '只在“more.csv”中的变量 1 个（身高），已加在最后，本文件的行在这些变量上为空。',
      '变量“血糖”在两个文件中的类型不同，追加后按文本保存。',
    ]);
  });

  it('adds a source column naming each row’s file', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { other: 'more', source: true, sourceName: '批次' }, { more: MORE });
    expect(r.header.at(-1)).toBe('批次');
    expect(r.rows.map((x) => x.at(-1))).toEqual([...Array(8).fill('data.csv'), 'more.csv', 'more.csv']);
    expect(r.plan.notes.at(-1)).toBe('新增变量“批次”，取值为每行所来自的文件名。');
  });

  it('refuses a source name already used and a file with no common variable', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { other: 'more', source: true, sourceName: '身高' }, { more: MORE })).rejects.toThrow(
      '新变量名“身高”与已有变量重名',
    );
    await expect(processCsv(method, AWKWARD_CSV, { other: 'x' }, { x: 'ID,结果\n1,好\n' })).rejects.toThrow('“x.csv”与本文件没有同名的变量');
  });
});
