// The categorical explainers on second datasets: a sparse table (Fisher), the flow's Yates branch, a
// McNemar table with few discordant pairs (exact test), a flat trend and an unstratified-looking CMH.
// Each explanation must follow the report's branch and every answer must use the report's numbers only.
import { describe, expect, it } from 'vitest';
import { columnsTable, countsTable } from '../../small_process/test-data.js';
import type { DataTable } from '../../tool.js';
import { explain } from '../interpret.js';
import { checked, reportOnDefaults } from '../test-helpers.js';

/** Two categorical columns from paired outcomes: [x1, x2, count]. */
function pairsTable(cells: Array<[string, string, number]>): DataTable {
  const x1: string[] = [];
  const x2: string[] = [];
  for (const [a, b, k] of cells) for (let i = 0; i < k; i++) (x1.push(a), x2.push(b));
  return columnsTable({ x1, x2 });
}

describe('categorical explainers', () => {
  it('卡方检验: a sparse 2×2 table is read with Fisher’s exact test and the caveat says why', () => {
    const report = reportOnDefaults('chisq', countsTable([[3, 1], [1, 4]]), { row: 'r', col: 'c' });
    expect(report.results.method).toBe('Fisher 精确检验');
    const e = explain(report);
    expect(e.method).toContain('Fisher 精确检验');
    expect(e.method).toContain('1/5');
    expect(e.caveats.join('')).toContain('理论频数小于 5');
    expect(e.conclusion).toContain('未发现');
    expect(e.paper).toContain('关联无统计学意义');
    checked(report);
  });

  it('卡方检验: an R×C table without correction names Cramér’s V and the pairwise next step', () => {
    const report = reportOnDefaults('chisq', countsTable([[20, 10, 5], [8, 15, 20]]), { row: 'r', col: 'c' });
    const e = explain(report);
    expect(e.method).toContain('2×3');
    expect(e.effect).toContain("Cramér's V");
    expect(e.next.join('')).toContain('Bonferroni');
    checked(report);
  });

  it('两分类变量关联 flow: n ≥ 40 with an expected count below 5 explains the Yates branch', () => {
    const report = reportOnDefaults('flow-categorical', countsTable([[30, 2], [10, 6]]), { row: 'r', col: 'c' });
    expect(report.results.chosenTest).toBe('yates-chisq');
    const e = explain(report);
    expect(e.method).toContain('引导流程');
    expect(e.method).toContain('n ≥ 40 且有 1 ≤ T < 5');
    expect(e.method).toContain('连续性校正');
    checked(report);
  });

  it('两分类变量关联 flow: a small 2×2 table goes to Fisher because n < 40', () => {
    const report = reportOnDefaults('flow-categorical', countsTable([[8, 3], [2, 9]]), { row: 'r', col: 'c' });
    expect(report.results.chosenTest).toBe('fisher');
    const e = explain(report);
    expect(e.method).toContain('n < 40');
    expect(e.method).toContain('Fisher 精确检验');
    checked(report);
  });

  it('McNemar: few discordant pairs → the exact test, and a non-significant reading', () => {
    const data = pairsTable([
      ['阳性', '阳性', 20],
      ['阳性', '阴性', 5],
      ['阴性', '阳性', 3],
      ['阴性', '阴性', 22],
    ]);
    const report = reportOnDefaults('mcnemar', data, { x1: 'x1', x2: 'x2' });
    expect(report.results.method).toBe('McNemar 精确检验');
    const e = explain(report);
    expect(e.method).toContain('b + c < 25');
    expect(e.conclusion).toContain('尚不能认为');
    expect(e.nonsignificant).toContain('Kappa');
    checked(report);
  });

  it('McNemar: three categories → Bowker’s test of symmetry', () => {
    const data = pairsTable([
      ['轻', '轻', 15],
      ['轻', '中', 8],
      ['中', '轻', 2],
      ['中', '中', 12],
      ['中', '重', 9],
      ['重', '中', 1],
      ['重', '重', 10],
    ]);
    const report = reportOnDefaults('mcnemar', data, { x1: 'x1', x2: 'x2' });
    const e = explain(report);
    expect(e.method).toContain('Bowker');
    expect(e.caveats.join('')).toContain('Stuart–Maxwell');
    checked(report);
  });

  it('趋势卡方检验: flat rates give no trend and the explanation says so', () => {
    const g: string[] = [];
    const y: string[] = [];
    const rates = [10, 11, 9, 10];
    ['A', 'B', 'C', 'D'].forEach((name, i) => {
      for (let k = 0; k < 30; k++) (g.push(name), y.push(k < rates[i]! ? '是' : '否'));
    });
    const report = reportOnDefaults('trend-chisq', columnsTable({ g, y }), { group: 'g', outcome: 'y', positive: '是' });
    const e = explain(report);
    expect(e.conclusion).toContain('未发现');
    expect(e.caveats.join('')).toContain('等距');
    checked(report);
  });

  it('CMH: strata with opposite ORs flag heterogeneity', () => {
    const e: string[] = [];
    const o: string[] = [];
    const s: string[] = [];
    const add = (stratum: string, cells: [number, number, number, number]) => {
      const [a, b, c, d] = cells;
      const push = (ex: string, out: string, k: number) => {
        for (let i = 0; i < k; i++) (e.push(ex), o.push(out), s.push(stratum));
      };
      push('吸烟', '病例', a);
      push('吸烟', '对照', b);
      push('不吸烟', '病例', c);
      push('不吸烟', '对照', d);
    };
    add('男', [40, 10, 10, 40]);
    add('女', [10, 40, 40, 10]);
    const report = reportOnDefaults('cmh', columnsTable({ e, o, s }), { exposure: 'e', outcome: 'o', stratum: 's', exposureLevel: '吸烟', outcomeLevel: '病例' });
    const ex = explain(report);
    expect(ex.caveats.join('')).toContain('效应修饰');
    checked(report);
  });
});
