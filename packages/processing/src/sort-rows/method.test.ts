import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

describe('排序', () => {
  it('sorts by a numeric column descending with missing values last, keeping ties in order', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { by: '年龄', order: 'desc' });
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期']);
    expect(r.rows.map((x) => x[0])).toEqual(['5', '4', '8', '3', '7', '1', '6', '2']);
    expect(r.plan.notes.join('')).toContain('有 1 个缺失值，排在最后');
  });

  it('sorts text with text in a numeric column (血糖 holds 未测) and a second key', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { by: '分组', order: 'asc', by2: '编号', order2: 'desc' });
    expect(r.rows.map((x) => x[0])).toEqual(['7', '5', '3', '1', '8', '6', '4', '2']);
    expect(r.rows.find((x) => x[0] === '3')![3]).toBe('未测');
  });

  it('refuses the same column twice and an unknown column', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { by: '年龄', by2: '年龄' })).rejects.toThrow('不能与第一排序变量相同');
    await expect(processCsv(method, AWKWARD_CSV, { by: '身高' })).rejects.toThrow('不在数据文件中');
  });
});
