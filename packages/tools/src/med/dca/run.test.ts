// DCA tool on its example (dca-demo) against R: r-fixture.R writes net benefit from the formulas
// (dcurves is not in Debian), PHI评分 converted by glm / coxph (Breslow), the fitted models, and the
// ranges where each model beats both defaults. Net benefit of probability columns is exact
// arithmetic on the same rows: 1e-12 relative. Converted and fitted risks come from iterative fits
// (IRLS / Newton–Raphson, ~1e-7 from R's fits to epsilon 1e-14): 1e-6.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'dca-demo')!.file);
const R = JSON.parse(readFileSync(new URL('./r-fixture.json', import.meta.url), 'utf8'));
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const close = (got: unknown, want: number, rel: number, label: string) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(Math.max(rel * Math.abs(want), 1e-15));
};
const key = (t: number) => String(Number(t.toFixed(4)));

describe('决策曲线 DCA: binary outcome on the example', () => {
  const params: Params = { ...defaults, ...definition.exampleParams, event: '是', to: 0.6, fitModel: true, x: ['年龄', 'PSA(ng/mL)'], factors: ['直肠指检'], standardized: true };
  const out = run(table, params);
  const b = R.binary;
  it('sample and prevalence as R', () => {
    expect(out.results.n).toBe(b.n);
    expect(out.results.events).toBe(b.events);
    close(out.results.prevalence, b.prevalence, 1e-12, 'prevalence');
    expect(out.results.converted).toBe('PHI评分');
  });
  it('net benefit at round thresholds: probability columns exactly, converted and fitted risks to 1e-6', () => {
    for (const [model, values] of Object.entries(b.nb as Record<string, number[]>)) {
      const rel = model === 'PHI评分' || model === '拟合模型' ? 1e-6 : 1e-12;
      b.tenths.forEach((t: number, i: number) => close(out.results[`nb.${model}.${key(t)}`], values[i]!, rel, `${model} @ ${t}`));
    }
    b.tenths.forEach((t: number, i: number) => close(out.results[`nbAll.${key(t)}`], b.nbAll[i], 1e-12, `all @ ${t}`));
  });
  it('the ranges where each model beats treat all and treat none', () => {
    for (const [model, r] of Object.entries(b.beat as Record<string, { count: number; from: number; to: number }>)) {
      expect(out.results[`beatCount.${model}`], model).toBe(r.count);
      expect(out.results[`beatFrom.${model}`], model).toBe(r.from);
      expect(out.results[`beatTo.${model}`], model).toBe(r.to);
    }
  });
  it('draws the curves clipped as dcurves and adds the standardised net benefit', () => {
    const charts = out.sections.flatMap((s) => s.blocks).filter((x) => x.type === 'chart');
    expect(charts).toHaveLength(2);
    const opt = (charts[0] as { option: { yAxis: { min: number; max: number }; series: Array<{ name: string }> } }).option;
    expect(opt.yAxis.max).toBeCloseTo(b.prevalence, 4);
    expect(opt.yAxis.min).toBeCloseTo(-0.1 * b.prevalence, 4);
    expect(opt.series.map((s) => s.name)).toEqual(['临床模型概率', '新模型概率', 'PHI评分', '拟合模型', '全部干预（Treat all）', '全部不干预（Treat none）']);
  });
  it('gives the same report run to run', () => expect(JSON.stringify(run(table, params))).toBe(JSON.stringify(out)));
});

describe('决策曲线 DCA: survival outcome at t = 36', () => {
  const params: Params = { ...defaults, outcomeType: 'survival', time: '随访时间(月)', status: '生存状态', timePoint: 36, risks: ['PHI评分'], fitModel: true, x: ['年龄', 'PSA(ng/mL)'], factors: ['高级别前列腺癌'] };
  const out = run(table, params);
  const s = R.survival;
  it('Kaplan–Meier risk at t and the net benefit of the Cox-based risks as R', () => {
    expect(out.results.n).toBe(s.n);
    expect(out.results.events).toBe(s.events);
    close(out.results.prevalence, s.prevalence, 1e-12, 'prevalence');
    for (const [model, values] of Object.entries(s.nb as Record<string, Array<number | null>>)) {
      s.tenths.forEach((t: number, i: number) => {
        if (values[i] === null) expect(out.results[`nb.${model}.${key(t)}`]).toBeNull();
        else close(out.results[`nb.${model}.${key(t)}`], values[i]!, 1e-6, `${model} @ ${t}`);
      });
      expect(out.results[`beatCount.${model}`], model).toBe(s.beat[model].count);
      expect(out.results[`beatFrom.${model}`], model).toBe(s.beat[model].from);
      expect(out.results[`beatTo.${model}`], model).toBe(s.beat[model].to);
    }
  });
});

describe('决策曲线 DCA: refusals', () => {
  const base: Params = { ...defaults, ...definition.exampleParams, event: '是' };
  const refuses = (p: Params, msg: RegExp) => {
    expect(() => run(table, p)).toThrow(ToolInputError);
    expect(() => run(table, p)).toThrow(msg);
  };
  it('asks for a model', () => refuses({ ...base, risks: [] }, /至少选择一列/));
  it('a threshold range that is not increasing', () => refuses({ ...base, from: 0.5, to: 0.2 }, /起点 < 终点/));
  it('a time point beyond follow-up', () => refuses({ ...base, outcomeType: 'survival', time: '随访时间(月)', status: '生存状态', timePoint: 500, event: '', risks: ['新模型概率'] }, /超过了最长随访时间/));
  it('an outcome with more than two values', () => refuses({ ...base, y: '编号', event: '' }, /应为二分类变量/));
  it('the outcome chosen as a model column', () => refuses({ ...base, y: '高级别前列腺癌', risks: ['新模型概率'], fitModel: true, x: ['年龄'], factors: ['高级别前列腺癌'] }, /结局/));
});

describe('决策曲线 DCA on the shared prediction-model example', () => {
  const file = EXAMPLE_FILES.find((e) => e.key === 'prediction-model')?.file;
  it.skipIf(!file)('runs with markers turned into probabilities and a fitted model, binary and survival', () => {
    const t = readExampleTable(file!);
    const bin = run(t, { ...defaults, y: '术后并发症', event: '是', risks: ['C反应蛋白(mg/L)', 'NLR'], fitModel: true, x: ['年龄', '白蛋白(g/L)'], factors: ['肿瘤分期'], to: 0.6 });
    expect(bin.results.converted).toBe('C反应蛋白(mg/L)、NLR');
    expect(bin.results.models).toBe(3);
    const surv = run(t, { ...defaults, outcomeType: 'survival', time: '随访时间(月)', status: '生存结局', timePoint: 36, risks: ['NLR'], fitModel: true, x: ['年龄'], factors: ['肿瘤分期'] });
    expect(surv.results.timePoint).toBe(36);
    expect(typeof surv.results.prevalence).toBe('number');
  });
});
