// Reference values: packages/tools/reference/baseline-table.R (base R, car::leveneTest, MASS::ginv).
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable, Params, ToolOutput } from '../../tool.js';
import { smdCategorical, tableCount } from './analyse.js';
import { fixed, LEVEL_INDENT, run } from './run.js';

const example = (key: string) => readExampleTable(EXAMPLE_FILES.find((e) => e.key === key)!.file);
const cohort = example('diabetes-cohort');
const trial = example('hypertension-trial');
const feed = example('three-groups');
/** Relative 1e-9: every number here is a closed form or the engine's R-checked test. */
const close = (a: unknown, b: number, rel = 1e-9) => {
  expect(typeof a).toBe('number');
  expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
};
const VARS = ['性别', '年龄', 'BMI', '病程', '吸烟', '高血压', '糖化血红蛋白', '空腹血糖', '甘油三酯', '低密度脂蛋白', 'eGFR', '视网膜病变'];
const defaults: Params = { display: 'auto', decimals: 2, overall: true, smd: true, factor_vars: [], normal_vars: [], nonnormal_vars: [] };
const tableOf = (out: ToolOutput) => {
  const b = out.sections[0]!.blocks[0]!;
  if (b.type !== 'table') throw new Error('no table');
  return b;
};
const rowOf = (out: ToolOutput, label: string) => tableOf(out).rows.find((r) => String(r[0]).startsWith(label))!;
const textOf = (out: ToolOutput) => {
  const b = out.sections.at(-1)!.blocks[0]!;
  return b.type === 'text' ? b.markdown : '';
};

/** A DataTable from columns, typed as the ingest would type them. */
function dataOf(columns: Record<string, Array<string | number | null>>): DataTable {
  const names = Object.keys(columns);
  const variables: VariableInfo[] = names.map((name) => {
    const present = columns[name]!.filter((v) => v !== null);
    const numeric = present.every((v) => typeof v === 'number');
    return { name, type: numeric ? 'numeric' : 'categorical', valid: present.length, missing: columns[name]!.length - present.length, distinct: new Set(present).size, min: null, max: null, mean: null, levels: [] };
  });
  return {
    rows: columns[names[0]!]!.length,
    variables,
    numeric: (n) => columns[n]!.map((v) => (typeof v === 'number' ? v : null)),
    text: (n) => columns[n]!.map((v) => (v === null ? null : String(v))),
  };
}

describe('基线特征表, two groups (diabetes-cohort by 分组), against R', () => {
  const out = run(cohort, { ...defaults, group: '分组', vars: VARS });
  const r = out.results;

  it('chooses the test per variable by Shapiro-Wilk and Levene, as the R script does', () => {
    expect(r.n).toBe(200);
    expect(r['n.非肾病组']).toBe(136);
    expect(r['n.肾病组']).toBe(64);
    // Shapiro-Wilk: 年龄, 糖化血红蛋白, eGFR normal in both groups; BMI (肾病组 P = 0.032) and 低密度脂蛋白 not.
    expect(['年龄', '糖化血红蛋白', 'eGFR'].map((v) => r[`${v}.test`])).toEqual(['student', 'student', 'student']);
    expect(['BMI', '病程', '空腹血糖', '甘油三酯', '低密度脂蛋白'].map((v) => r[`${v}.test`])).toEqual(Array(5).fill('mann-whitney'));
    expect(['性别', '吸烟', '高血压'].map((v) => r[`${v}.test`])).toEqual(['chisq', 'chisq', 'chisq']);
    // min expected count 1.6 < 5
    expect(r['视网膜病变.test']).toBe('fisher');
  });

  it('t tests (t.test var.equal = TRUE after car::leveneTest)', () => {
    close(r['年龄.statistic'], -3.18212155182400025);
    expect(r['年龄.df']).toBe(198);
    close(r['年龄.p'], 0.00169769603896741);
    close(r['年龄.leveneP'], 0.432752221635756);
    close(r['糖化血红蛋白.statistic'], -4.3040296683744);
    expect(r['糖化血红蛋白.df']).toBe(193);
    close(r['糖化血红蛋白.p'], 2.66450290912725e-5);
    close(r['eGFR.statistic'], 9.14462483965861);
    close(r['eGFR.p'], 7.31579281457508e-17);
  });

  it('Mann-Whitney (wilcox.test: W, P and the corrected z)', () => {
    const ref: Record<string, [number, number, number]> = {
      BMI: [3985.5, 0.337727378916185, -0.95866531142954],
      病程: [2605, 4.77590136782767e-6, -4.57439846916704],
      空腹血糖: [3931, 0.270768056110599, -1.101295529756379],
      甘油三酯: [3509.5, 0.0846236839804766, -1.7244663756437448],
      低密度脂蛋白: [3505.5, 0.0267091331166372, -2.2157426360094816],
    };
    for (const [v, [w, p, z]] of Object.entries(ref)) {
      expect(r[`${v}.statistic`], v).toBe(w);
      close(r[`${v}.p`], p);
      close(r[`${v}.z`], z);
    }
  });

  it('χ² without correction and Fisher (chisq.test, fisher.test)', () => {
    close(r['性别.statistic'], 3.4706119568504885);
    close(r['性别.p'], 0.0624681964419612);
    close(r['吸烟.statistic'], 1.987879873787564);
    expect(r['吸烟.df']).toBe(2);
    close(r['吸烟.p'], 0.370115582535911);
    close(r['高血压.p'], 0.0157647764811127);
    close(r['视网膜病变.p'], 0.119610441585333);
  });

  it('SMDs as tableone (continuous pooled by the mean variance; categorical Yang-Dalton via ginv)', () => {
    const ref: Record<string, number> = {
      性别: 0.286982442348959,
      年龄: 0.477877250269865,
      BMI: 0.19278515529881,
      病程: 0.556135966229516,
      吸烟: 0.218554938288267,
      高血压: 0.372333215734029,
      糖化血红蛋白: 0.638918704041413,
      空腹血糖: 0.226248847185931,
      甘油三酯: 0.200635376225575,
      低密度脂蛋白: 0.322437282434538,
      eGFR: 1.38642790993646,
      视网膜病变: 0.295095988725319,
    };
    for (const [v, smd] of Object.entries(ref)) close(r[`${v}.smd`], smd);
  });

  it('prints one journal Table 1: summaries, levels indented under their header, tests named, P formatted', () => {
    const t = tableOf(out);
    expect(t.title).toBe('表1 两组研究对象基线特征比较');
    expect(t.columns).toEqual(['变量', '合计（n=200）', '非肾病组（n=136）', '肾病组（n=64）', '检验方法', '统计量', 'P', 'SMD', '缺失']);
    expect(rowOf(out, '年龄')).toEqual(['年龄，x̄±s', '57.27±10.02', '55.76±9.64', '60.48±10.14', 't 检验', 't=-3.182', '0.002', '0.478', 0]);
    // quantile type 7: 病程 overall 7.150 (3.800, 11.175); groups 6.05 (3.3, 9.2) and 9.75 (6.6, 15.15)
    expect(rowOf(out, '病程').slice(0, 8)).toEqual(['病程，M (P25, P75)', '7.15 (3.80, 11.18)', '6.05 (3.30, 9.20)', '9.75 (6.60, 15.15)', 'U 检验', 'Z=-4.574', '<0.001', '0.556']);
    const i = t.rows.findIndex((row) => row[0] === '吸烟，n (%)');
    expect(t.rows[i]!.slice(4)).toEqual(['χ² 检验', 'χ²=1.988', '0.370', '0.219', 6]);
    // Levels in order of first appearance, indented; percentages of the non-missing in each group.
    expect(t.rows.slice(i + 1, i + 4).map((row) => row.slice(0, 4))).toEqual([
      [`${LEVEL_INDENT}目前`, '47 (24.2)', '35 (26.9)', '12 (18.8)'],
      [`${LEVEL_INDENT}既往`, '46 (23.7)', '28 (21.5)', '18 (28.1)'],
      [`${LEVEL_INDENT}从不`, '101 (52.1)', '67 (51.5)', '34 (53.1)'],
    ]);
    expect(rowOf(out, '视网膜病变').slice(4, 7)).toEqual(['Fisher 检验', '—', '0.120']);
    expect(rowOf(out, '糖化血红蛋白').at(-1)).toBe(5);
    expect(t.footnotes.join('')).toContain('Fisher 精确检验');
    expect(t.footnotes.join('')).toContain('Yang-Dalton');
  });

  it('concludes in the words of a results section', () => {
    const s = textOf(out);
    expect(s).toContain('两组基线资料比较，年龄、病程、高血压、糖化血红蛋白、低密度脂蛋白、eGFR差异有统计学意义（P\\<0.05），其余性别、BMI、吸烟、空腹血糖、甘油三酯、视网膜病变差异无统计学意义');
    expect(s).toContain('非肾病组的eGFR高于肾病组，年龄、病程、糖化血红蛋白、低密度脂蛋白低于肾病组');
    expect(out.sections.map((x) => x.title)).toEqual(['基线特征表', '标准化均数差', '结论']);
  });
});

describe('基线特征表, more groups, against R', () => {
  it('three regimens: ANOVA, Kruskal-Wallis, χ², Fisher R×C and the largest pairwise SMD', () => {
    const out = run(cohort, { ...defaults, group: '降糖方案', vars: VARS });
    const r = out.results;
    expect(tableOf(out).columns.slice(1, 5)).toEqual(['合计（n=200）', '口服联合（n=90）', '口服单药（n=63）', '胰岛素（n=47）']);
    expect(r['年龄.test']).toBe('anova');
    close(r['年龄.statistic'], 0.209540407200639);
    expect([r['年龄.df'], r['年龄.df2']]).toEqual([2, 197]);
    close(r['年龄.p'], 0.811137379769864);
    close(r['糖化血红蛋白.p'], 0.053803973783119);
    expect(r['病程.test']).toBe('kruskal-wallis');
    close(r['病程.statistic'], 0.729368998928006);
    close(r['病程.p'], 0.694415704847423);
    close(r['甘油三酯.p'], 0.532960286184661);
    close(r['高血压.statistic'], 7.4996980565183406);
    close(r['高血压.p'], 0.0235212966390686);
    expect(r['视网膜病变.test']).toBe('fisher');
    close(r['视网膜病变.p'], 0.310198237800313);
    close(r['年龄.smd'], 0.124111188408136);
    close(r['吸烟.smd'], 0.26793573972735);
    close(r['高血压.smd'], 0.476810099076931);
    close(r['视网膜病变.smd'], 0.351703280657627);
    close(r['eGFR.smd'], 0.0853238451168687);
    expect(textOf(out)).toContain('三组基线资料比较，高血压差异有统计学意义（P\\<0.05）');
    expect(tableOf(out).footnotes.join('')).toContain('两两 SMD 的最大值');
  });

  it('three-groups example: one-way ANOVA', () => {
    const out = run(feed, { ...defaults, group: '组别', vars: ['体重增量'] });
    expect(out.results['体重增量.test']).toBe('anova');
    close(out.results['体重增量.statistic'], 9.29920082254522);
    close(out.results['体重增量.p'], 4.53472069998502e-4);
    close(out.results['体重增量.smd'], 1.68498091034857);
    expect(rowOf(out, '体重增量').slice(1, 8)).toEqual(['57.33±6.70', '52.39±6.06', '58.39±6.58', '61.19±4.22', '方差分析', 'F=9.299', '<0.001']);
    expect(tableOf(out).columns).not.toContain('缺失');
  });
});

describe('基线特征表 on hypertension-trial, against R', () => {
  const out = run(trial, { ...defaults, group: '组别', vars: ['性别', '年龄', 'BMI', '治疗前收缩压', '总胆固醇', '疗效'] });
  const r = out.results;
  it('uses Welch when Levene rejects (年龄) and Student otherwise', () => {
    expect(r['年龄.test']).toBe('welch');
    close(r['年龄.leveneP'], 0.0252531065546781);
    close(r['年龄.statistic'], 0.917108847464712);
    close(r['年龄.df'], 108.699610644185626);
    close(r['年龄.p'], 0.361115935166091);
    expect(rowOf(out, '年龄').slice(4, 6)).toEqual(["t' 检验", 't=0.917']);
    expect(r['BMI.test']).toBe('student');
    close(r['BMI.p'], 0.828337415045742);
    expect(r['BMI.missing']).toBe(1);
    close(r['总胆固醇.statistic'], 0.0172911529913257);
    close(r['疗效.statistic'], 29.4);
    close(r['疗效.p'], 5.88776427451728e-8);
    close(r['疗效.smd'], 1.13930384227962);
    close(r['性别.smd'], 0.033912921674035);
    close(r['年龄.smd'], 0.167440401147996);
  });
});

describe('基线特征表 options', () => {
  it('per-variable overrides beat Shapiro-Wilk (BMI as normal, 年龄 as skewed)', () => {
    const out = run(cohort, { ...defaults, group: '分组', vars: ['年龄', 'BMI'], normal_vars: ['BMI'], nonnormal_vars: ['年龄'] });
    expect(out.results['BMI.test']).toBe('student');
    close(out.results['BMI.statistic'], -1.255205288085453);
    close(out.results['BMI.p'], 0.210883650271399);
    close(out.results['BMI.leveneP'], 0.624096671232121);
    expect(out.results['年龄.test']).toBe('mann-whitney');
    expect(out.results['年龄.statistic']).toBe(3173);
    close(out.results['年龄.p'], 2.01325942567633e-3);
    expect(rowOf(out, '年龄')[0]).toBe('年龄，M (P25, P75)');
    expect(tableOf(out).footnotes[0]).toContain('年龄、BMI按用户指定');
  });

  it('a global display, decimals, and without the overall and SMD columns', () => {
    const out = run(cohort, { ...defaults, group: '分组', vars: ['年龄', '病程'], display: 'median', decimals: 1, overall: false, smd: false });
    expect(tableOf(out).columns).toEqual(['变量', '非肾病组（n=136）', '肾病组（n=64）', '检验方法', '统计量', 'P']);
    expect(rowOf(out, '年龄').slice(0, 3)).toEqual(['年龄，M (P25, P75)', '55.0 (49.0, 62.0)', '62.0 (51.8, 67.3)']);
    expect(out.results['年龄.test']).toBe('mann-whitney');
    expect(out.sections.map((s) => s.title)).toEqual(['基线特征表', '结论']);
  });

  it('without tests (as CONSORT advises for randomized trials): description and SMD only', () => {
    const out = run(trial, { ...defaults, group: '组别', vars: ['性别', '年龄'], overall: false, tests: false });
    expect(tableOf(out).columns).toEqual(['变量', '试验组（n=60）', '对照组（n=60）', 'SMD']);
    expect(out.results['年龄.p']).toBeUndefined();
    close(out.results['年龄.smd'], 0.167440401147996);
    expect(textOf(out)).not.toContain('统计学意义');
    expect(tableOf(out).footnotes.join('')).not.toContain('组间比较');
  });

  it('numeric codes as categories', () => {
    const data = dataOf({ g: ['A', 'A', 'A', 'B', 'B', 'B', 'A', 'B'], 吸烟: [1, 0, 1, 0, 0, 1, 1, 0] });
    const out = run(data, { ...defaults, group: 'g', vars: ['吸烟'], factor_vars: ['吸烟'] });
    expect(out.results['吸烟.display']).toBe('n(%)');
    expect(tableOf(out).rows.map((r) => r[0])).toEqual(['吸烟，n (%)', `${LEVEL_INDENT}1`, `${LEVEL_INDENT}0`]);
    expect(out.results['吸烟.test']).toBe('fisher');
  });

  it('without a group: description only, one column', () => {
    const out = run(trial, { ...defaults, group: '', vars: ['性别', '年龄', 'BMI'] });
    expect(tableOf(out).columns).toEqual(['变量', '合计（n=120）', '缺失']);
    expect(rowOf(out, '年龄').slice(0, 2)).toEqual(['年龄，x̄±s', '56.46±9.25']);
    expect(out.results['年龄.p']).toBeUndefined();
    expect(out.sections.map((s) => s.title)).toEqual(['基线特征表', '结论']);
  });

  it('rows with a missing group are left out and counted', () => {
    const g = cohort.text('分组').map((v, i) => (i < 4 ? null : v));
    const data: DataTable = { ...cohort, text: (n) => (n === '分组' ? g : cohort.text(n)) };
    const out = run(data, { ...defaults, group: '分组', vars: ['年龄'] });
    expect(out.results.n).toBe(196);
    expect(out.results.excluded).toBe(4);
    expect(tableOf(out).footnotes.join('')).toContain('缺失的 4 例未纳入本表');
  });
});

describe('基线特征表: order of groups and categories', () => {
  it('groups and categories follow first appearance (非肾病组 first; 视网膜病变: 非增殖期, 无, 增殖期)', () => {
    const out = run(cohort, { ...defaults, group: '分组', vars: ['年龄', '视网膜病变'] });
    expect(tableOf(out).columns.slice(1, 4)).toEqual(['合计（n=200）', '非肾病组（n=136）', '肾病组（n=64）']);
    expect(tableOf(out).rows.slice(2).map((r) => r[0])).toEqual([`${LEVEL_INDENT}非增殖期`, `${LEVEL_INDENT}无`, `${LEVEL_INDENT}增殖期`]);
  });

  it('a group order reorders the columns; P and SMD stay, t changes sign as t.test does with the levels swapped', () => {
    const vars = ['性别', '年龄', 'BMI', '视网膜病变'];
    const plain = run(cohort, { ...defaults, group: '分组', vars });
    const out = run(cohort, { ...defaults, group: '分组', groupOrder: '肾病组', vars });
    expect(tableOf(out).columns.slice(1, 4)).toEqual(['合计（n=200）', '肾病组（n=64）', '非肾病组（n=136）']);
    expect(rowOf(out, '年龄').slice(1, 4)).toEqual([rowOf(plain, '年龄')[1], rowOf(plain, '年龄')[3], rowOf(plain, '年龄')[2]]);
    close(out.results['年龄.statistic'], 3.18212155182400025);
    for (const v of vars) {
      close(out.results[`${v}.p`], plain.results[`${v}.p`] as number, 1e-12);
      close(out.results[`${v}.smd`], plain.results[`${v}.smd`] as number, 1e-12);
    }
    close(out.results['BMI.z'], -(plain.results['BMI.z'] as number), 1e-12);
    // Three groups, a partial order: the rest by first appearance (口服联合, 口服单药, 胰岛素 in the file).
    const three = run(cohort, { ...defaults, group: '降糖方案', groupOrder: '胰岛素', vars: ['年龄'] });
    expect(tableOf(three).columns.slice(2, 5).map((c) => String(c).replace(/（.*/, ''))).toEqual(['胰岛素', '口服联合', '口服单药']);
  });

  it('refuses a group the column does not have, naming it', () => {
    expect(() => run(cohort, { ...defaults, group: '分组', groupOrder: '肾病组, 对照组', vars: ['年龄'] })).toThrow('变量“分组”中没有取值“对照组”');
  });

  it('the R code orders the groups the same way', () => {
    const s = rScript('baseline-table', { ...defaults, group: '分组', groupOrder: '肾病组', vars: ['年龄'] }, 'a.csv')!;
    expect(s).toContain('g <- factor(d[["分组"]], levels = unique(c("肾病组", as.character(d[["分组"]]))))');
  });
});

describe('基线特征表: Fisher beyond the exact budget', () => {
  // 3 groups × 10 levels, n = 145: more than 1e8 tables with these margins, far beyond what the
  // engine enumerates in reasonable time; R's network algorithm gives P = 0.267055955906529.
  const big = [
    [3, 5, 2, 7, 4, 6, 3, 8, 5, 2],
    [6, 2, 7, 3, 5, 4, 8, 2, 3, 6],
    [4, 7, 3, 5, 2, 8, 4, 6, 7, 3],
  ];
  it('counts tables like the engine enumerates them, and stops at the budget', () => {
    expect(tableCount([[18, 69, 3], [12, 50, 1], [16, 30, 1]], 1e9)).toBe(23653);
    expect(tableCount([[10, 12, 8, 9, 11, 3], [12, 9, 10, 8, 7, 2]], 1e9)).toBe(568845);
    expect(tableCount(big, 1000)).toBe(1001);
  });

  it('reports Pearson χ² (chisq.test) marked and explained', () => {
    const g: string[] = [];
    const x: string[] = [];
    big.forEach((row, i) => row.forEach((n, j) => {
      for (let k = 0; k < n; k++) {
        g.push(`组${i + 1}`);
        x.push(`L${j + 1}`);
      }
    }));
    const out = run(dataOf({ g, x }), { ...defaults, group: 'g', vars: ['x'] });
    expect(out.results['x.test']).toBe('chisq');
    close(out.results['x.statistic'], 21.757138835399704);
    expect(out.results['x.df']).toBe(18);
    close(out.results['x.p'], 0.242946113484797);
    expect(rowOf(out, 'x')[5]).toBe('χ² 检验*');
    expect(tableOf(out).footnotes.join('')).toContain('* x：有理论频数 <5 的格子');
  });
});

describe('基线特征表: numbers as printed', () => {
  it('rounds half up on the printed value, keeps zeros, no negative zero', () => {
    expect([fixed(11.175, 2), fixed(67.25, 1), fixed(-1.005, 2), fixed(2, 2), fixed(-0.0001, 2), fixed(1e-7, 3), fixed(1234.5, 0)]).toEqual(['11.18', '67.3', '-1.01', '2.00', '0.00', '0.000', '1235']);
  });
});

describe('基线特征表: SMD of categories', () => {
  it('binary SMD reduces to |p1 − p2| / √((p1q1 + p2q2)/2), and levels absent from both groups do not matter', () => {
    const p1 = 68 / 136;
    const p2 = 41 / 64;
    close(smdCategorical([68, 68], [41, 23]), Math.abs(p1 - p2) / Math.sqrt((p1 * (1 - p1) + p2 * (1 - p2)) / 2));
    close(smdCategorical([26, 107, 0, 3], [20, 42, 0, 2]), smdCategorical([26, 107, 3], [20, 42, 2])!);
    expect(smdCategorical([5], [7])).toBe(0);
  });
});

describe('基线特征表: bad input', () => {
  const base = { ...defaults, group: '分组', vars: ['年龄'] };
  it('refuses with a message naming the column', () => {
    expect(() => run(cohort, { ...base, vars: [] })).toThrow('请至少选择一个');
    expect(() => run(cohort, { ...base, vars: ['年龄', '分组'] })).toThrow('变量“分组”已作为分组变量');
    expect(() => run(cohort, { ...base, vars: ['编号'] })).toThrow('变量“编号”有 200 个不同取值');
    expect(() => run(cohort, { ...base, normal_vars: ['年龄'], nonnormal_vars: ['年龄'] })).toThrow('变量“年龄”同时被选为');
    expect(() => run(cohort, { ...base, normal_vars: ['性别'] })).toThrow('变量“性别”不是数值型变量');
    expect(() => run(cohort, { ...base, vars: ['身高'] })).toThrow('数据中没有变量“身高”');
  });

  it('refuses one group, a group of one, a date column and an empty variable', () => {
    const one = dataOf({ g: ['A', 'A', 'A'], x: [1, 2, 3] });
    expect(() => run(one, { ...defaults, group: 'g', vars: ['x'] })).toThrow('分组变量“g”至少需要 2 个组');
    const single = dataOf({ g: ['A', 'A', 'A', 'B'], x: [1, 2, 3, 4] });
    expect(() => run(single, { ...defaults, group: 'g', vars: ['x'] })).toThrow('“B”组只有 1 例');
    const dated: DataTable = { ...trial, variables: trial.variables.map((v) => (v.name === '入组日期' ? { ...v, type: 'date' } : v)) };
    expect(() => run(dated, { ...defaults, group: '组别', vars: ['入组日期'] })).toThrow('变量“入组日期”是日期型');
    const empty = dataOf({ g: ['A', 'A', 'B', 'B'], x: [1, 2, 3, 4], y: [null, null, null, null] });
    expect(() => run({ ...empty, variables: empty.variables.map((v) => (v.name === 'y' ? { ...v, type: 'numeric' } : v)) }, { ...defaults, group: 'g', vars: ['y'] })).toThrow('变量“y”在分析的 4 例中全部缺失');
  });

  it('a row that cannot be tested gets a footnote, not a failed report', () => {
    const data = dataOf({ g: ['A', 'A', 'A', 'B', 'B', 'B'], 常数: [5, 5, 5, 5, 5, 5], 单类: ['是', '是', '是', '是', '是', '是'], x: [1, 2, 3, 4, 5, 7] });
    const out = run(data, { ...defaults, group: 'g', vars: ['常数', '单类', 'x'] });
    expect(out.results['常数.p']).toBeNull();
    expect(out.results['单类.p']).toBeNull();
    expect(out.results['单类.smd']).toBe(0);
    expect(typeof out.results['x.p']).toBe('number');
    const notes = tableOf(out).footnotes.join('');
    expect(notes).toContain('常数：');
    expect(notes).toContain('单类：只有一个类别，无需检验');
    expect(textOf(out)).toContain('x');
  });
});
