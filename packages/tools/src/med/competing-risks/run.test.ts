// Competing-risks tool on its example against R: the numbers come from the engine's fixture
// (packages/stats/fixtures/make-competing.R runs cmprsk's cuminc, timepoints and crr on this very file,
// complete cases of the columns the example uses). CIFs, their CIs and Gray's test are closed forms
// (1e-9); crr's Newton–Raphson is replayed step for step, so 1e-8 holds as well.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const R = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../stats/fixtures/competing.json'), 'utf8')).example;
const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'competing-risk')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams, status: '结局', censor: '删失', event: '肿瘤死亡', times: '12, 36, 60' };
const close = (got: unknown, want: number, label: string, rel = 1e-9) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};

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

describe('竞争风险模型 on the example agrees with cmprsk', () => {
  const out = run(table, example);
  const r = out.results;

  it('counts the outcome classes after listwise deletion', () => {
    expect([r.n, r.excluded, r.events, r.competing, r.censored]).toEqual([R.time.length, 3, 127, 73, 197]);
  });

  it('CIF at 12, 36, 60 months with log(−log) CIs, per regimen, as timepoints(cuminc()) and the CI formula in R', () => {
    const groups = ['新方案', '标准方案'];
    expect(R.tpNames).toEqual(['新方案 1', '标准方案 1', '新方案 2', '标准方案 2']);
    groups.forEach((g, gi) => {
      [12, 36, 60].forEach((t, j) => {
        close(r[`cif.${g}.${t}`], R.tpEst[gi][j], `CIF ${g} ${t}`);
        close(r[`cifLower.${g}.${t}`], R.tpLower[gi][j], `lower ${g} ${t}`);
        close(r[`cifUpper.${g}.${t}`], R.tpUpper[gi][j], `upper ${g} ${t}`);
        close(r[`cifCompeting.其他原因死亡.${g}.${t}`], R.tpEst[gi + 2][j], `competing CIF ${g} ${t}`);
      });
    });
    const t2 = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith('表2'));
    // Groups in order of first appearance: 标准方案 (R's row 2) leads.
    expect(t2?.type === 'table' && t2.rows[0]).toEqual(['肿瘤死亡', '标准方案', 12, Number(R.tpEst[1][0].toFixed(4)), Number(Math.sqrt(R.tpVar[1][0]).toFixed(4)), `${Number(R.tpLower[1][0].toFixed(4))} ~ ${Number(R.tpUpper[1][0].toFixed(4))}`]);
  });

  it('Gray’s test for both causes', () => {
    close(r.statistic, R.tests.stat[0], 'Gray stat');
    close(r.p, R.tests.pv[0], 'Gray p', 1e-8);
    close(r['grayP.其他原因死亡'], R.tests.pv[1], 'Gray p competing', 1e-8);
  });

  it('Fine–Gray coefficients, sandwich SEs, SHR CIs and the pseudo LR test, as crr', () => {
    const c = R.crr1;
    const names = ['治疗方案新方案', '年龄', '分期II期', '分期III期', 'CEA(ng/mL)'];
    names.forEach((nm, j) => {
      close(r[`estimate.${nm}`], c.coef[j], `${nm} B`, 1e-8);
      close(r[`se.${nm}`], c.se[j], `${nm} SE`, 1e-8);
      close(r[`p.${nm}`], c.p[j], `${nm} P`, 1e-7);
      close(r[`shrLower.${nm}`], c.lower[j], `${nm} lower`, 1e-8);
      close(r[`shrUpper.${nm}`], c.upper[j], `${nm} upper`, 1e-8);
    });
    close(r.lrStatistic, 2 * (c.loglik - c.loglikNull), 'pseudo LR', 1e-8);
    expect(r.converged).toBe(1);
  });

  it('1 − KM treating other deaths as censored overstates the CIF at 60 months', () => {
    close(r.naiveKmLast, R.naiveKm60, '1 − KM');
    close(r.cifOverallLast, R.cifAll60, 'overall CIF');
    expect(out.sections.at(-1)!.blocks.map((b) => (b.type === 'text' ? b.markdown : '')).join('')).toContain('1 − KM 为 42%');
  });

  it('other death as the event of interest gives crr(failcode = 2)', () => {
    const o = run(table, { ...example, event: '其他原因死亡' }).results;
    R.crr2.names.forEach((nm: string, j: number) => close(o[`estimate.${nm === '新方案' ? '治疗方案新方案' : nm}`], R.crr2.coef[j], `${nm} B`, 1e-8));
  });

  it('the 0/1/2 code column is recognised without settings and gives the same numbers as the text column', () => {
    const coded = run(table, { ...defaults, time: '随访时间(月)', status: '结局编码', group: '治疗方案', times: '24' }).results;
    const named = run(table, { ...defaults, time: '随访时间(月)', status: '结局', censor: '删失', event: '肿瘤死亡', group: '治疗方案', times: '24' }).results;
    expect(coded.eventValue).toBe('1');
    expect(coded.censorValue).toBe('0');
    expect(coded['cif.新方案.24']).toBe(named['cif.新方案.24']);
    expect(coded.p).toBe(named.p);
  });

  it('without times picks round ones inside the follow-up; without group there is no Gray test', () => {
    const o = run(table, { ...defaults, time: '随访时间(月)', status: '结局编码' });
    expect(Object.keys(o.results).filter((k) => k.startsWith('cif.'))).toEqual(['cif.25', 'cif.50', 'cif.75']);
    expect(o.results.p).toBeUndefined();
  });

  it('the example defaults (the 0/1/2 column, first levels as references) give the same model', () => {
    const d = run(table, { ...defaults, ...definition.exampleParams }).results;
    expect(d.eventValue).toBe('1');
    expect(d['estimate.治疗方案新方案']).toBe(r['estimate.治疗方案新方案']);
    expect(d.p).toBe(r.p);
  });

  it('the R script names the codes, the regimen order and the reference levels', () => {
    const s = rScript('competing-risks', example, 'competing-risk.csv')!;
    expect(s).toContain('cens <- "删失"');
    expect(s).toContain('cuminc(time, code, g, cencode = 0)');
    expect(s).toContain('levels = unique(as.character(trimws(x[["分期"]])))');
    expect(rScript('competing-risks', { ...example, reference: '分期=III期' }, 'competing-risk.csv')).toContain('levels = unique(c("III期", as.character(');
    expect(s).toContain('crr(time, code, X, failcode = 1, cencode = 0)');
  });
});

describe('竞争风险模型 refuses what it cannot analyse, naming the column', () => {
  const base = { ...defaults, time: 't', status: 's' };
  const small = (s: Array<string | null>, extra: Record<string, Array<string | number | null>> = {}) => tableOf({ t: s.map((_, i) => i + 1), s, ...extra });
  const refuse = (d: DataTable, p: Params, msg: RegExp) => {
    expect(() => run(d, p)).toThrow(ToolInputError);
    expect(() => run(d, p)).toThrow(msg);
  };
  it('no competing event', () => refuse(small(['删失', '死亡', '删失', '死亡']), { ...base, event: '死亡' }, /没有竞争事件.*Kaplan/));
  it('text coding without the event of interest', () => refuse(small(['删失', '死亡', '复发', '死亡']), base, /关注事件的取值/));
  it('a censoring value that is not there', () => refuse(small(['a', 'b', 'c']), { ...base, censor: '删失', event: 'b' }, /没有取值“删失”/));
  it('an unrecognisable censoring value', () => refuse(small(['a', 'b', 'c']), { ...base, event: 'b' }, /代表删失的取值/));
  it('a one-level group', () => refuse(small(['0', '1', '2', '1'], { g: ['A', 'A', 'A', 'A'] }), { ...base, group: 'g' }, /“g”.*只有一个类别/));
  it('a negative time', () => refuse(tableOf({ t: [1, -2, 3], s: ['0', '1', '2'] }), base, /不能为负数/));
  it('too few events for the Fine–Gray parameters', () => refuse(small(['0', '1', '2', '1', '0'], { x1: [1, 2, 3, 4, 5], x2: [5, 3, 2, 2, 1] }), { ...base, x: ['x1', 'x2'] }, /关注事件数（2）太少/));
  it('a factor level without an event of interest', () =>
    refuse(small(['0', '1', '2', '1', '0', '2', '1', '1'], { f: ['A', 'A', 'B', 'A', 'B', 'B', 'A', 'A'] }), { ...base, factors: ['f'] }, /“f”的类别“B”中没有发生关注事件/));
  it('a constant covariate', () => refuse(small(['0', '1', '2', '1'], { x: [3, 3, 3, 3] }), { ...base, x: ['x'] }, /“x”.*恒定/));
});
