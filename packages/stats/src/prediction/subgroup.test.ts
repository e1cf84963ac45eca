// Subgroup analysis against fixtures/subgroup.json (make-subgroup.R: glm, coxph (Efron) and lm on
// each level with the covariates, anova() of the models with and without exposure × subgroup).
// Tolerance 1e-6 relative for logistic and Cox (iterative fits; Wald P 1e-5, which magnifies the
// SE error by about z²); linear fits are closed-form QR: 1e-9.
import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import type { Predictor } from '../regression/design.js';
import { subgroupAnalysis, type SubgroupEffect, type SubgroupModel } from './subgroup.js';

const R = fixture('subgroup');
const D = R.data;
const levelsOf = (v: string[]) => [...new Set(v)].sort();
const covariates: Predictor[] = [
  { name: 'age', type: 'numeric', values: D.age },
  { name: 'sex', type: 'categorical', values: D.sex },
  { name: 'stage', type: 'categorical', values: D.stage },
];
const run = (model: SubgroupModel) =>
  subgroupAnalysis({
    model,
    y: model === 'logistic' ? D.y : model === 'linear' ? D.score : undefined,
    time: model === 'cox' ? D.time : undefined,
    status: model === 'cox' ? D.status : undefined,
    exposure: { name: 'trt', values: D.trt, levels: ['control', 'treat'] },
    subgroups: (R.subgroups as string[]).map((s) => ({ name: s, values: D[s], levels: levelsOf(D[s]) })),
    covariates,
  });

function sameEffect(e: SubgroupEffect, r: any, model: SubgroupModel, label: string) {
  const rel = model === 'linear' ? 1e-9 : 1e-6;
  expectClose(e.beta, r.beta, rel, `${label} beta`);
  expectClose(e.se, r.se, rel, `${label} se`);
  expectClose(e.pValue, r.p, model === 'linear' ? 1e-9 : 1e-5, `${label} p`);
  const t = model === 'linear' ? (x: number) => x : Math.exp;
  expectClose(e.estimate, t(r.beta), rel, `${label} estimate`);
  expectClose(e.lower, t(r.lower), rel, `${label} lower`);
  expectClose(e.upper, t(r.upper), rel, `${label} upper`);
}

for (const model of ['logistic', 'cox', 'linear'] as const) {
  describe(`subgroup analysis (${model}) agrees with R`, () => {
    const res = run(model);
    const ref = R.models[model];
    it('overall adjusted effect', () => sameEffect(res.overall.effects![0]!, ref.overall, model, 'overall'));
    for (const s of R.subgroups as string[]) {
      it(`${s}: effect in each level and the interaction test`, () => {
        const sg = res.subgroups.find((x) => x.name === s)!;
        const r = ref.subgroups[s];
        expect(sg.levels.map((l) => l.level)).toEqual([r.levels].flat());
        expect(sg.levels.map((l) => l.n)).toEqual([r.n].flat());
        sg.levels.forEach((l, i) => {
          expect(l.error, `${s} ${l.level}`).toBeNull();
          sameEffect(l.effects![0]!, r.fits[i], model, `${s}=${l.level}`);
        });
        const it = sg.interaction!;
        expect(it.df).toBe(r.interaction.df);
        expectClose(it.statistic, r.interaction.statistic, model === 'linear' ? 1e-9 : 1e-5, `${s} interaction statistic`);
        expectClose(it.pValue, r.interaction.p, model === 'linear' ? 1e-9 : 1e-5, `${s} interaction p`);
        if (model === 'linear') expect(it.df2).toBe(r.interaction.df2);
      });
    }
  });
}

describe('subgroup analysis: counts and refusals', () => {
  it('counts events per arm and drops covariates that do not vary inside a level', () => {
    const res = run('logistic');
    const sex = res.subgroups.find((s) => s.name === 'sex')!;
    const f = sex.levels[0]!;
    const rows = D.sex.map((v: string, i: number) => [v, D.trt[i], D.y[i]]).filter((r: any[]) => r[0] === 'F');
    expect(f.arms.map((a) => [a.n, a.events])).toEqual(['control', 'treat'].map((t) => [rows.filter((r: any[]) => r[1] === t).length, rows.filter((r: any[]) => r[1] === t && r[2] === 1).length]));
    expect(f.dropped).toEqual([]);
    // A covariate constant inside the level is left out there: stage within a one-stage subset.
    const only = subgroupAnalysis({
      model: 'linear',
      y: D.score,
      exposure: { name: 'trt', values: D.trt, levels: ['control', 'treat'] },
      subgroups: [{ name: 'stage', values: D.stage, levels: ['I', 'II', 'III'] }],
      covariates: [{ name: 'stage2', type: 'categorical', values: D.stage }],
    });
    expect(only.subgroups[0]!.levels.every((l) => l.dropped.join() === 'stage2')).toBe(true);
  });
  it('refuses a one-level subgroup variable, naming it', () => {
    expect(() =>
      subgroupAnalysis({ model: 'linear', y: D.score, exposure: { name: 'trt', values: D.trt, levels: ['control', 'treat'] }, subgroups: [{ name: '中心', values: D.trt.map(() => 'A'), levels: ['A'] }] }),
    ).toThrow(/亚组变量“中心”只有一个水平/);
  });
  it('reports a level where the model cannot be fitted instead of failing', () => {
    const y = D.y.map((v: number, i: number) => (D.stage[i] === 'III' ? 1 : v));
    const res = subgroupAnalysis({ model: 'logistic', y, exposure: { name: 'trt', values: D.trt, levels: ['control', 'treat'] }, subgroups: [{ name: 'stage', values: D.stage, levels: ['I', 'II', 'III'] }] });
    const iii = res.subgroups[0]!.levels[2]!;
    expect(iii.effects).toBeNull();
    expect(iii.error).toMatch(/全部发生/);
  });
});
