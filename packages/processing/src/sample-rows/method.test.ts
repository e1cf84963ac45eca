import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

// The awkward file's 8 rows repeated to 40, 编号 running 1–40, so samples have room to differ.
const LINES = AWKWARD_CSV.trim().split('\n');
const BIG = [LINES[0], ...Array.from({ length: 40 }, (_, i) => LINES[1 + (i % 8)]!.replace(/^\d+/, String(i + 1)))].join('\n') + '\n';

/** The rows a seed picks, worked out independently: the n smallest md5("row:seed"), back in row order. */
function expected(rows: number, n: number, seed: number): string[] {
  const md5 = (s: string) => createHash('md5').update(s).digest('hex');
  return Array.from({ length: rows }, (_, i) => i + 1)
    .sort((a, b) => (md5(`${a}:${seed}`) < md5(`${b}:${seed}`) ? -1 : 1))
    .slice(0, n)
    .sort((a, b) => a - b)
    .map(String);
}

describe('随机抽样', () => {
  it('draws n rows by md5(row:seed), in the original order, with the file’s awkward cells intact', async () => {
    const r = await processCsv(method, BIG, { mode: 'count', count: 7, seed: 42 });
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期']);
    expect(r.rows.map((x) => x[0])).toEqual(expected(40, 7, 42));
    expect(r.plan.notes[0]).toBe('从 40 行中随机抽取了 7 行（随机种子 42），保持原来的行序。');
    for (const row of r.rows) expect(row.slice(1)).toEqual(BIG.split('\n')[Number(row[0])]!.split(',').slice(1).map((c) => (c === '' || c === 'NA' ? null : c)));
  });

  it('gives the same rows for the same seed and other rows for another seed', async () => {
    const a = await processCsv(method, BIG, { mode: 'count', count: 10, seed: 7 });
    const b = await processCsv(method, BIG, { mode: 'count', count: 10, seed: 7 });
    const c = await processCsv(method, BIG, { mode: 'count', count: 10, seed: 8 });
    expect(b.rows).toEqual(a.rows);
    expect(c.rows.map((x) => x[0])).not.toEqual(a.rows.map((x) => x[0]));
    expect(c.rows.map((x) => x[0])).toEqual(expected(40, 10, 8));
  });

  it('draws a percentage, rounded', async () => {
    const r = await processCsv(method, BIG, { mode: 'percent', percent: 25, seed: 1 });
    expect(r.rows.map((x) => x[0])).toEqual(expected(40, 10, 1));
    expect(r.plan.notes[0]).toContain('按 25% 随机抽取了 10 行');
    const odd = await processCsv(method, AWKWARD_CSV, { mode: 'percent', percent: 30, seed: 1 });
    expect(odd.rows).toHaveLength(2);
  });

  it('refuses more rows than the file has, a percentage giving no row and a fractional seed', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { mode: 'count', count: 9 })).rejects.toThrow('“抽取行数”（9）超过了数据的行数（8）');
    await expect(processCsv(method, AWKWARD_CSV, { mode: 'percent', percent: 5 })).rejects.toThrow('抽取不到 1 行');
    await expect(processCsv(method, AWKWARD_CSV, { mode: 'count', count: 2, seed: 1.5 })).rejects.toThrow('“随机种子”应为整数');
    await expect(processCsv(method, AWKWARD_CSV, { mode: 'count', count: 2.5 })).rejects.toThrow('“抽取行数”应为正整数');
  });
});
