import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
/** The order R's table() gives (and this tool gave before version 3): 对照组 before 试验组, 无效 before 有效. */
const ORDER = { rowOrder: '对照组, 试验组', colOrder: '无效，有效' };

// Reference values: packages/tools/reference/tools.R (chisq.test, fisher.test).
describe('卡方检验 on the example, against R', () => {
  it('Pearson, Yates and Fisher on 组别 × 疗效', () => {
    const out = run(table, { row: '组别', col: '疗效', correct: 'auto', ...ORDER });
    expect(out.results.method).toBe('Pearson 卡方检验');
    close(out.results.pearsonChi2, 29.4);
    close(out.results.pearsonP, 5.88776427451728e-8);
    close(out.results.yatesChi2, 27.3375);
    close(out.results.yatesP, 1.70865405932235e-7);
    close(out.results.fisherP, 6.63550768003631e-8, 1e-7);
    expect(out.results.n).toBe(120);
    const ct = out.sections[0]!.blocks[0]!;
    expect(ct.type === 'table' && ct.rows[0]).toEqual(['对照组', '34（56.7%）', '26（43.3%）', 60]);
  });

  it('G² and the residual table (chisq.test()$residuals, $stdres; G² written out in reference/chisq.R)', () => {
    const out = run(table, { row: '组别', col: '疗效', correct: 'auto', ...ORDER });
    close(out.results.g2, 31.6456317681453);
    expect(out.results.g2Df).toBe(1);
    close(out.results.g2P, 1.85030324520995e-8);
    expect(out.results.fisherSimulated).toBe(0);
    const res = out.sections.find((s) => s.title === '残差分析')!.blocks[0]!;
    expect(res.type === 'table' && res.rows.slice(0, 2)).toEqual([
      ['对照组', 'Pearson 残差', 3.13, -2.214],
      ['', '标准化残差', 5.422, -5.422],
    ]);
  });

  it('asks for Yates when told and refuses one variable twice', () => {
    expect(run(table, { row: '组别', col: '疗效', correct: 'yes' }).results.method).toBe('连续性校正卡方检验');
    expect(() => run(table, { row: '组别', col: '组别' })).toThrow('不能相同');
  });
});

describe('卡方检验: order of the categories', () => {
  it('follows first appearance in the data by default (试验组 and 有效 come first in the file)', () => {
    const out = run(table, { row: '组别', col: '疗效' });
    const ct = out.sections[0]!.blocks[0]!;
    expect(ct.type === 'table' && ct.columns).toEqual(['组别', '有效', '无效', '合计']);
    expect(ct.type === 'table' && ct.rows.map((r) => r[0])).toEqual(['试验组', '对照组', '合计']);
    expect(ct.type === 'table' && ct.rows[0]).toEqual(['试验组', '54（90.0%）', '6（10.0%）', 60]);
    const res = out.sections.find((s) => s.title === '残差分析')!.blocks[0]!;
    expect(res.type === 'table' && res.rows[1]).toEqual(['', '标准化残差', 5.422, -5.422]);
    const chart = out.sections.find((s) => s.title === '图形')!.blocks[0]!;
    expect(chart.type === 'chart' && (chart.option.xAxis as { data: string[] }).data).toEqual(['试验组', '对照组']);
    expect(chart.type === 'chart' && (chart.option.legend as { data: string[] }).data).toEqual(['有效', '无效']);
  });

  it('honours a given order, a partial one too (the rest by first appearance); the statistics do not change', () => {
    const ordered = run(table, { row: '组别', col: '疗效', ...ORDER });
    const ct = ordered.sections[0]!.blocks[0]!;
    expect(ct.type === 'table' && ct.columns).toEqual(['组别', '无效', '有效', '合计']);
    expect(ct.type === 'table' && ct.rows.map((r) => r[0])).toEqual(['对照组', '试验组', '合计']);
    const plainExample = run(table, { row: '组别', col: '疗效' }).results;
    for (const [k, v] of Object.entries(ordered.results)) {
      if (typeof v === 'number' && v !== 0) close(plainExample[k], v, 1e-12);
      else expect(plainExample[k], k).toEqual(v);
    }
    const partial = run(weighted(), { row: '分期', col: '病理', weight: '例数', colOrder: 'D' });
    const pt = partial.sections[0]!.blocks[0]!;
    expect(pt.type === 'table' && pt.columns).toEqual(['分期', 'D', 'A', 'B', 'C', '合计']);
    const plain = run(weighted(), { row: '分期', col: '病理', weight: '例数' });
    for (const k of ['pearsonChi2', 'pearsonP', 'g2', 'g2P', 'fisherP', 'cramersV', 'n']) close(partial.results[k], plain.results[k] as number, 1e-12);
  });

  it('refuses a category the column does not have, naming the column and the choices', () => {
    expect(() => run(table, { row: '组别', col: '疗效', rowOrder: '对照组, 安慰剂组' })).toThrow('变量“组别”中没有取值“安慰剂组”，可选的取值为 “试验组”、“对照组”');
    expect(() => run(table, { row: '组别', col: '疗效', colOrder: '显效' })).toThrow('变量“疗效”中没有取值“显效”');
  });

  it('the R code builds the same order (factor levels = unique(c(given, data)))', () => {
    const s = rScript('chisq', { row: '组别', col: '疗效', rowOrder: '对照组', colOrder: '' }, 'a.csv')!;
    expect(s).toContain('r <- factor(x[["组别"]], levels = unique(c("对照组", as.character(x[["组别"]]))))');
    expect(s).toContain('cc <- factor(x[["疗效"]], levels = unique(as.character(x[["疗效"]])))');
    expect(rScript('chisq', { row: '分期', col: '病理', weight: '例数' }, 'a.csv')).toContain('tab <- xtabs(x[["例数"]] ~ r + cc)');
  });
});

/** An in-memory table of text columns (numbers parsed where they parse). */
function dataOf(cols: Record<string, Array<string | null>>): DataTable {
  const names = Object.keys(cols);
  return {
    rows: cols[names[0]!]!.length,
    variables: names.map((name) => ({ name, type: 'categorical', valid: 0, missing: 0, distinct: 0, min: null, max: null, mean: null, levels: [] })),
    text: (n) => cols[n]!,
    numeric: (n) => cols[n]!.map((v) => (v === null || v === '' || !Number.isFinite(Number(v)) ? null : Number(v))),
  };
}

// reference/chisq.R: the 3×4 table m, entered as one row per cell with a frequency column.
const M = [[10, 3, 2, 1], [4, 8, 3, 2], [1, 2, 9, 5]];
const stages = ['I', 'II', 'III'];
const paths = ['A', 'B', 'C', 'D'];
function weighted(freq: (v: number, i: number, j: number) => string | null = (v) => String(v)) {
  const r: Array<string | null> = [];
  const c: Array<string | null> = [];
  const f: Array<string | null> = [];
  M.forEach((row, i) => row.forEach((v, j) => {
    r.push(stages[i]!);
    c.push(paths[j]!);
    f.push(freq(v, i, j));
  }));
  return dataOf({ 分期: r, 病理: c, 例数: f });
}

describe('卡方检验 with a frequency column and an R×C Fisher test, against R', () => {
  it('weights count as rows; Fisher on the 3×4 table is exact (fisher.test)', () => {
    const out = run(weighted(), { row: '分期', col: '病理', weight: '例数', correct: 'auto' });
    expect(out.results.n).toBe(50);
    close(out.results.pearsonChi2, 22.5675534636932);
    expect(out.results.df).toBe(null);
    close(out.results.pearsonP, 9.55037807186167e-4);
    close(out.results.g2, 22.2847513749951);
    close(out.results.g2P, 0.00107507988717647);
    expect(out.results.method).toBe('Fisher 精确检验');
    close(out.results.fisherP, 0.00131625584051841);
    close(out.results.p, 0.00131625584051841);
    expect(out.results.fisherSimulated).toBe(0);
    const res = out.sections.find((s) => s.title === '残差分析')!.blocks[0]!;
    expect(res.type === 'table' && res.rows[1]).toEqual(['', '标准化残差', 3.44, -0.802, -1.675, -1.29]);
  });

  it('the same data in long form give the same answer; missing frequencies are footnoted', () => {
    const r: string[] = [];
    const c: string[] = [];
    M.forEach((row, i) => row.forEach((v, j) => {
      for (let k = 0; k < v; k++) {
        r.push(stages[i]!);
        c.push(paths[j]!);
      }
    }));
    const long = run(dataOf({ 分期: r, 病理: c }), { row: '分期', col: '病理' });
    const wide = run(weighted(), { row: '分期', col: '病理', weight: '例数' });
    expect(long.results).toEqual(wide.results);
    const gap = run(weighted((v, i, j) => (i === 0 && j === 0 ? null : String(v))), { row: '分期', col: '病理', weight: '例数' });
    expect(gap.results.n).toBe(40);
    expect(gap.results.excluded).toBe(1);
    const ct = gap.sections[0]!.blocks[0]!;
    expect(ct.type === 'table' && ct.footnotes.join('')).toContain('有缺失值的 1 行未纳入分析');
  });

  it('refuses negative, fractional and non-numeric frequencies, naming the column', () => {
    expect(() => run(weighted((v, i) => (i === 1 ? '-2' : String(v))), { row: '分期', col: '病理', weight: '例数' })).toThrow(/频数列“例数”.*非负整数/);
    expect(() => run(weighted((v) => String(v + 0.5)), { row: '分期', col: '病理', weight: '例数' })).toThrow(/频数列“例数”.*非负整数/);
    expect(() => run(weighted((v, i) => (i === 2 ? 'x' : String(v))), { row: '分期', col: '病理', weight: '例数' })).toThrow(/频数列“例数”.*不是数值/);
  });

  it('past the exact budget: a seeded Monte Carlo Fisher p, said so, whose interval holds R\'s exact p', () => {
    const big = [[5, 3, 2, 1, 0], [2, 6, 3, 2, 1], [1, 2, 7, 3, 2], [0, 1, 3, 8, 4], [1, 0, 2, 3, 9]];
    const r: string[] = [];
    const c: string[] = [];
    const f: string[] = [];
    big.forEach((row, i) => row.forEach((v, j) => {
      r.push(`R${i + 1}`);
      c.push(`C${j + 1}`);
      f.push(String(v));
    }));
    const out = run(dataOf({ r, c, f }), { row: 'r', col: 'c', weight: 'f' });
    expect(out.results.fisherSimulated).toBe(1);
    expect(out.results.fisherB).toBe(100000);
    const exact = 0.000261887608122471; // fisher.test(big, workspace = 2e7), reference/chisq.R
    expect(out.results.fisherPLower as number).toBeLessThan(exact);
    expect(out.results.fisherPUpper as number).toBeGreaterThan(exact);
    const tests = out.sections.find((s) => s.title === '检验结果')!.blocks[0]!;
    expect(tests.type === 'table' && tests.footnotes.join('')).toContain('随机模拟估计');
  });
});

describe('卡方检验 on a large file: one pass over the rows', () => {
  let seed = 99;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  function big(n: number, rowLv: string[], colLv: string[]) {
    const r: Array<string | null> = [];
    const c: Array<string | null> = [];
    for (let i = 0; i < n; i++) {
      r.push(rnd() < 0.001 ? null : rowLv[Math.floor(rnd() * rowLv.length)]!);
      c.push(colLv[Math.floor(rnd() * colLv.length)]!);
    }
    return { r, c };
  }

  it('counts every pair as counting row by row does, in order of first appearance', () => {
    const { r, c } = big(20_000, ['甲', '乙', '丙'], ['x', 'y', 'z', 'w']);
    const out = run(dataOf({ r, c }), { row: 'r', col: 'c' });
    const ct = out.sections[0]!.blocks[0]!;
    const rows = [...new Set(r.filter((v, i) => v !== null && c[i] !== null))] as string[];
    const cols = [...new Set(c.filter((v, i) => v !== null && r[i] !== null))] as string[];
    expect(ct.type === 'table' && ct.columns).toEqual(['r', ...cols, '合计']);
    const naive = rows.map((a) => cols.map((b) => r.filter((v, i) => v === a && c[i] === b).length));
    expect(ct.type === 'table' && ct.rows.slice(0, rows.length).map((row) => row.slice(1, -1).map((cell) => Number(String(cell).split('（')[0])))).toEqual(naive);
    expect(out.results.excluded).toBe(r.filter((v) => v === null).length);
    // n > 10,000 with every expected count large: χ² only, and the table says why.
    expect(out.results.fisherP).toBe(null);
    const tests = out.sections.find((s) => s.title === '检验结果')!.blocks[0]!;
    expect(tests.type === 'table' && tests.footnotes.join('')).toContain('未计算 Fisher 精确检验');
  });

  // Its time is recorded in `npm run bench` (target: under 1 s); here, that 1,000,000 rows go through at all
  // (the old cross-tabulation and Fisher fallback took minutes or overflowed the stack).
  it('takes 1,000,000 rows through run() (2×2 and 3×4)', () => {
    for (const [rowLv, colLv] of [[['A', 'B'], ['x', 'y']], [['A', 'B', 'C'], ['x', 'y', 'z', 'w']]] as const) {
      const { r, c } = big(1_000_000, [...rowLv], [...colLv]);
      const out = run(dataOf({ r, c }), { row: 'r', col: 'c' });
      expect(out.results.n).toBe(r.filter((v, i) => v !== null && c[i] !== null).length);
    }
  });

  it('a 2×2 table with a rare category keeps Fisher at any size', () => {
    const r: string[] = [];
    const c: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      r.push(i < 40 ? '暴露' : '未暴露');
      c.push(i % 1000 === 0 || (i < 40 && i % 4 === 0) ? '病例' : '对照');
    }
    const out = run(dataOf({ r, c }), { row: 'r', col: 'c' });
    expect(out.results.fisherP).not.toBe(null);
    expect(out.results.method).toBe('Fisher 精确检验');
  });
});
