// 曲线估计: one predictor, several curve families fitted as SPSS CURVEFIT fits them — least squares
// on linearised variables (ln y for compound, power, S, growth, exponential and logistic; ln x or 1/x
// on the right-hand side where the model says so) — each with R², F, P and its parameters, and the
// fitted curves drawn over the scatter. A model whose transformation the data do not allow is skipped
// with a note, as SPSS does.
import { fSf, polynomialRegression, StatsError, tQuantile, tTwoSided, type PolynomialFit, maxOf, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { PALETTE, scatterChart } from '../../charts.js';
import { levelOf, requireVariables } from '../../common.js';
import { fieldList } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { CURVE_MODELS, type CurveModel } from './definition.js';

interface Spec {
  name: string;
  equation: string;
  degree: 1 | 2 | 3;
  /** The fitting scale of x and y; null where the data do not allow it. */
  tx: (x: number) => number;
  ty: (y: number) => number;
  needs: { xPositive?: boolean; xNonZero?: boolean; yPositive?: boolean; yBelowUpper?: boolean };
  /** Fitted coefficients (x^0…x^d of the transformed scale) → SPSS's reported b0, b1, … */
  report: (g: readonly number[]) => number[];
  /** The curve on the original scale. */
  predict: (b: readonly number[], x: number) => number;
  logScale: boolean;
  /** Names of the fitted (transformed-scale) terms, for the coefficient table. */
  terms: string[];
}

const ln = Math.log;
const SPECS = (u: number): Record<CurveModel, Spec> => {
  const id = (v: number) => v;
  const lin = (g: readonly number[]) => [...g];
  const expB0 = (g: readonly number[]) => [Math.exp(g[0]!), g[1]!];
  const expBoth = (g: readonly number[]) => [Math.exp(g[0]!), Math.exp(g[1]!)];
  return {
    linear: { name: '线性', equation: 'y = b0 + b1·x', degree: 1, tx: id, ty: id, needs: {}, report: lin, predict: (b, x) => b[0]! + b[1]! * x, logScale: false, terms: ['常数', 'x'] },
    logarithmic: { name: '对数', equation: 'y = b0 + b1·ln(x)', degree: 1, tx: ln, ty: id, needs: { xPositive: true }, report: lin, predict: (b, x) => b[0]! + b[1]! * ln(x), logScale: false, terms: ['常数', 'ln(x)'] },
    inverse: { name: '倒数', equation: 'y = b0 + b1/x', degree: 1, tx: (x) => 1 / x, ty: id, needs: { xNonZero: true }, report: lin, predict: (b, x) => b[0]! + b[1]! / x, logScale: false, terms: ['常数', '1/x'] },
    quadratic: { name: '二次', equation: 'y = b0 + b1·x + b2·x²', degree: 2, tx: id, ty: id, needs: {}, report: lin, predict: (b, x) => b[0]! + b[1]! * x + b[2]! * x * x, logScale: false, terms: ['常数', 'x', 'x²'] },
    cubic: { name: '三次', equation: 'y = b0 + b1·x + b2·x² + b3·x³', degree: 3, tx: id, ty: id, needs: {}, report: lin, predict: (b, x) => b[0]! + b[1]! * x + b[2]! * x * x + b[3]! * x ** 3, logScale: false, terms: ['常数', 'x', 'x²', 'x³'] },
    compound: { name: '复合', equation: 'y = b0·b1^x', degree: 1, tx: id, ty: ln, needs: { yPositive: true }, report: expBoth, predict: (b, x) => b[0]! * b[1]! ** x, logScale: true, terms: ['ln(b0)', 'ln(b1)·x'] },
    power: { name: '幂', equation: 'y = b0·x^b1', degree: 1, tx: ln, ty: ln, needs: { xPositive: true, yPositive: true }, report: expB0, predict: (b, x) => b[0]! * x ** b[1]!, logScale: true, terms: ['ln(b0)', 'ln(x)'] },
    s: { name: 'S 形', equation: 'y = exp(b0 + b1/x)', degree: 1, tx: (x) => 1 / x, ty: ln, needs: { xNonZero: true, yPositive: true }, report: lin, predict: (b, x) => Math.exp(b[0]! + b[1]! / x), logScale: true, terms: ['常数', '1/x'] },
    growth: { name: '增长', equation: 'y = exp(b0 + b1·x)', degree: 1, tx: id, ty: ln, needs: { yPositive: true }, report: lin, predict: (b, x) => Math.exp(b[0]! + b[1]! * x), logScale: true, terms: ['常数', 'x'] },
    exponential: { name: '指数', equation: 'y = b0·exp(b1·x)', degree: 1, tx: id, ty: ln, needs: { yPositive: true }, report: expB0, predict: (b, x) => b[0]! * Math.exp(b[1]! * x), logScale: true, terms: ['ln(b0)', 'x'] },
    logistic: {
      name: 'Logistic',
      equation: Number.isFinite(u) ? `y = 1/(1/${u} + b0·b1^x)` : 'y = 1/(b0·b1^x)',
      degree: 1,
      tx: id,
      ty: (y) => ln(1 / y - 1 / u),
      needs: { yPositive: true, yBelowUpper: true },
      report: expBoth,
      predict: (b, x) => 1 / (1 / u + b[0]! * b[1]! ** x),
      logScale: true,
      terms: ['ln(b0)', 'ln(b1)·x'],
    },
  };
};

interface Fitted {
  key: CurveModel;
  spec: Spec;
  fit: PolynomialFit;
  b: number[];
  f: number;
  df1: number;
  df2: number;
  p: number;
  /** R² of the curve on the original scale of y: 1 − Σ(y − ŷ)² / Σ(y − ȳ)². */
  r2Original: number;
  adjOriginal: number;
}

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const yName = String(params.y ?? '');
  if (!xName || !yName) throw new ToolInputError('请选择自变量与因变量');
  requireVariables(data, [xName, yName]);
  if (xName === yName) throw new ToolInputError('自变量与因变量不能是同一列');
  const chosen = fieldList(params.models).filter((m): m is CurveModel => (CURVE_MODELS as readonly string[]).includes(m));
  if (chosen.length === 0) throw new ToolInputError('请至少选择一种曲线');
  const upperRaw = String(params.upper ?? '').trim();
  const u = upperRaw === '' ? Infinity : Number(upperRaw);
  if (!(u > 0)) throw new ToolInputError('Logistic 曲线的上限 u 须为正数，或留空表示无上限');
  const level = levelOf(params);
  const pct = Math.round(level * 1000) / 10;

  const xs0 = numericValues(data, xName);
  const ys0 = numericValues(data, yName);
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) if (xs0[i] !== null && ys0[i] !== null) rows.push(i);
  const x = rows.map((i) => xs0[i]!);
  const y = rows.map((i) => ys0[i]!);
  const n = x.length;
  const excluded = data.rows - n;
  if (n < 5) throw new ToolInputError(`去除缺失值后只有 ${n} 行，曲线估计至少需要 5 个观测`);
  if (x.every((v) => v === x[0])) throw new ToolInputError(`自变量“${xName}”在分析的行中取值恒定，无法拟合曲线`);
  if (y.every((v) => v === y[0])) throw new ToolInputError(`因变量“${yName}”在分析的行中取值恒定，无法拟合曲线`);
  const yMax = maxOf(y);
  if (chosen.includes('logistic') && Number.isFinite(u) && !(u > yMax)) throw new ToolInputError(`Logistic 曲线的上限 u（${u}）须大于因变量“${yName}”的最大值 ${yMax}`);

  const specs = SPECS(u);
  const yMean = y.reduce((a, b) => a + b, 0) / n;
  const tss = y.reduce((a, v) => a + (v - yMean) ** 2, 0);
  const fitted: Fitted[] = [];
  const skipped: string[] = [];
  for (const key of chosen) {
    const spec = specs[key];
    const why: string[] = [];
    if (spec.needs.xPositive && x.some((v) => v <= 0)) why.push(`自变量“${xName}”含 ≤ 0 的值`);
    if (spec.needs.xNonZero && x.some((v) => v === 0)) why.push(`自变量“${xName}”含 0`);
    if (spec.needs.yPositive && y.some((v) => v <= 0)) why.push(`因变量“${yName}”含 ≤ 0 的值`);
    if (why.length > 0) {
      skipped.push(`${spec.name}模型未拟合：${why.join('，')}，无法取${spec.needs.xNonZero && !spec.needs.xPositive ? '倒数' : '对数'}（SPSS 同样跳过该模型）。`);
      continue;
    }
    const tx = x.map(spec.tx);
    const ty = y.map(spec.ty);
    let fit: PolynomialFit;
    try {
      fit = polynomialRegression(tx, ty, spec.degree);
    } catch (err) {
      if (err instanceof StatsError) {
        skipped.push(`${spec.name}模型未拟合：${err.message}。`);
        continue;
      }
      throw err;
    }
    const df1 = spec.degree;
    const df2 = fit.df;
    const f = fit.rSquared / df1 / ((1 - fit.rSquared) / df2);
    const b = spec.report(fit.coefficients);
    const rss = x.reduce((a, xi, i) => a + (y[i]! - spec.predict(b, xi)) ** 2, 0);
    const r2Original = 1 - rss / tss;
    fitted.push({ key, spec, fit, b, f, df1, df2, p: fSf(f, df1, df2), r2Original, adjOriginal: 1 - ((1 - r2Original) * (n - 1)) / (n - df1 - 1) });
  }
  if (fitted.length === 0) throw new ToolInputError(`所选曲线都无法拟合：${skipped.join('')}`);

  const sections: ToolOutput['sections'] = [];
  const range = (v: number[]) => `${num(minOf(v), 3)} ~ ${num(maxOf(v), 3)}`;
  sections.push({
    title: '样本概况',
    blocks: [
      table('表1 分析样本', ['纳入例数', '因缺失排除', `${xName} 范围`, `${yName} 范围`, `${yName} 均值`], [[n, excluded, range(x), range(y), num(yMean, 3)]], [
        excluded > 0 ? `${excluded} 行因自变量或因变量缺失被排除。` : '所选变量无缺失值。',
      ]),
    ],
  });

  const maxDegree = maxOf(fitted.map((m) => m.spec.degree));
  const bCols = Array.from({ length: maxDegree + 1 }, (_, k) => `b${k}`);
  const logModels = fitted.filter((m) => m.spec.logScale);
  sections.push({
    title: '模型汇总与参数估计',
    blocks: [
      table(
        `表2 模型汇总与参数估计（因变量：${yName}，自变量：${xName}）`,
        ['模型', '方程', 'R²', 'F', 'df1', 'df2', 'P', ...bCols, '原尺度 R²', '原尺度调整 R²'],
        fitted.map((m) => [m.spec.name, m.spec.equation, num(m.fit.rSquared, 4), num(m.f, 3), m.df1, m.df2, formatP(m.p), ...bCols.map((_, k) => (k < m.b.length ? num(m.b[k], 6) : '')), num(m.r2Original, 4), num(m.adjOriginal, 4)]),
        [
          '各模型用最小二乘拟合（同 SPSS 的 CURVEFIT；在 R 中为对变换后的变量做 lm()）；F 检验模型整体是否有统计学意义。',
          ...(logModels.length > 0
            ? [`${logModels.map((m) => m.spec.name).join('、')}模型与 SPSS 一样在对数尺度上线性化拟合（ln y 对 x、ln x 或 1/x${fitted.some((m) => m.key === 'logistic') ? '；Logistic 为 ln(1/y − 1/u) 对 x' : ''}），其 R²、F、P 是对数尺度上的，与其他模型的 R² 不能直接比较；b0、b1 已换算回原方程的参数。`]
            : []),
          '原尺度 R² = 1 − Σ(y − ŷ)²/Σ(y − ȳ)²，ŷ 为拟合曲线在原尺度上的预测值，可在所有模型之间比较；原尺度调整 R² = 1 − (1 − R²)(n − 1)/(n − k − 1)（k 为自变量项数），用于挑选拟合最好的模型。',
          ...skipped,
        ],
      ),
    ],
  });

  const tq = (df: number) => tQuantile(1 - (1 - level) / 2, df);
  const coefRows = fitted.flatMap((m) =>
    m.fit.coefficients.map((g, k) => {
      const se = m.fit.se[k]!;
      const t = g / se;
      const q = tq(m.df2);
      return [k === 0 ? m.spec.name : '', m.spec.terms[k]!, num(g, 6), num(se, 6), num(t, 3), formatP(tTwoSided(t, m.df2)), `${num(g - q * se, 6)} ~ ${num(g + q * se, 6)}`];
    }),
  );
  sections.push({
    title: '各模型的回归系数',
    blocks: [
      table(`表3 各模型在拟合尺度上的回归系数（${pct}%CI）`, ['模型', '项', '估计值', '标准误', 't', 'P', `${pct}%CI`], coefRows, [
        '即对变换后的变量做线性回归的系数（R：summary(lm(...)) 与 confint()）；对数尺度模型的“ln(b0)”“ln(b1)”取指数即表2中的 b0、b1。',
      ]),
      curveChart(x, y, fitted, xName, yName),
    ],
  });

  const best = [...fitted].sort((a, b) => b.adjOriginal - a.adjOriginal)[0]!;
  const results: ToolOutput['results'] = { n, excluded, models: fitted.map((m) => m.key).join(','), skipped: skipped.length, bestModel: best.key, bestModelName: best.spec.name, bestR2Original: best.r2Original, level };
  for (const m of fitted) {
    results[`r2.${m.key}`] = m.fit.rSquared;
    results[`f.${m.key}`] = m.f;
    results[`df1.${m.key}`] = m.df1;
    results[`df2.${m.key}`] = m.df2;
    results[`p.${m.key}`] = m.p;
    results[`r2Original.${m.key}`] = m.r2Original;
    results[`adjR2Original.${m.key}`] = m.adjOriginal;
    m.b.forEach((v, k) => {
      results[`b${k}.${m.key}`] = v;
    });
    // The fitted (transformed-scale) coefficients and SEs, as lm() on the transformed variables gives them.
    m.fit.coefficients.forEach((v, k) => {
      results[`fitCoef${k}.${m.key}`] = v;
      results[`fitSe${k}.${m.key}`] = m.fit.se[k]!;
    });
  }

  const pText = (p: number) => (p < 0.001 ? 'P < 0.001' : `P = ${p.toFixed(3)}`);
  const sig = fitted.filter((m) => m.p < 0.05);
  const parts: string[] = [
    `共纳入 ${n} 例${excluded > 0 ? `（${excluded} 例因缺失排除）` : ''}，以“${xName}”为自变量、“${yName}”为因变量拟合了 ${fitted.length} 种曲线。`,
    sig.length > 0 ? `${sig.length === fitted.length ? '全部模型' : sig.map((m) => m.spec.name).join('、') + '模型'}有统计学意义（P < 0.05）。` : '所有模型的 F 检验均无统计学意义（P ≥ 0.05），未发现两者之间有明确的函数关系。',
    `${fitted.map((m) => `${m.spec.name}模型 R² = ${num(m.fit.rSquared, 3)}${m.spec.logScale ? '（对数尺度）' : ''}`).join('，')}。`,
    `按原尺度的调整 R² 比较，${best.spec.name}模型拟合最好（原尺度 R² = ${num(best.r2Original, 3)}，F = ${num(best.f, 2)}，${pText(best.p)}），方程为 ${equationText(best)}。`,
  ];
  const linear = fitted.find((m) => m.key === 'linear');
  if (linear && best.key !== 'linear' && best.r2Original - linear.r2Original < 0.01) parts.push(`其 R² 与线性模型（${num(linear.r2Original, 3)}）相差不到 0.01，从简约出发也可采用线性模型。`);
  const caveats = [
    '曲线估计只比较单个自变量的函数形式，不调整其他因素；确定形式后，可把变换后的自变量（如 ln x）放入多重回归。',
    '三次等多项式模型参数多，R² 总是不低于二次与线性模型；应结合调整 R²、专业意义与曲线在数据范围内的形状选择，不宜外推到数据范围之外。',
    ...(logModels.length > 0 ? ['对数尺度拟合的模型（幂、指数等）假定误差在对数尺度上正态、等方差；若误差在原尺度上等方差，可改用非线性最小二乘（R 的 nls）。'] : []),
  ];
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  return { title: `曲线估计：${yName} 与 ${xName}`, sections, results };
}

const r6 = (v: number) => Number(v.toPrecision(6));

function equationText(m: Fitted): string {
  let s = m.spec.equation;
  m.b.forEach((v, k) => {
    s = s.replace(new RegExp(`b${k}`, 'g'), `(${r6(v)})`);
  });
  return s;
}

function curveChart(x: readonly number[], y: readonly number[], fitted: readonly Fitted[], xName: string, yName: string): ReportBlock {
  const block = scatterChart(
    x.map((v, i) => [v, y[i]!]),
    { title: '图1 散点图与各模型的拟合曲线', xName, yName },
  );
  if (block.type !== 'chart') return block;
  const lo = minOf(x);
  const hi = maxOf(x);
  const grid = Array.from({ length: 101 }, (_, k) => lo + ((hi - lo) * k) / 100);
  const option = block.option as { series: Array<Record<string, unknown>>; legend: { data: string[] } };
  fitted.forEach((m, j) => {
    const pts = grid.flatMap((g) => {
      const v = m.spec.predict(m.b, g);
      return Number.isFinite(v) && (g !== 0 || !m.spec.needs.xNonZero) ? [[r6(g), r6(v)]] : [];
    });
    option.series.push({ type: 'line', name: m.spec.name, data: pts, symbol: 'none', smooth: false, lineStyle: { width: 2, color: PALETTE[(j + 1) % PALETTE.length], type: j < PALETTE.length - 1 ? 'solid' : 'dashed' }, itemStyle: { color: PALETTE[(j + 1) % PALETTE.length] }, z: 3 });
    option.legend.data.push(m.spec.name);
  });
  return block;
}
