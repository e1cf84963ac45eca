// Multinomial logistic tool on the example (carData::Womenlf) against R: reference/models.R prints every
// number checked here (nnet::multinom to reltol 1e-16, Wald CIs exp(B ± z·SE), car::Anova type II LR
// tests). Coefficients, SEs and CIs 1e-6 relative: multinom's BFGS stops a few 1e-9 (absolute) from
// the optimum — its answer moves by that much when the rows are reordered — which is up to 3e-7
// relative for the smallest coefficient; the engine's Newton fit goes to the gradient's zero. Deviance,
// AIC/BIC and pseudo-R² 1e-9 (flat at the optimum); P values 1e-5 (2Φ(−|z|) magnifies the error by z²).
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === definition.example)!.file);
const REL = 1e-6;
const FIT_REL = 1e-9;
const P_REL = 1e-5;
const close = (got: unknown, want: number, label: string, rel = REL) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
// References as models.R sets them (the example's rows are ordered by region, so 大西洋省 appears first).
const example: Params = { ...defaults, ...definition.exampleParams, reference: '子女=有; 地区=安大略' };
const INC = '丈夫收入(千加元)';

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

// R: coef(mn), summary(mn)$standard.errors, Wald P and RRR CIs (reference/models.R).
const terms = ['(Intercept)', INC, '子女无', '地区草原省', '地区大西洋省', '地区不列颠哥伦比亚', '地区魁北克'];
const R = {
  全职: {
    b: [-0.459744858357296, -0.100033471049405, 2.697822772182221, 0.354529430166157, -0.113490295462802, -0.573516911013916, -0.425229802116195],
    se: [0.5185391606755790, 0.0290162392663418, 0.3876748444869720, 0.5865517386824526, 0.6175115538370675, 0.6098391187053399, 0.4563590090022435],
    p: [3.75285944765956e-01, 5.65801404807785e-04, 3.42737112157741e-12, 5.45557837587914e-01, 8.54180936666455e-01, 3.46992072173901e-01, 3.51446149702503e-01],
    lower: [0.228535678671356, 0.854785896394110, 6.944805980726330, 0.451540209402406, 0.266124588770042, 0.170540986683888, 0.267221594250073],
    upper: [1.744683599961195, 0.957755562897092, 31.742342180714974, 4.500325435012759, 2.994598333127451, 1.862176189206238, 1.598742558855552],
  },
  兼职: {
    b: [-1.39390666440020916, 0.00526147863636524, -0.14618478550529518, 0.28901961427244255, -0.28562459259312950, 0.80064464365353682, -0.39621840763932170],
    se: [0.5141856913560533, 0.0246887815035229, 0.4901613952171609, 0.5590522518609069, 0.6174954184285516, 0.5303362531260334, 0.5005461437877129],
    p: [0.00671005945968818, 0.83123950918508438, 0.76552147210996413, 0.60516914494637342, 0.64368453221848210, 0.13112191561888939, 0.42861016735061014],
    lower: [0.0905645791647453, 0.9577891262932874, 0.3305876446682769, 0.4463273333629213, 0.2240483564689715, 0.7875760731130670, 0.2522660934793418],
    upper: [0.679688123469825, 1.055115881526442, 2.258077744289138, 3.993794946922355, 2.520971109353123, 6.297070967400196, 1.794693054043298],
  },
};

describe('multinomial logistic regression tool', () => {
  it('matches nnet::multinom and car::Anova on the example', () => {
    const r = run(table, example).results;
    expect(r.n).toBe(263);
    expect(r.excluded).toBe(0);
    expect(r.reference).toBe('未就业');
    for (const [cat, w] of Object.entries(R)) {
      terms.forEach((t, i) => {
        close(r[`estimate.${cat}.${t}`], w.b[i]!, `${cat} ${t} B`);
        close(r[`se.${cat}.${t}`], w.se[i]!, `${cat} ${t} SE`);
        close(r[`p.${cat}.${t}`], w.p[i]!, `${cat} ${t} P`, P_REL);
        close(r[`rrr.${cat}.${t}`], Math.exp(w.b[i]!), `${cat} ${t} RRR`);
        close(r[`rrrLower.${cat}.${t}`], w.lower[i]!, `${cat} ${t} lower`);
        close(r[`rrrUpper.${cat}.${t}`], w.upper[i]!, `${cat} ${t} upper`);
      });
    }
    close(r.deviance, 415.465592167487, 'deviance', FIT_REL);
    close(r.nullDeviance, 500.492560797244, 'null deviance', FIT_REL);
    close(r.statistic, 85.0269686297573, 'LR', FIT_REL);
    expect(r.df).toBe(12);
    close(r.p, 4.49743067540754e-13, 'LR P', P_REL);
    close(r.aic, 443.465592167487, 'AIC', FIT_REL);
    close(r.bic, 493.475748617976, 'BIC', FIT_REL);
    close(r.mcFaddenR2, 0.169886578322595, 'McFadden', FIT_REL);
    close(r.coxSnellR2, 0.276240742145749, 'Cox-Snell', FIT_REL);
    close(r.nagelkerkeR2, 0.324652450231937, 'Nagelkerke', FIT_REL);
    const anova = { [INC]: [14.6452376338421, 2, 6.6043039824938e-4], 子女: [65.203760327368, 2, 6.93718610017098e-15], 地区: [7.4163336275239, 8, 0.492449986025679] } as const;
    for (const [t, [chi, df, p]] of Object.entries(anova)) {
      close(r[`termStatistic.${t}`], chi, `${t} LR`, 1e-6);
      expect(r[`termDf.${t}`]).toBe(df);
      close(r[`termP.${t}`], p, `${t} P`, 1e-5);
    }
    // table(w$y, predict(mn))
    const cls = { 未就业: [138, 17, 0], 全职: [24, 42, 0], 兼职: [36, 6, 0] };
    for (const [c, row] of Object.entries(cls)) ['未就业', '全职', '兼职'].forEach((d, k) => expect(r[`classified.${c}.${d}`]).toBe(row[k]));
    close(r.accuracy, 180 / 263, 'accuracy', 1e-12);
  });

  it('takes the chosen reference outcome category (R: relevel)', () => {
    const r = run(table, { ...example, factors: ['子女'], reference: '子女=有', outcomeReference: '全职' }).results;
    expect(r.reference).toBe('全职');
    close(r[`estimate.未就业.${INC}`], 0.0972306675774418, 'B');
    close(r[`se.未就业.${INC}`], 0.0280958495262738, 'SE');
    close(r['estimate.兼职.子女无'], -2.58008616569391, 'B');
    close(r['se.兼职.子女无'], 0.509719952625772, 'SE');
  });

  it('builds a report with the tables, forest plot and R code', () => {
    const out = run(table, example);
    const titles = out.sections.flatMap((s) => s.blocks.map((b) => ('title' in b ? b.title : b.type)));
    expect(titles.join('|')).toContain('表4');
    expect(out.sections.some((s) => s.blocks.some((b) => b.type === 'chart'))).toBe(true);
    expect(rScript(definition.key, example, 'x.csv')).toContain('multinom');
  });

  it('refuses bad input with Chinese messages naming the column', () => {
    // Quasi-complete separation: every “b” of g has outcome “a”.
    const sepY = Array.from({ length: 60 }, (_, i) => ['a', 'b', 'c'][i % 3]!);
    const sep = tableOf({ y: sepY, g: sepY.map((v, i) => (v === 'a' && i < 30 ? 'b' : 'm')), x: Array.from({ length: 60 }, (_, i) => (i * 7) % 11) });
    expect(() => run(sep, { ...defaults, y: 'y', x: ['x'], factors: ['g'] })).toThrow(/分类自变量“g”的类别“b”中没有结局为“b”的观测，存在准完全分离/);
    const two = tableOf({ y: ['a', 'b', 'a', 'b', 'a', 'b'], x: [1, 2, 3, 4, 5, 6] });
    expect(() => run(two, { ...defaults, y: 'y', x: ['x'] })).toThrow(/“y”.*需要至少 3 个类别/);
    const few = tableOf({ y: ['a', 'b', 'c', 'a', 'b', 'a', 'b', 'a'], x: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(() => run(few, { ...defaults, y: 'y', x: ['x'] })).toThrow(/类别“c”只有 1 例/);
    expect(() => run(table, { ...example, x: [INC], factors: [], reference: '', outcomeReference: '退休' })).toThrow(/没有取值“退休”/);
    const flat = tableOf({ y: Array.from({ length: 30 }, (_, i) => ['a', 'b', 'c'][i % 3]!), x: Array.from({ length: 30 }, () => 5) });
    expect(() => run(flat, { ...defaults, y: 'y', x: ['x'] })).toThrow(ToolInputError);
    expect(() => run(flat, { ...defaults, y: 'y', x: ['x'] })).toThrow(/“x”.*恒定/);
    expect(() => run(table, { ...example, x: [], factors: [], reference: '' })).toThrow(/至少选择一个自变量/);
  });
});
