// RCS tool on its example (reference/rcs-dose-data.R) against R: reference/rcs.R prints every number
// checked here (rms lrm/cph/ols with rcs(), anova(), LR tests of nested glm/coxph/lm fits,
// Predict(ref.zero = TRUE)). Tolerance 1e-7 relative for the iterative logistic and Cox fits (R run
// to eps 1e-12), 1e-9 for least squares.
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'rcs-dose')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams };
const close = (got: unknown, want: number, label: string, rel: number) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};
const ITER = 1e-7;

function tableOf(cols: Record<string, Array<string | number | null>>): DataTable {
  const names = Object.keys(cols);
  const rows = cols[names[0]!]!.length;
  const variables: VariableInfo[] = names.map((name) => {
    const present = cols[name]!.filter((v) => v !== null);
    return { name, type: present.every((v) => typeof v === 'number') ? 'numeric' : 'categorical', valid: present.length, missing: rows - present.length, distinct: new Set(present).size, min: null, max: null, mean: null, levels: [] };
  });
  return {
    rows,
    variables,
    numeric: (n) => cols[n]!.map((v) => (v === null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null)),
    text: (n) => cols[n]!.map((v) => (v === null ? null : String(v))),
  };
}

describe('限制性立方样条 RCS', () => {
  it('logistic example (defaults): knots, Wald and LR tests, ORs against the median as rms', () => {
    const out = run(table, example);
    const r = out.results;
    expect(r.n).toBe(497);
    expect(r.events).toBe(147);
    expect(r.excluded).toBe(3);
    expect(r.knots).toBe('105, 130, 146, 170.2');
    expect(r.reference).toBe(137);
    close(r.chiOverall, 47.8870899007, 'Wald overall', ITER);
    close(r.pOverall, 2.25061191905e-10, 'P overall', 1e-6);
    close(r.chiNonlinear, 27.1103243982, 'Wald nonlinear', ITER);
    close(r.pNonlinear, 1.29738196242e-6, 'P nonlinear', 1e-6);
    close(r.lrOverall, 57.2807229383, 'LR overall', ITER);
    close(r.lrNonlinear, 27.9185892313, 'LR nonlinear', ITER);
    const want: Array<[string, number, number, number]> = [
      ['105', 1.72483167257, 0.942264766407, 3.15733369726],
      ['130', 0.83170267589, 0.674636682837, 1.02533609375],
      ['146', 1.58853173123, 1.207985788661, 2.08895922849],
      ['170.2', 8.75711106429, 4.522460649735, 16.95691795502],
    ];
    for (const [x, or, lo, hi] of want) {
      close(r[`effect.${x}`], or, `OR at ${x}`, ITER);
      close(r[`effectLower.${x}`], lo, `lower at ${x}`, ITER);
      close(r[`effectUpper.${x}`], hi, `upper at ${x}`, ITER);
    }
    expect(r.shape).toBe('nonlinear');
    const conclusion = out.sections.find((s) => s.title === '结论')!.blocks[0]!;
    expect(conclusion.type === 'text' && conclusion.markdown).toContain('呈非线性关系');
    const chart = out.sections.find((s) => s.title === '剂量–反应曲线')!.blocks[0]!;
    expect(chart.type).toBe('chart');
  });

  it('Cox model with a given reference value', () => {
    const out = run(table, { ...example, outcomeType: 'cox', time: '随访时间(月)', status: '卒中', factors: ['性别'], refValue: '120', at: '105, 137, 164' });
    const r = out.results;
    expect(r.events).toBe(147);
    close(r.chiOverall, 78.5845720838, 'Wald overall', ITER);
    close(r.chiNonlinear, 33.9020333114, 'Wald nonlinear', ITER);
    close(r.pNonlinear, 4.34777442937e-8, 'P nonlinear', 1e-6);
    close(r.lrOverall, 67.3196740411, 'LR overall', ITER);
    close(r.lrNonlinear, 27.6230830738, 'LR nonlinear', ITER);
    const want: Array<[string, number, number, number]> = [
      ['105', 1.66252082998, 1.13806571945, 2.42866072045],
      ['137', 1.14742593495, 0.906018967216, 1.45315531333],
      ['164', 4.36194580083, 2.762634710812, 6.88711073343],
    ];
    for (const [x, hr, lo, hi] of want) {
      close(r[`effect.${x}`], hr, `HR at ${x}`, ITER);
      close(r[`effectLower.${x}`], lo, `lower at ${x}`, ITER);
      close(r[`effectUpper.${x}`], hi, `upper at ${x}`, ITER);
    }
    expect(r['effect.120']).toBe(1);
  });

  it('linear model with given knots and no covariates (F tests as anova.ols)', () => {
    const out = run(table, { ...example, outcomeType: 'linear', y: '颈动脉IMT(mm)', x: [], factors: [], customKnots: '110, 135, 160', at: '100, 120, 160' });
    const r = out.results;
    expect(r.n).toBe(496);
    expect(r.knotCount).toBe(3);
    close(r.fOverall, 17.79842374251, 'F overall', 1e-9);
    close(r.pOverall, 3.44000772312e-8, 'P overall', 1e-8);
    close(r.fNonlinear, 4.99177680246, 'F nonlinear', 1e-9);
    close(r.pNonlinear, 2.5915557074e-2, 'P nonlinear', 1e-8);
    close(r.lrOverall, 34.57956465042, 'LR overall', 1e-9);
    close(r.lrNonlinear, 4.99689763878, 'LR nonlinear', 1e-9);
    const want: Array<[string, number, number, number]> = [
      ['100', -0.0169342294125, -0.0505616947927, 0.01669323596765],
      ['120', -0.0136748538977, -0.0253473114615, -0.00200239633387],
      ['160', 0.0448367880099, 0.0278599044943, 0.06181367152556],
    ];
    for (const [x, md, lo, hi] of want) {
      close(r[`effect.${x}`], md, `MD at ${x}`, 1e-8);
      close(r[`effectLower.${x}`], lo, `lower at ${x}`, 1e-8);
      close(r[`effectUpper.${x}`], hi, `upper at ${x}`, 1e-8);
    }
  });

  it('gives the same report on every run', () => {
    expect(JSON.stringify(run(table, example))).toBe(JSON.stringify(run(table, example)));
  });

  it('writes an R script naming the chosen columns and model', () => {
    const s = rScript('rcs', { ...example, outcomeType: 'cox', time: '随访时间(月)', status: '卒中' }, 'd.csv')!;
    expect(s).toContain('cph(Surv(time, status) ~ rcs(E, kn)');
    expect(s).toContain('anova(f)');
    expect(s).toContain('"随访时间(月)"');
  });

  it('refuses bad inputs with Chinese messages naming the column', () => {
    const bad = (p: Params, msg: RegExp, data: DataTable = table) => {
      expect(() => run(data, { ...example, ...p })).toThrow(ToolInputError);
      expect(() => run(data, { ...example, ...p })).toThrow(msg);
    };
    bad({ exposure: '' }, /暴露变量/);
    bad({ x: ['收缩压(mmHg)', '年龄'] }, /不能同时作为调整的协变量/);
    bad({ customKnots: '100, 130' }, /3–7/);
    bad({ customKnots: '50, 130, 160' }, /不在暴露变量“收缩压\(mmHg\)”的取值范围/);
    bad({ refValue: 'abc' }, /不是数值/);
    bad({ refValue: '300' }, /取值范围/);
    bad({ y: '编号' }, /二分类/);
    bad({ y: '年龄' }, /已作为结局变量/);
    const few = tableOf({ e: [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4], y: ['是', '否', '是', '否', '是', '否', '否', '是', '否', '是', '否', '否'] });
    bad({ exposure: 'e', y: 'y', x: [], factors: [] }, /只有 4 个不同取值/, few);
    // 12 rows, 4 events: too few for a 4-knot spline and three covariates.
    const n = 12;
    const small = tableOf({
      e: Array.from({ length: n }, (_, i) => 100 + i * 3),
      y: Array.from({ length: n }, (_, i) => (i % 3 === 0 ? '是' : '否')),
      a: Array.from({ length: n }, (_, i) => 50 + ((i * 7) % 11)),
    });
    bad({ exposure: 'e', y: 'y', x: ['a'], factors: [] }, /不多于模型参数个数/, small);
  });
});
