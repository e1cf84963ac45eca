import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

const R = JSON.parse(fs.readFileSync(new URL('./r-fixture.json', import.meta.url), 'utf8')) as { y: number[]; lambda: number; boxcox: number[]; z: number[]; rank: number[] };
// The fixture's values with awkward cells after them: missing, text, zero and a negative value.
const FIXTURE_CSV = `编号,y\n${R.y.map((v, i) => `${i + 1},${v}`).join('\n')}\n19,NA\n20,未测\n21,0\n22,-3\n`;
const col = (r: { header: string[]; rows: Array<Array<string | null>> }, name: string) => r.rows.map((x) => x[r.header.indexOf(name)]);
const nums = (cells: Array<string | null>) => cells.map((c) => (c === null ? null : Number(c)));

describe('变量变换', () => {
  it('takes logs, setting non-positive values missing with a note and text cells missing too', async () => {
    const r = await processCsv(method, FIXTURE_CSV, { var: 'y', how: 'log' });
    const out = nums(col(r, 'y_ln'));
    R.y.forEach((v, i) => expect(out[i]).toBeCloseTo(Math.log(v), 12));
    expect(out.slice(-4)).toEqual([null, null, null, null]);
    const notes = r.plan.notes.join('');
    expect(notes).toContain('“y”有 2 个值小于或等于 0');
    expect(notes).toContain('“y”中有 1 个文字单元格（如“未测”）');
  });

  it('estimates the Box–Cox λ as MASS::boxcox does and transforms with it', async () => {
    const r = await processCsv(method, FIXTURE_CSV, { var: 'y', how: 'boxcox' });
    const lambda = Number(/λ 按轮廓似然最大估计为 (-?[\d.]+)/.exec(r.plan.notes.join(''))![1]);
    expect(Math.abs(lambda - R.lambda)).toBeLessThan(2e-4);
    const out = nums(col(r, 'y_boxcox'));
    // R's fixture transformed with its λ rounded to 4 decimals; ours may differ by one in the last place.
    R.boxcox.forEach((v, i) => expect(Math.abs(out[i]! - v)).toBeLessThan(1e-3));
    expect(out.slice(-4)).toEqual([null, null, null, null]);
  });

  it('standardises as scale() and ranks as rank() with ties averaged', async () => {
    const z = await processCsv(method, FIXTURE_CSV.split('\n').slice(0, 19).join('\n') + '\n', { var: 'y', how: 'zscore' });
    nums(col(z, 'y_z')).forEach((v, i) => expect(v).toBeCloseTo(R.z[i]!, 12));
    const rk = await processCsv(method, FIXTURE_CSV.split('\n').slice(0, 19).join('\n') + '\n20,NA\n', { var: 'y', how: 'rank' });
    expect(nums(col(rk, 'y_秩'))).toEqual([...R.rank, null]);
  });

  it('works on the awkward file: sqrt, reciprocal, min–max, log10 into a named variable', async () => {
    const sq = await processCsv(method, AWKWARD_CSV, { var: '体重', how: 'sqrt' });
    expect(nums(col(sq, '体重_sqrt'))[0]).toBeCloseTo(Math.sqrt(70.5), 12);
    expect(col(sq, '体重_sqrt')[3]).toBeNull();
    const mm = await processCsv(method, AWKWARD_CSV, { var: '年龄', how: 'minmax' });
    expect(col(mm, '年龄_缩放')).toEqual(['0.15625', null, '0.5', '0.71875', '1', '0', '0.28125', '0.5625']);
    const rec = await processCsv(method, AWKWARD_CSV, { var: '血糖', how: 'reciprocal', newName: '血糖倒数' });
    expect(nums(col(rec, '血糖倒数'))[0]).toBeCloseTo(1 / 5.6, 12);
    expect(rec.plan.notes.join('')).toContain('如“未测”');
    const lg = await processCsv(method, AWKWARD_CSV, { var: '年龄', how: 'log10' });
    expect(nums(col(lg, '年龄_log10'))[4]).toBeCloseTo(Math.log10(61), 12);
  });

  it('refuses bad input in Chinese', async () => {
    await expect(processCsv(method, 'x\n0\n-1\n', { var: 'x', how: 'log' })).rejects.toThrow('“x”的取值全部小于或等于 0，无法做自然对数');
    await expect(processCsv(method, 'x\n2\n2\n', { var: 'x', how: 'zscore' })).rejects.toThrow('无法标准化');
    await expect(processCsv(method, AWKWARD_CSV, { var: '性别', how: 'log' })).rejects.toThrow('“性别”没有数值');
    await expect(processCsv(method, AWKWARD_CSV, { var: '年龄', how: 'log', newName: '血糖' })).rejects.toThrow('重名');
    await expect(processCsv(method, AWKWARD_CSV, { var: '年龄', how: 'cube' })).rejects.toThrow('不是可选项');
  });
});
