import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

interface Fences { lower: number; upper: number; below: number; above: number }
const R = JSON.parse(fs.readFileSync(new URL('./r-fixture.json', import.meta.url), 'utf8')) as { x: number[]; iqr: Fences; z: Fences };
// The fixture's values plus awkward cells: a missing value and a text cell.
const FIXTURE_CSV = `id,x,g\n${R.x.map((v, i) => `${i + 1},${v},${i % 2 ? '甲' : '乙'}`).join('\n')}\n22,NA,甲\n23,未测,乙\n`;
const col = (r: { header: string[]; rows: Array<Array<string | null>> }, name: string) => r.rows.map((x) => x[r.header.indexOf(name)]);
const TOL = 1e-12;

describe('异常值处理', () => {
  it('finds IQR fences and counts as R quantile() does, and flags them 0/1', async () => {
    const r = await processCsv(method, FIXTURE_CSV, { vars: ['x'], rule: 'iqr', action: 'flag' });
    const [name, lo, hi, below, above] = r.plan.tables![0]!.rows[0]!;
    expect(name).toBe('x');
    expect(Math.abs(Number(lo) - R.iqr.lower)).toBeLessThan(TOL);
    expect(Math.abs(Number(hi) - R.iqr.upper)).toBeLessThan(TOL);
    expect([below, above]).toEqual([R.iqr.below, R.iqr.above]);
    const flags = col(r, 'x_异常');
    expect(flags.filter((f) => f === '1')).toHaveLength(R.iqr.below + R.iqr.above);
    expect(flags.slice(-2)).toEqual([null, null]);
    expect(r.plan.notes.join('')).toContain('“x”中有 1 个文字单元格（如“未测”）');
  });

  it('uses |z| > 3 with the sample sd as scale() does, and deletes those rows', async () => {
    const r = await processCsv(method, FIXTURE_CSV, { vars: ['x'], rule: 'z', action: 'delete' });
    const [, lo, hi, below, above] = r.plan.tables![0]!.rows[0]!;
    expect(Math.abs(Number(lo) - R.z.lower)).toBeLessThan(1e-9);
    expect(Math.abs(Number(hi) - R.z.upper)).toBeLessThan(1e-9);
    expect([below, above]).toEqual([R.z.below, R.z.above]);
    // The missing and the text rows are kept: they are not outliers.
    expect(r.rows).toHaveLength(R.x.length + 2 - R.z.below - R.z.above);
    expect(r.plan.notes.join('')).toContain(`删除了 ${R.z.below + R.z.above} 行`);
  });

  it('winsorises to the fences, keeping text cells as they are', async () => {
    const r = await processCsv(method, FIXTURE_CSV, { vars: ['x'], action: 'winsorize' });
    const x = col(r, 'x');
    const values = x.slice(0, R.x.length).map(Number);
    expect(Math.max(...values)).toBeCloseTo(R.iqr.upper, 12);
    expect(Math.min(...values)).toBeCloseTo(R.iqr.lower, 12);
    expect(x.slice(-2)).toEqual([null, '未测']);
    expect(x[0]).toBe('5.1');
  });

  it('works on several variables of the awkward file', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { vars: ['年龄', '血糖'], rule: 'iqr', k: 0.5, action: 'flag' });
    expect(r.header.slice(-2)).toEqual(['年龄_异常', '血糖_异常']);
    // 年龄: Q1 = 36, Q3 = 49.5 (type 7 on 7 values), fences 29.25 and 56.25.
    expect(col(r, '年龄_异常')).toEqual(['0', null, '0', '0', '1', '1', '0', '0']);
    expect(r.plan.tables![0]!.rows.map((x) => x[0])).toEqual(['年龄', '血糖']);
  });

  it('refuses bad input in Chinese', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { vars: [] })).rejects.toThrow('请至少选择一个“检查的变量”');
    await expect(processCsv(method, AWKWARD_CSV, { vars: ['性别'] })).rejects.toThrow('“性别”没有数值');
    await expect(processCsv(method, 'x\n2\n2\n2\n', { vars: ['x'], rule: 'z' })).rejects.toThrow('无法计算 Z 分数');
    await expect(processCsv(method, 'x,x_异常\n1,0\n', { vars: ['x'] })).rejects.toThrow('新变量名“x_异常”与已有变量重名');
    await expect(processCsv(method, AWKWARD_CSV, { vars: ['年龄'], k: 0 })).rejects.toThrow('不能小于 0.5');
  });
});
