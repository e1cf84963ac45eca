// Validation tool on the example against R: reference/nomogram-validation.R prints the numbers
// checked here. Apparent indexes and Hosmer–Lemeshow are deterministic (checked at 1e-6: the fitted
// risks agree with rms's lrm to ~1e-9). Bootstrap results use our seeded generator, R its own: the
// optimism is compared with R's B = 1000 run within 4 Monte Carlo SDs of the difference of the two
// means (ours B = 200: SD = SE₂₀₀·√(1 + 200/1000), SE₂₀₀ from our replicates).
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'prediction-model')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams, reference: '性别=女; 糖尿病=否; 肿瘤分期=I期,II期,III期' };
const close = (got: unknown, want: number, label: string, rel = 1e-6) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};

describe('校准曲线 / 内部验证', () => {
  const r = run(table, example);
  const res = r.results;

  it('apparent performance and Hosmer–Lemeshow match R', () => {
    expect(res.n).toBe(296);
    close(res.cApparent, 0.775080906148867, 'C');
    close(res.dxyApparent, 0.550161812297735, 'Dxy');
    close(res.r2Apparent, 0.290697968572409, 'R2');
    close(res.brierApparent, 0.162672404012935, 'Brier');
    expect(res.interceptApparent).toBe(0);
    expect(res.slopeApparent).toBe(1);
    close(res.hlStatistic, 7.23317626634671, 'HL');
    close(res.hlP, 0.511696546785286, 'HL P');
    expect(res.hlDf).toBe(8);
  });

  it('bootstrap optimism agrees with rms::validate (B = 1000) within Monte Carlo error', () => {
    const R: Record<string, number> = { dxy: 0.0528324376317709, r2: 0.0539812518979029, intercept: 0.0769264097814637, slope: 0.1237864609069995, brier: -0.011475457207189 };
    for (const [k, want] of Object.entries(R)) {
      const se = res[`${k}OptimismSe`] as number;
      const tol = 4 * se * Math.sqrt(1 + 200 / 1000);
      expect(Math.abs((res[`${k}Optimism`] as number) - want), `${k}: ${String(res[`${k}Optimism`])} vs R ${want} (tol ${tol})`).toBeLessThan(tol);
    }
    // rms print(calibrate): mean absolute error 0.0290 (B = 1000); ours within 0.005.
    expect(Math.abs((res.calibrationMae as number) - 0.0289730607658034)).toBeLessThan(0.005);
  });

  it('the same seed repeats exactly; another seed differs', () => {
    const again = run(table, example);
    expect(again.results).toEqual(res);
    const other = run(table, { ...example, seed: 7 });
    expect(other.results.cOptimism).not.toBe(res.cOptimism);
    expect(other.results.cApparent).toBe(res.cApparent);
  });

  it('reports the calibration plot, the index table and the HL table', () => {
    const blocks = r.sections.flatMap((s) => s.blocks);
    expect(blocks.some((b) => b.type === 'chart' && b.title.startsWith('图1 校准曲线'))).toBe(true);
    const t3 = blocks.find((b) => b.type === 'table' && b.title.startsWith('表3'));
    expect(t3 && t3.type === 'table' && t3.rows.length).toBe(6);
    expect(blocks.some((b) => b.type === 'table' && b.title.startsWith('表5 Hosmer'))).toBe(true);
  });

  it('leaves out Hosmer–Lemeshow when the model predicts too few distinct risks', () => {
    const one = run(table, { ...example, x: [], factors: ['性别'], reference: '', B: 20 });
    expect(one.results.hlP).toBeNull();
    expect(one.sections.flatMap((s) => s.blocks).some((b) => b.type === 'table' && b.title.startsWith('表5'))).toBe(false);
    expect(JSON.stringify(one.sections.at(-1))).toContain('未做 Hosmer–Lemeshow 检验');
  });

  it('Cox model: apparent C, the KM calibration groups at 24 months and the bootstrap optimism agree with rms', () => {
    const cox = run(table, { ...example, outcomeType: 'survival', time: '随访时间(月)', status: '生存结局', x: ['年龄', '白蛋白(g/L)', 'NLR'], factors: ['肿瘤分期'], reference: '肿瘤分期=I期,II期,III期', u: 24, groups: 5 });
    const cr = cox.results;
    expect(cr.model).toBe('cox');
    expect(cr.n).toBe(297);
    close(cr.cApparent, 0.735502958579882, 'C', 1e-8);
    close(cr.dxyApparent, 0.471005917159763, 'Dxy', 1e-8);
    close(cr.r2Apparent, 0.256820320529458, 'R2', 1e-8);
    const groups = cox.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith('表4'));
    if (groups?.type !== 'table') throw new Error('no group table');
    const km = [0.349375518763905, 0.739605200617284, 0.850409016007533, 0.857242897158863, 0.923975167520694];
    const pred = [0.363612923696622, 0.697371762778454, 0.815848856253404, 0.879379927861573, 0.934456320831541];
    groups.rows.forEach((row, k) => {
      expect(row[4], `KM ${k}`).toBe(Number(km[k]!.toFixed(3)));
      expect(row[3], `predicted ${k}`).toBe(Number(pred[k]!.toFixed(3)));
    });
    // rms::validate(cph, B = 1000) optimism; ours B = 200 (see the header).
    const R: Record<string, number> = { dxy: 0.0184867273846701, r2: 0.0213985493261126, slope: 0.0496539005577432 };
    for (const [k, want] of Object.entries(R)) {
      const tol = 4 * (cr[`${k}OptimismSe`] as number) * Math.sqrt(1.2);
      expect(Math.abs((cr[`${k}Optimism`] as number) - want), `${k}`).toBeLessThan(tol);
    }
    expect(() => run(table, { ...example, outcomeType: 'survival', time: '随访时间(月)', status: '生存结局', x: ['年龄'], factors: [], reference: '', u: 72 })).toThrow(/超过最长随访时间/);
  }, 120_000);

  it('refuses too few rows and a constant outcome', () => {
    const head: DataTable = { ...table, rows: 15, numeric: (n) => table.numeric(n).slice(0, 15), text: (n) => table.text(n).slice(0, 15) };
    expect(() => run(head, { ...example, x: ['年龄'], factors: [] })).toThrow(ToolInputError);
    const allYes: DataTable = { ...table, text: (n) => (n === '术后并发症' ? table.text(n).map(() => '是') : table.text(n)) };
    expect(() => run(allYes, example)).toThrow(/只有一个取值/);
  });
});
