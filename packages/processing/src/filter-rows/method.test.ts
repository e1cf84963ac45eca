import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

const ids = (r: { rows: Array<Array<string | null>> }) => r.rows.map((x) => x[0]);

describe('筛选行', () => {
  it('keeps rows meeting two conditions joined by 且, missing values failing', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var1: '年龄', op1: 'ge', value1: '45', var2: '性别', op2: 'eq', value2: '女' });
    expect(ids(r)).toEqual(['3', '8']);
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期']);
    expect(r.plan.notes[0]).toBe('按“年龄”≥“45” 且 “性别”=“女”筛选，保留 2 行，去掉 6 行（原有 8 行）。');
  });

  it('joins with 或 and handles 不等于, 为空, 包含 and dates', async () => {
    const or = await processCsv(method, AWKWARD_CSV, { var1: '体重', op1: 'empty', var2: '性别', op2: 'empty', combine: 'or' });
    expect(ids(or)).toEqual(['4', '5']);
    const ne = await processCsv(method, AWKWARD_CSV, { var1: '性别', op1: 'ne', value1: '男' });
    expect(ids(ne)).toEqual(['2', '3', '6', '8']);
    const has = await processCsv(method, AWKWARD_CSV, { var1: '体重', op1: 'contains', value1: '.3', var2: '就诊日期', op2: 'lt', value2: '2024/03/01' });
    expect(ids(has)).toEqual(['3']);
    const notEmpty = await processCsv(method, AWKWARD_CSV, { var1: '就诊日期', op1: 'notempty', var2: '就诊日期', op2: 'ge', value2: '2024-03-01' });
    expect(ids(notEmpty)).toEqual(['5', '7', '8']);
  });

  it('compares a numeric-looking text column (血糖 with 未测) as numbers with a note', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var1: '血糖', op1: 'gt', value1: '6' });
    expect(ids(r)).toEqual(['2', '4', '6']);
    expect(r.plan.notes.join('')).toContain('“血糖”中有 1 个文字单元格（如“未测”）');
  });

  it('filters by an expression of the compute language', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { mode: 'expression', expression: '(年龄 > 40 且 分组 = "A") 或 isna(年龄)' });
    expect(ids(r)).toEqual(['2', '3', '5']);
    await expect(processCsv(method, AWKWARD_CSV, { mode: 'expression', expression: '年龄 + 1' })).rejects.toThrow('结果应为“是/否”');
    await expect(processCsv(method, 'a,b\n1,0\n', { mode: 'expression', expression: 'a / b > 1' })).rejects.toThrow('第 1 行数据使表达式第 3 个字符处的除数为 0');
    await expect(processCsv(method, AWKWARD_CSV, { mode: 'expression', expression: '身高 > 1' })).rejects.toThrow('表达式中的变量“身高”不在数据中');
  });

  it('refuses bad input in Chinese', async () => {
    await expect(processCsv(method, AWKWARD_CSV, {})).rejects.toThrow('请至少设置一个条件');
    await expect(processCsv(method, AWKWARD_CSV, { var1: '年龄', op1: 'gt', value1: '老' })).rejects.toThrow('“年龄”是数值变量，条件一的取值“老”应为数字');
    await expect(processCsv(method, AWKWARD_CSV, { var1: '年龄', op1: 'gt' })).rejects.toThrow('请填写条件一的取值');
    await expect(processCsv(method, AWKWARD_CSV, { var1: '性别', op1: 'gt', value1: '男' })).rejects.toThrow('不能用“>”比较文字');
    await expect(processCsv(method, AWKWARD_CSV, { var1: '就诊日期', op1: 'gt', value1: '3月' })).rejects.toThrow('YYYY-MM-DD');
    await expect(processCsv(method, AWKWARD_CSV, { var1: '年龄', op1: 'gt', value1: '100' })).rejects.toThrow('没有符合条件');
    await expect(processCsv(method, AWKWARD_CSV, { var1: '身高', op1: 'empty' })).rejects.toThrow('不在数据文件中');
  });
});
