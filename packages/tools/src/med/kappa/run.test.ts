import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'agreement')!.file);
// Reference values: reference/agreement.R on the example (Cohen's kappa and its SE agree with
// psych::cohen.kappa and vcd::Kappa to all printed digits; the null-hypothesis SE, Fleiss' kappa and
// its per-category kappas are the published formulas written out in R, irr not being in Debian).
// Printed to 15 significant digits; relative tolerance 1e-9.
const REL = 1e-9;
const close = (a: unknown, b: number, rel = REL) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(rel * Math.abs(b));
const two = { raters: ['医师A分级', '医师B分级'], weights: 'none', order: '', level: 0.95 };
const three = { ...two, raters: ['医师A分级', '医师B分级', '医师C分级'] };

function textTable(columns: Record<string, Array<string | null>>): DataTable {
  const names = Object.keys(columns);
  const rows = columns[names[0]!]!.length;
  const variables = names.map((name) => ({ name, type: 'categorical', valid: rows, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] })) as unknown as VariableInfo[];
  return { rows, variables, text: (n) => columns[n]!, numeric: (n) => columns[n]!.map((v) => (v !== null && Number.isFinite(Number(v)) ? Number(v) : null)) };
}
function noNaN(out: ReturnType<typeof run>) {
  expect(JSON.stringify(out)).not.toMatch(/NaN|Infinity/);
}

describe("Kappa 一致性: Cohen's kappa of two raters against R", () => {
  it('unweighted: the table, kappa, SE, CI, z test and agreement', () => {
    const out = run(table, two);
    noNaN(out);
    const r = out.results;
    expect([r.method, r.n, r.excluded]).toEqual(['cohen', 100, 0]);
    close(r.kappa, 0.4784701791922974);
    close(r.se, 0.0643772298268242);
    close(r.ciLower, 0.3522931273072643);
    close(r.ciUpper, 0.6046472310773305);
    close(r.statistic, 8.79609880552209);
    close(r.p, 1.41654871746852e-18);
    close(r.observedAgreement, 0.61);
    close(r.expectedAgreement, 0.2522);
    const cross = out.sections[1]!.blocks[0]!;
    expect(cross.type === 'table' && cross.rows.slice(0, 5).map((row) => row.slice(1, 6))).toEqual([
      [10, 1, 0, 0, 0],
      [2, 8, 11, 0, 0],
      [0, 5, 22, 2, 1],
      [0, 2, 9, 19, 5],
      [0, 0, 0, 1, 2],
    ]);
  });

  it('linear and quadratic weights (vcd::Kappa Equal-Spacing / Fleiss-Cohen)', () => {
    const lin = run(table, { ...two, weights: 'linear' }).results;
    close(lin.kappa, 0.6445497630331755);
    close(lin.se, 0.0520173225886732);
    close(lin.ciLower, 0.5425976841871741);
    close(lin.ciUpper, 0.7465018418791768);
    close(lin.statistic, 10.0084239242191);
    close(lin.p, 1.39964474445049e-23);
    close(lin.observedAgreement, 0.895);
    close(lin.expectedAgreement, 0.7046);
    close(lin.unweightedKappa, 0.4784701791922974);
    const quad = run(table, { ...two, weights: 'quadratic' }).results;
    close(quad.kappa, 0.7912317327766178);
    close(quad.se, 0.0412710031981122);
    close(quad.ciLower, 0.710342052902481);
    close(quad.ciUpper, 0.872121412650755);
    close(quad.statistic, 7.91501286035143);
    close(quad.p, 2.4722753642183e-15);
    close(quad.observedAgreement, 0.97);
    close(quad.expectedAgreement, 0.8563);
  });

  it('a 90% interval', () => {
    const r = run(table, { ...two, level: 0.9 }).results;
    close(r.ciLower, 0.3725790592185572);
    close(r.ciUpper, 0.5843612991660376);
  });

  it('the category order: reversing the scale leaves weighted kappa unchanged; text categories follow the given order', () => {
    close(run(table, { ...two, weights: 'linear', order: '4, 3, 2, 1, 0' }).results.kappa, 0.6445497630331755);
    const label = ['无', '可疑', '轻度', '中度', '重度'];
    const a = table.text('医师A分级').map((v) => label[Number(v)]!);
    const b = table.text('医师B分级').map((v) => label[Number(v)]!);
    const t = textTable({ 甲: a, 乙: b });
    const ordered = run(t, { ...two, raters: ['甲', '乙'], weights: 'quadratic', order: '无，可疑，轻度，中度，重度' });
    close(ordered.results.kappa, 0.7912317327766178);
    const unordered = run(t, { ...two, raters: ['甲', '乙'], weights: 'quadratic' });
    expect(JSON.stringify(unordered.sections)).toContain('按数据中首次出现的顺序确定等级间距');
  });
});

describe("Kappa 一致性: Fleiss' kappa of three raters against the formulas in R", () => {
  it('overall and per-category kappas, pairwise Cohen (psych::cohen.kappa)', () => {
    const out = run(table, three);
    noNaN(out);
    const r = out.results;
    expect([r.method, r.raters, r.n, r.excluded]).toEqual(['fleiss', 3, 99, 1]);
    close(r.kappa, 0.454495362292221);
    close(r.se, 0.0324767578486751);
    close(r.statistic, 13.9944807425031);
    close(r.p, 1.68455531838195e-44);
    close(r.observedAgreement, 0.595959595959596);
    close(r.expectedAgreement, 0.2593272795293);
    const kj = [0.666292134831461, 0.278542510121457, 0.440178571428571, 0.502646931719965, 0.434465249127261];
    const pj = [1.61222195379868e-30, 1.58416496545536e-6, 3.30186665519173e-14, 4.61689540086789e-18, 7.02307414824274e-14];
    kj.forEach((k, j) => close(r[`categoryKappa.${j}`], k));
    pj.forEach((p, j) => close(r[`categoryP.${j}`], p));
    close(r['pairKappa.医师A分级|医师B分级'], 0.47218045112782);
    close(r['pairKappa.医师A分级|医师C分级'], 0.469497114591921);
    close(r['pairKappa.医师B分级|医师C分级'], 0.430878729811114);
    close(r.lightKappa, 0.457518765176952);
    expect(JSON.stringify(out.sections[0])).toContain('未纳入分析');
  });

  it('pairwise quadratic-weighted kappas (psych::cohen.kappa upper triangle)', () => {
    const r = run(table, { ...three, weights: 'quadratic' }).results;
    close(r.kappa, 0.454495362292221);
    close(r['pairKappa.医师A分级|医师B分级'], 0.789455028799291);
    close(r['pairKappa.医师A分级|医师C分级'], 0.82093023255814);
    close(r['pairKappa.医师B分级|医师C分级'], 0.800453514739229);
  });
});

describe('Kappa 一致性: bad input is refused in Chinese, naming the column', () => {
  const refuses = (t: DataTable, p: Record<string, unknown>, pattern: RegExp) => {
    expect(() => run(t, p as never)).toThrow(ToolInputError);
    expect(() => run(t, p as never)).toThrow(pattern);
  };
  it('one rater, a missing column, a repeated column', () => {
    refuses(table, { ...two, raters: ['医师A分级'] }, /至少选择两列/);
    refuses(table, { ...two, raters: ['医师A分级', '不存在'] }, /不存在/);
    refuses(table, { ...two, raters: ['医师A分级', '医师A分级'] }, /两次/);
  });
  it('a continuous measurement chosen as a rating', () => {
    refuses(table, { ...two, raters: ['医师A分级', '医师A测量'] }, /医师A测量.*ICC/);
  });
  it('every rating in one category', () => {
    refuses(textTable({ 甲: ['阳性', '阳性', '阳性'], 乙: ['阳性', '阳性', '阳性'] }), { ...two, raters: ['甲', '乙'] }, /甲、乙.*只有一个类别/);
  });
  it('fewer than two complete subjects', () => {
    refuses(textTable({ 甲: ['阳性', null, '阴性'], 乙: [null, '阴性', null] }), { ...two, raters: ['甲', '乙'] }, /甲、乙.*只有 0 个/);
  });
});
