import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'diagnostic-markers')!.file);
// Reference values: reference/diagnostic.R (pROC 1.18.0: roc, ci.auc delong, coords youden, roc.test paired),
// printed to 15 significant digits; relative tolerance 1e-9 throughout.
const REL = 1e-9;
const close = (a: unknown, b: number, rel = REL) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { outcome: '预后', positive: '不良', markers: ['S100B蛋白', 'NDKA蛋白', 'WFNS分级'], direction: 'auto', compare: true, cutoffs: true, level: 0.95 };

/** The example with some cells replaced. */
function edited(change: (name: string, i: number, v: string | null) => string | null, keep: (i: number) => boolean = () => true): DataTable {
  const idx = Array.from({ length: table.rows }, (_, i) => i).filter(keep);
  const textOf = (name: string) => idx.map((i) => change(name, i, table.text(name)[i]!));
  return {
    rows: idx.length,
    variables: table.variables as VariableInfo[],
    text: textOf,
    numeric: (name) => textOf(name).map((v) => (v === null || v === '' || !Number.isFinite(Number(v)) ? null : Number(v))),
  };
}

function allFinite(results: Record<string, unknown>) {
  for (const [k, v] of Object.entries(results)) if (typeof v === 'number') expect(Number.isFinite(v), k).toBe(true);
}

describe('ROC 曲线 on the example, against pROC', () => {
  const out = run(table, params);
  const r = out.results;

  it('AUC with DeLong SE and CI, z test of AUC = 0.5, per marker', () => {
    expect([r.positive, r.negative, r.nPositive, r.nNegative, r.excluded]).toEqual(['不良', '良好', 41, 72, 0]);
    const want: Record<string, number[]> = {
      S100B蛋白: [0.7313685636856369, 0.0516592920699891, 0.6301182117616226, 0.8326189156096511, 7.50847432493533e-06],
      NDKA蛋白: [0.6119579945799458, 0.0564872600627018, 0.5012449992717026, 0.722670989888189, 0.0474787549469454],
      WFNS分级: [0.8236788617886179, 0.0383394667258639, 0.7485348878194529, 0.898822835757783, 3.10766092766344e-17],
    };
    for (const [m, [auc, se, lo, hi, p]] of Object.entries(want)) {
      expect(r[`direction.${m}`]).toBe('<');
      close(r[`auc.${m}`], auc!);
      close(r[`se.${m}`], se!);
      close(r[`ciLower.${m}`], lo!);
      close(r[`ciUpper.${m}`], hi!);
      close(r[`p.${m}`], p!);
    }
    close(r.auc, want.S100B蛋白![0]!);
    close(r.ciLower, want.S100B蛋白![2]!);
  });

  it('the Youden cut-off with sensitivity, specificity, PPV, NPV and accuracy (coords best)', () => {
    const want: Record<string, number[]> = {
      S100B蛋白: [0.205, 0.634146341463415, 0.805555555555556, 0.65, 0.794520547945205, 0.743362831858407, 0.43970189701897],
      NDKA蛋白: [11.08, 0.707317073170732, 0.513888888888889, 0.453125, 0.755102040816326, 0.584070796460177, 0.221205962059621],
      WFNS分级: [3.5, 0.634146341463415, 0.833333333333333, 0.684210526315789, 0.8, 0.761061946902655, 0.467479674796748],
    };
    for (const [m, [t, se, sp, ppv, npv, acc, j]] of Object.entries(want)) {
      close(r[`cutoff.${m}`], t!);
      close(r[`sensitivity.${m}`], se!);
      close(r[`specificity.${m}`], sp!);
      close(r[`ppv.${m}`], ppv!);
      close(r[`npv.${m}`], npv!);
      close(r[`accuracy.${m}`], acc!);
      close(r[`youden.${m}`], j!);
    }
  });

  it('pairwise paired DeLong tests (roc.test)', () => {
    const want: Record<string, number[]> = {
      'S100B蛋白 vs NDKA蛋白': [1.3907700257355771, 0.1642951752230545, -0.0488706064228094, 0.2876917446341914, 0.119410569105691],
      'S100B蛋白 vs WFNS分级': [-2.2089835914409077, 0.0271757822291882, -0.1742144192494776, -0.0104061769564846, -0.0923102981029811],
      'NDKA蛋白 vs WFNS分级': [-2.79777591868903874, 0.00514557970691098, -0.36004056348335656, -0.06340117093398764, -0.21172086720867211],
    };
    for (const [k, [z, p, lo, hi, diff]] of Object.entries(want)) {
      close(r[`compareZ.${k}`], z!);
      close(r[`compareP.${k}`], p!);
      close(r[`compareLower.${k}`], lo!);
      close(r[`compareUpper.${k}`], hi!);
      close(r[`compareDifference.${k}`], diff!);
    }
  });

  it('lists every cut-off (as many as coords "all") and draws the curves with the diagonal', () => {
    const tables = out.sections.flatMap((s) => s.blocks).filter((b) => b.type === 'table' && b.title.includes('全部截断值'));
    expect(tables.map((b) => (b.type === 'table' ? b.rows.length : 0))).toEqual([51, 110, 6]);
    const first = tables[0]!;
    if (first.type === 'table') expect(first.rows[0]!.slice(0, 3)).toEqual(['−∞', 1, 0]);
    const chart = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart')!;
    expect(chart.type === 'chart' && JSON.stringify(chart.option)).toContain('S100B蛋白（AUC = 0.731');
    expect(chart.type === 'chart' && JSON.stringify(chart.option)).toContain('[[0,0],[1,1]]');
    const conclusion = out.sections.at(-1)!.blocks[0]!;
    expect(conclusion.type === 'text' && conclusion.markdown).toContain('WFNS分级的 AUC 高于NDKA蛋白');
  });

  it('recognises the positive class when none is given, and takes a chosen direction', () => {
    const auto = run(table, { ...params, positive: '', markers: ['NDKA蛋白'], direction: 'lower' });
    expect(auto.results.positive).toBe('不良');
    expect(auto.results.direction).toBe('>');
    // roc(..., direction = ">")
    close(auto.results.auc, 0.388042005420054);
    close(auto.results.ciLower, 0.277329010111811);
    close(auto.results.ciUpper, 0.498755000728297);
    const text = JSON.stringify(auto.sections.at(-1));
    expect(text).toContain('方向与实际相反');
    // ci.auc(conf.level = 0.9)
    const ninety = run(table, { ...params, markers: ['NDKA蛋白'], direction: 'lower', level: 0.9 });
    close(ninety.results.ciLower, 0.295128730829368);
    close(ninety.results.ciUpper, 0.48095528001074);
  });

  it('drops rows with a missing value listwise and says how many', () => {
    const out2 = run(edited((name, i, v) => (name === 'NDKA蛋白' && i % 10 === 0 ? null : v)), params);
    expect(out2.results.excluded).toBe(12);
    expect((out2.results.nPositive as number) + (out2.results.nNegative as number)).toBe(101);
    expect(JSON.stringify(out2.sections[0])).toContain('12 行因结局或任一所选指标缺失未纳入分析');
  });

  it('a marker that separates the classes completely gives AUC 1 and no NaN', () => {
    const out2 = run(table, { ...params, markers: ['GOS评分', 'S100B蛋白'] });
    expect(out2.results['auc.GOS评分']).toBe(1);
    expect(out2.results['se.GOS评分']).toBe(0);
    expect(out2.results['p.GOS评分']).toBeNull();
    allFinite(out2.results);
    expect(JSON.stringify(out2)).not.toContain('NaN');
    expect(JSON.stringify(out2.sections.at(-1))).toContain('完全分开');
  });
});

describe('ROC 曲线 refuses bad input with a message naming the column', () => {
  it('an outcome with more than two classes', () => {
    expect(() => run(table, { ...params, outcome: 'GOS评分', positive: '' })).toThrow('“GOS评分”应为二分类变量');
  });
  it('a positive class that is not in the outcome', () => {
    expect(() => run(table, { ...params, positive: '死亡' })).toThrow('“预后”中没有取值“死亡”');
  });
  it('too few positives', () => {
    const firstPoor = table.text('预后').indexOf('不良');
    const t = edited((_, __, v) => v, (i) => table.text('预后')[i] === '良好' || i === firstPoor);
    expect(() => run(t, params)).toThrow('阳性“不良”1 例');
  });
  it('a constant marker', () => {
    expect(() => run(edited((name, _, v) => (name === 'NDKA蛋白' ? '5' : v)), params)).toThrow('“NDKA蛋白”在分析的 113 行中只有一个取值');
  });
  it('a marker that is not numeric', () => {
    expect(() => run(table, { ...params, markers: ['性别'] })).toThrow('“性别”没有可用的数值');
  });
  it('the outcome chosen as a marker', () => {
    expect(() => run(table, { ...params, markers: ['预后'] })).toThrow('不能同时作为检测指标');
  });
});
