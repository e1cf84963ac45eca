import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

const col = (r: { header: string[]; rows: Array<Array<string | null>> }, name: string) => r.rows.map((x) => x[r.header.indexOf(name)]);

describe('缺失值处理', () => {
  it('reports missing counts and patterns and copies the file when only viewing', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { action: 'view' });
    expect(r.rows).toHaveLength(8);
    expect(col(r, '年龄')).toEqual(['34', null, '45', '52', '61', '29', '38', '47']);
    const perVar = r.plan.tables![0]!;
    expect(perVar.rows.map((x) => [x[0], x[1]])).toEqual([['编号', 0], ['性别', 1], ['年龄', 1], ['血糖', 1], ['体重', 1], ['分组', 0], ['就诊日期', 1]]);
    expect(perVar.rows[2]![2]).toBe(12.5);
    const patterns = r.plan.tables![1]!;
    expect(patterns.columns).toEqual(['性别', '年龄', '血糖', '体重', '就诊日期', '行数', '比例(%)']);
    // Three complete rows, then five rows each missing exactly one variable.
    expect(patterns.rows[0]).toEqual(['', '', '', '', '', 3, 37.5]);
    expect(patterns.rows.slice(1).map((x) => x[5])).toEqual([1, 1, 1, 1, 1]);
    expect(r.plan.notes.join('')).toContain('全部 7 个变量共有 5 个缺失值');
    expect(r.plan.notes.join('')).toContain('MICE');
  });

  it('drops rows with a missing value in any chosen variable', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { vars: ['年龄', '体重'], action: 'drop' });
    expect(col(r, '编号')).toEqual(['1', '3', '5', '6', '7', '8']);
    expect(r.plan.notes.join('')).toContain('删除了 2 行');
  });

  it('fills with the mean, treating the text 未测 in 血糖 as missing', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { vars: ['年龄', '血糖'], action: 'fill', fill: 'mean' });
    const age = col(r, '年龄').map(Number);
    expect(age[1]).toBeCloseTo((34 + 45 + 52 + 61 + 29 + 38 + 47) / 7, 10);
    const glucose = col(r, '血糖').map(Number);
    const mean = (5.6 + 6.1 + 7.8 + 5.2 + 6.6 + 5.9) / 6;
    expect(glucose[2]).toBeCloseTo(mean, 10);
    expect(glucose[6]).toBeCloseTo(mean, 10);
    expect(glucose[0]).toBe(5.6);
    const notes = r.plan.notes.join('');
    expect(notes).toContain('“血糖”中有 1 个文字单元格（如“未测”）');
    expect(notes).toContain('填补了 3 个单元格');
  });

  it('fills with the median, the mode, a constant and LOCF', async () => {
    const med = await processCsv(method, AWKWARD_CSV, { vars: ['体重'], action: 'fill', fill: 'median' });
    expect(col(med, '体重')[3]).toBe('62.3');
    const mode = await processCsv(method, AWKWARD_CSV, { vars: ['性别'], action: 'fill', fill: 'mode' });
    expect(col(mode, '性别')[4]).toBe('女');
    const cons = await processCsv(method, AWKWARD_CSV, { vars: ['性别', '就诊日期'], action: 'fill', fill: 'constant', constant: '2024-01-01' });
    expect(col(cons, '性别')[4]).toBe('2024-01-01');
    expect(col(cons, '就诊日期')[5]).toBe('2024-01-01');
    const locf = await processCsv(method, AWKWARD_CSV, { vars: ['年龄', '体重', '就诊日期'], action: 'fill', fill: 'locf' });
    expect(col(locf, '年龄')[1]).toBe('34');
    expect(col(locf, '体重')[3]).toBe('62.3');
    expect(col(locf, '就诊日期')[5]).toBe('2024-03-01');
    expect(locf.plan.tables![2]!.rows.map((x) => x[3])).toEqual([1, 1, 1]);
  });

  it('keeps a leading missing value under LOCF and says so', async () => {
    const csv = 'id,x\n1,\n2,3\n3,\n4,5\n';
    const r = await processCsv(method, csv, { vars: ['x'], action: 'fill', fill: 'locf' });
    expect(col(r, 'x')).toEqual([null, '3', '3', '5']);
    expect(r.plan.notes.join('')).toContain('开头的 1 个缺失值');
  });

  it('breaks a tie for the mode by the value seen first', async () => {
    const r = await processCsv(method, 'id,x\n1,2.5\n2,1\n3,\n4,1\n5,2.5\n', { vars: ['x'], action: 'fill', fill: 'mode' });
    expect(col(r, 'x')).toEqual(['2.5', '1', '2.5', '1', '2.5']);
  });

  it('refuses bad input in Chinese', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { vars: ['性别'], action: 'fill', fill: 'mean' })).rejects.toThrow('“性别”没有数值，不能用于均数填补');
    await expect(processCsv(method, AWKWARD_CSV, { vars: ['年龄'], action: 'fill', fill: 'constant', constant: '未知' })).rejects.toThrow('填补值“未知”应为数字');
    await expect(processCsv(method, AWKWARD_CSV, { vars: ['年龄'], action: 'fill', fill: 'constant', constant: '' })).rejects.toThrow('请填写“指定的填补值”');
    await expect(processCsv(method, AWKWARD_CSV, { vars: ['身高'] })).rejects.toThrow('不在数据文件中');
    await expect(processCsv(method, 'a,b\n1,\n,2\n', { action: 'drop' })).rejects.toThrow('删除后没有数据');
  });
});
