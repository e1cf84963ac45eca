import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

// Dates typed three ways, an impossible date, a word, a blank; and yyyymmdd read as numbers.
const DATES = `编号,入院,出院
1,2024/01/05,20240110
2,20240203,20240208
3,2024-2-30,20240305
4,昨天,
5,,20240101
`;

describe('变量类型转换', () => {
  it('turns text into numbers in place, counting the cells that could not be converted', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { vars: ['血糖'], to: 'numeric' });
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期']);
    expect(r.rows.map((x) => x[3])).toEqual(['5.6', '6.1', null, '7.8', '5.2', '6.6', null, '5.9']);
    expect(r.rows[0]).toEqual(['1', '男', '34', '5.6', '70.5', 'A', '2024-01-03']);
    expect(r.plan.notes).toEqual(['把 1 个变量（血糖）转换为数值，替换原变量。', '“血糖”有 1 个单元格无法转换为数值（如“未测”），已设为缺失。']);
    expect(r.plan.tables![0]!.rows).toEqual([['血糖', 7, 6, 1, '未测']]);
  });

  it('keeps the original and adds name+suffix right after it', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { vars: ['血糖', '年龄'], to: 'numeric', suffix: '_数值' });
    expect(r.header).toEqual(['编号', '性别', '年龄', '年龄_数值', '血糖', '血糖_数值', '体重', '分组', '就诊日期']);
    expect(r.rows[2]!.slice(2, 6)).toEqual(['45', '45', '未测', null]);
    expect(r.plan.notes[0]).toBe('把 2 个变量（血糖、年龄）转换为数值，新变量“血糖_数值”“年龄_数值”。');
    expect(r.plan.tables![0]!.rows[1]).toEqual(['年龄', 7, 7, 0, null]);
  });

  it('parses YYYY-MM-DD, YYYY/MM/DD and YYYYMMDD dates, from text and from numbers', async () => {
    const r = await processCsv(method, DATES, { vars: ['入院', '出院'], to: 'date' });
    expect(r.rows.map((x) => [x[1], x[2]])).toEqual([
      ['2024-01-05', '2024-01-10'],
      ['2024-02-03', '2024-02-08'],
      [null, '2024-03-05'],
      [null, null],
      [null, '2024-01-01'],
    ]);
    expect(r.plan.notes).toContain('“入院”有 2 个单元格无法转换为日期（如“2024-2-30”），已设为缺失。');
    expect(r.plan.tables![0]!.rows).toEqual([
      ['入院', 4, 2, 2, '2024-2-30'],
      ['出院', 4, 4, 0, null],
    ]);
  });

  it('codes text levels 1, 2, 3 in first-appearance order, missing values staying missing', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { vars: ['性别', '分组'], to: 'code', suffix: '_编码' });
    expect(r.header).toEqual(['编号', '性别', '性别_编码', '年龄', '血糖', '体重', '分组', '分组_编码', '就诊日期']);
    expect(r.rows.map((x) => [x[1], x[2], x[6], x[7]])).toEqual([
      ['男', '1', 'A', '1'],
      ['女', '2', 'B', '2'],
      ['女', '2', 'A', '1'],
      ['男', '1', 'B', '2'],
      [null, null, 'A', '1'],
      ['女', '2', 'B', '2'],
      ['男', '1', 'A', '1'],
      ['女', '2', 'B', '2'],
    ]);
    expect(r.plan.tables![0]).toEqual({
      title: '编码对照',
      columns: ['变量', '原取值', '编码', '行数'],
      rows: [
        ['性别_编码', '男', 1, 3],
        ['性别_编码', '女', 2, 4],
        ['分组_编码', 'A', 1, 4],
        ['分组_编码', 'B', 2, 4],
      ],
    });
    expect(r.plan.notes[1]).toBe('“性别”的 2 个取值按第一次出现的顺序编为 1–2，1 个缺失值仍为缺失。');
    const text = await processCsv(method, '组\n乙\n甲\n乙\n丙\n', { vars: ['组'], to: 'code' });
    expect(text.rows.map((x) => x[0])).toEqual(['1', '2', '1', '3']);
  });

  it('writes numbers and dates as text', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { vars: ['体重', '就诊日期'], to: 'text' });
    expect(r.rows[1]!.slice(4)).toEqual(['55', 'B', '2024-01-05']);
    expect(r.plan.notes[1]).toContain('整数不带“.0”');
  });

  it('refuses a date to a number and a new name already used', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { vars: ['就诊日期'], to: 'numeric' })).rejects.toThrow('“就诊日期”是日期变量，不能转换为数值');
    await expect(processCsv(method, '年龄,年龄_数值\n1,2\n', { vars: ['年龄'], to: 'numeric', suffix: '_数值' })).rejects.toThrow('新变量名“年龄_数值”与已有变量重名');
    await expect(processCsv(method, AWKWARD_CSV, { vars: ['血糖'], to: 'float' })).rejects.toThrow('“转换为”的取值“float”不是可选项');
  });
});
