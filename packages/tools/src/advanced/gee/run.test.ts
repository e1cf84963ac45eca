// GEE tool on its example (reference/gee-visits-data.R) against geepack::geeglm: the fits are in
// packages/stats/fixtures/gee.json (make-gee.R reads the same CSV). Tolerance 1e-6 relative
// (geeglm run to epsilon 1e-12, ours to 1e-10 on every parameter).
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError, type DataTable } from '../../tool.js';
import { exampleSetup, readStatsFixture } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

interface Fit {
  names: string[];
  coef: number[];
  robustSe: number[];
  naiveSe: number[];
  p: number[];
  scale: number;
  alpha: number;
  nClusters: number;
  qic: [number, number, number, number];
  n?: number;
}
const fx = readStatsFixture('gee.json').example as Record<string, Fit> & { n: number };
const { table, defaults, example } = exampleSetup(definition);
const TOL = 1e-6;
const close = (got: unknown, want: number, label: string, rel = TOL) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want) + 1e-12);
};

/** Compares the tool's results with one geeglm fit; `map` names our label of each R coefficient. */
function check(results: Record<string, unknown>, r: Fit, map: Record<string, string>) {
  r.names.forEach((name, j) => {
    const key = map[name];
    expect(key, `no label for ${name}`).toBeDefined();
    close(results[`beta.${key}`], r.coef[j]!, `beta ${name}`);
    close(results[`se.${key}`], r.robustSe[j]!, `robust se ${name}`);
    close(results[`naiveSe.${key}`], r.naiveSe[j]!, `naive se ${name}`);
    close(results[`p.${key}`], r.p[j]!, `p ${name}`, 1e-5);
  });
  close(results.scale, r.scale, 'scale');
  close(results.alpha, r.alpha, 'alpha');
  close(results.clusters, r.nClusters, 'clusters');
  close(results.qic, r.qic[0], 'QIC');
  close(results.qicu, r.qic[1], 'QICu');
  close(results.cic, r.qic[3], 'CIC');
}

function tableOf(cols: Record<string, Array<string | number | null>>): DataTable {
  const names = Object.keys(cols);
  const rows = cols[names[0]!]!.length;
  const variables: VariableInfo[] = names.map((name) => {
    const present = cols[name]!.filter((v) => v !== null);
    return { name, type: present.every((v) => typeof v === 'number') ? 'numeric' : 'categorical', valid: present.length, missing: rows - present.length, distinct: new Set(present).size, min: null, max: null, mean: null, levels: [] };
  });
  return { rows, variables, numeric: (n) => cols[n]!.map((v) => (v === null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null)), text: (n) => cols[n]!.map((v) => (v === null ? null : String(v))) };
}

const MAIN = { '(Intercept)': '截距', 访视周: '访视周', 治疗组试验组: '治疗组：试验组 vs 对照组', 年龄: '年龄', 性别女: '性别：女 vs 男' };

describe('广义估计方程 GEE', () => {
  it('example defaults (Gaussian, exchangeable, group × time) match geeglm', () => {
    const out = run(table, example);
    check(out.results, fx.interaction!, { ...MAIN, '访视周:治疗组试验组': '治疗组：试验组 × 访视周' });
    expect(out.results.n).toBe(fx.n);
    expect(out.results.excluded).toBe(table.rows - fx.n);
    expect(out.results.interaction).toBe(1);
    const titles = out.sections.flatMap((s) => s.blocks.map((b) => ('title' in b ? b.title : '')));
    expect(titles.filter((t) => /^(表|图)\d/.test(t))).toEqual(expect.arrayContaining(['表1 分析数据概况', '表4 各变量的整体 Wald 检验', '表5 工作相关结构、尺度参数与 QIC']));
    expect(out.sections.some((s) => s.blocks.some((b) => b.type === 'chart'))).toBe(true);
    expect(JSON.stringify(out.sections.at(-1))).toContain('人群平均');
  });

  it('main effects: exchangeable and AR(1) match geeglm', () => {
    check(run(table, { ...example, interaction: 'no' }).results, fx.gaussian!, MAIN);
    check(run(table, { ...example, interaction: 'no', corstr: 'ar1' }).results, fx.ar1!, MAIN);
  });

  it('binary outcome (logit): ORs from geeglm coefficients', () => {
    const out = run(table, { ...example, outcomeType: 'binary', y: '是否缓解', group: '治疗组', interaction: 'no', x: ['年龄'], factors: [] });
    check(out.results, fx.binomial!, MAIN);
    expect(out.results.n).toBe(fx.binomial!.n);
    close(out.results['or.治疗组：试验组 vs 对照组'], Math.exp(fx.binomial!.coef[2]!), 'OR');
  });

  it('count outcome (log), AR(1), time as visits with the interaction', () => {
    const out = run(table, { ...example, outcomeType: 'count', y: '发作次数', timeModel: 'factor', corstr: 'ar1', x: [], factors: [] });
    const map: Record<string, string> = { '(Intercept)': '截距', 治疗组试验组: '治疗组：试验组 vs 对照组' };
    for (const w of ['4', '8', '12']) {
      map[`wk${w}`] = `访视周：${w} vs 0`;
      map[`wk${w}:治疗组试验组`] = `治疗组：试验组 × 访视周（${w} vs 0）`;
    }
    check(out.results, fx.poisson!, map);
    expect(out.results['termDf.访视周']).toBe(3);
    expect(out.results['termDf.治疗组 × 访视周']).toBe(3);
  });

  it('writes an R script with geeglm', () => {
    const s = rScript('gee', example, { filename: 'gee-visits.csv', encoding: 'utf8', delimiter: ',' })!;
    expect(s).toContain('geeglm(');
    expect(s).toContain('corstr = "exchangeable"');
  });

  it('refuses bad input in Chinese, naming the column', () => {
    expect(() => run(table, { ...example, id: '' })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, x: ['访视周'] })).toThrow(/访视周/);
    const t1 = tableOf({ id: ['a', 'a', 'b', 'b', 'c', 'c'], t: [1, 1, 1, 2, 1, 2], y: [1, 2, 3, 4, 5, 6], g: ['x', 'y', 'x', 'y', 'x', 'y'] });
    expect(() => run(t1, { ...defaults, y: 'y', id: 'id', time: 't', group: 'g' })).toThrow(/不止一行/);
    const t2 = tableOf({ id: ['a', 'b', 'c', 'd', 'e', 'f'], t: [1, 2, 1, 2, 1, 2], y: [1, 2, 3, 4, 5, 7] });
    expect(() => run(t2, { ...defaults, y: 'y', id: 'id', time: 't' })).toThrow(/只出现一次/);
    const t3 = tableOf({ id: ['a', 'a', 'b', 'b', 'c', 'c', 'd', 'd'], t: [1, 2, 1, 2, 1, 2, 1, 2], y: [3, 3, 3, 3, 3, 3, 3, 3] });
    expect(() => run(t3, { ...defaults, y: 'y', id: 'id', time: 't' })).toThrow(/恒定/);
    const t4 = tableOf({ id: ['a', 'a', 'b', 'b', 'c', 'c', 'd', 'd'], t: [1, 2, 1, 2, 1, 2, 1, 2], y: [1, 2, 0.5, 3, 1, 0, 2, 1] });
    expect(() => run(t4, { ...defaults, outcomeType: 'count', y: 'y', id: 'id', time: 't' })).toThrow(/非负整数/);
    expect(() => run(t4, { ...defaults, y: 'y', id: 'id', time: 't', x: [], factors: [], timeModel: 'linear' })).not.toThrow();
    // Complete separation: every row of group A has the outcome.
    const sep: Record<string, Array<string | number | null>> = { id: [], t: [], y: [], g: [] };
    for (let i = 0; i < 30; i++)
      for (let t = 1; t <= 3; t++) {
        sep.id!.push(`p${i}`);
        sep.t!.push(t);
        sep.g!.push(i % 2 ? 'A' : 'B');
        sep.y!.push(i % 2 || (t === 3 && i % 4 === 0) ? '是' : '否');
      }
    expect(() => run(tableOf(sep), { ...defaults, outcomeType: 'binary', y: 'y', id: 'id', time: 't', group: 'g', interaction: 'no', x: [], factors: [] })).toThrow(/完全分离/);
  });
});
