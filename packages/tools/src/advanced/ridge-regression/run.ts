// 岭回归: a linear model with an L2 penalty for collinear predictors. The OLS fit's VIF shows the
// collinearity that motivates it; glmnet's α = 0 path (λ_max taken at α = 0.001, as glmnet) and
// k-fold CV give λ.min and λ.1se, and the shrunken coefficients there sit beside the OLS ones.
import { lassoCv, linearRegression, StatsError, type LassoCvResult, type LinearRegressionResult, maxOf } from '@labstat/stats';
import { levelOf, requireVariables } from '../../common.js';
import { modelInput, quoted } from '../../model-input.js';
import { termRows } from '../../model-terms.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { cvChart, pathChart } from '../../penalized-charts.js';

const intParam = (v: unknown, fallback: number, lo: number, hi: number, what: string): number => {
  if (v === null || v === undefined || v === '') return fallback;
  const x = Number(v);
  if (!Number.isInteger(x) || x < lo || x > hi) throw new ToolInputError(`“${what}”须为 ${lo} ~ ${hi} 之间的整数`);
  return x;
};

export function run(data: DataTable, params: Params): ToolOutput {
  const yName = String(params.y ?? '');
  if (!yName) throw new ToolInputError('请选择因变量');
  requireVariables(data, [yName]);
  const nfolds = intParam(params.nfolds, 10, 3, 20, '交叉验证折数');
  const seed = intParam(params.seed, 2024, 1, 999999, '随机种子');
  const rule: 'min' | '1se' = params.lambdaRule === '1se' ? '1se' : 'min';
  const level = levelOf(params);
  const pct = Math.round(level * 1000) / 10;

  const yv = numericValues(data, yName);
  const input = modelInput(data, params, yName, [{ name: yName, present: (i) => yv[i] !== null }]);
  const y = input.rows.map((i) => yv[i]!);
  const n = y.length;
  if (y.every((v) => v === y[0])) throw new ToolInputError(`因变量“${yName}”在分析的行中取值恒定，无法分析`);
  const design = termRows(input.names, input.levels).filter((r) => !r.reference);
  const label = (r: (typeof design)[number]) => (r.level === null ? r.variable : `${r.variable}：${r.level}`);
  const xcols = design.map((r) => {
    const p = input.predictors.find((q) => q.name === r.variable)!;
    return r.level === null ? (p.values as number[]).slice() : (p.values as string[]).map((v) => (v === r.level ? 1 : 0));
  });
  if (design.length < 2) throw new ToolInputError('岭回归用于多个（相关的）自变量，请至少选择 2 个自变量（或 1 个多分类变量）');
  if (n < 3 * nfolds) throw new ToolInputError(`分析的行只有 ${n} 行，${nfolds} 折交叉验证每折至少需要 3 例；请减少折数或增加样本`);

  // The OLS fit: its VIF is the reason for ridge; it cannot be fitted with p ≥ n or exact collinearity.
  let ols: Readonly<LinearRegressionResult> | null = null;
  let olsNote = '';
  try {
    ols = linearRegression({ y, predictors: input.predictors, level });
  } catch (err) {
    if (!(err instanceof StatsError)) throw err;
    olsNote = err.code === 'SINGULAR' ? `普通最小二乘无法拟合：自变量完全共线（${err.message}），VIF 为无穷大；岭回归仍可估计。` : `普通最小二乘无法拟合（${err.message}）；岭回归仍可估计。`;
  }

  let cv: LassoCvResult;
  try {
    cv = lassoCv(xcols, { y }, 'gaussian', { alpha: 0, nfolds, seed });
  } catch (err) {
    if (err instanceof StatsError) {
      if (err.code === 'ZERO_VARIANCE') throw new ToolInputError(`岭回归拟合失败：有自变量在分析的行中取值恒定（${err.message}），请删除该变量`);
      throw new ToolInputError(`岭回归拟合失败：${err.message}`);
    }
    throw err;
  }
  const sd = xcols.map((c) => {
    const m = c.reduce((a, b) => a + b, 0) / n;
    return Math.sqrt(c.reduce((a, v) => a + (v - m) ** 2, 0) / n);
  });
  const bMin = cv.path.beta[cv.indexMin]!;
  const bSe = cv.path.beta[cv.indexSe]!;
  const kChosen = rule === 'min' ? cv.indexMin : cv.indexSe;
  const chosen = cv.path.beta[kChosen]!;
  const ruleName = rule === 'min' ? 'λ.min' : 'λ.1se';
  const coef = new Map((ols?.coefficients ?? []).map((c) => [c.term, c]));
  const vif = new Map((ols?.vif ?? []).map((v) => [v.term, v.vif]));
  const maxVif = ols?.vif ? maxOf(ols.vif.map((v) => v.vif)) : null;
  const highVif = design.filter((r) => (vif.get(r.column!) ?? 0) >= 5);

  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 分析样本与设置',
        ['纳入例数', '因缺失排除', '自变量', '设计矩阵列数', `${yName}均值`, '交叉验证', '随机种子'],
        [[n, input.excluded, input.names.length, design.length, num(y.reduce((a, b) => a + b, 0) / n, 3), `${nfolds} 折`, seed]],
        [
          input.excluded > 0 ? `${input.excluded} 行因所选变量存在缺失值被排除（列表删除）。` : '所选变量无缺失值。',
          ...(input.fs.length > 0 ? [`分类变量${quoted(input.fs)}按参照水平转为哑变量（参照：${input.fs.map((f) => `${f}=${input.levels.get(f)![0]}`).join('；')}）。`] : []),
        ],
      ),
    ],
  });

  // Collinearity diagnosis from the OLS fit.
  const olsRows = design.map((r) => {
    const c = coef.get(r.column!);
    return [label(r), num(c?.estimate, 4), num(c?.se, 4), c ? `${num(c.ci[0], 4)} ~ ${num(c.ci[1], 4)}` : '—', c ? formatP(c.pValue) : '—', vif.has(r.column!) ? num(vif.get(r.column!), 2) : '—'];
  });
  sections.push({
    title: '共线性诊断（普通最小二乘）',
    blocks: [
      ols
        ? table('表2 普通最小二乘回归系数与方差膨胀因子', ['变量', 'B', '标准误', `B 的 ${pct}%CI`, 'P', 'VIF'], olsRows, [
            `R² = ${num(ols.rSquared, 4)}，调整 R² = ${num(ols.adjRSquared, 4)}，F = ${num(ols.fStatistic, 3)}，P ${formatP(ols.fPValue)}（同 R 的 lm）。VIF 同 car::vif（哑变量按列）。`,
            maxVif !== null && maxVif >= 10
              ? `最大 VIF = ${num(maxVif, 2)} ≥ 10，存在严重的多重共线性：普通回归的系数不稳定、标准误被放大。`
              : maxVif !== null && maxVif >= 5
                ? `最大 VIF = ${num(maxVif, 2)}，在 5 ~ 10 之间，存在中度多重共线性${highVif.length > 0 ? `（${highVif.map(label).join('、')}）` : ''}。`
                : `最大 VIF = ${num(maxVif, 2)} < 5，共线性不明显；此时岭回归与普通回归的结果相近。`,
          ])
        : text(olsNote),
    ],
  });

  const measure = '均方误差（MSE）';
  const lambdaRow = (name: string, k: number) => [name, num(cv.lambda[k]!, 5), num(Math.log(cv.lambda[k]!), 3), num(cv.cvm[k]!, 4), num(cv.cvsd[k]!, 4), num(cv.path.devRatio[k]!, 4)];
  sections.push({
    title: '交叉验证与 λ 的选择',
    blocks: [
      table(
        '表3 交叉验证选出的 λ',
        ['准则', 'λ', 'log(λ)', `交叉验证${measure}`, '标准误', '训练集 R²'],
        [lambdaRow('λ.min（误差最小）', cv.indexMin), lambdaRow('λ.1se（最小误差 + 1 个标准误以内的最大 λ）', cv.indexSe)],
        [
          `λ 序列共 ${cv.lambda.length} 个值，自 λ_max = ${num(cv.lambda[0]!, 5)} 按对数等距递减（同 glmnet：α = 0 时 λ_max 按 α = 0.001 计算，第一个 λ 处系数全为 0；nlambda = 100，lambda.min.ratio = ${n > design.length ? '0.0001' : '0.01'}）。`,
          `${nfolds} 折交叉验证：按随机种子 ${seed} 把 ${n} 例随机分为 ${nfolds} 折，每折轮流作验证集；标准误为折间标准差 / √(折数 − 1)。训练集 R² 为全部数据上解释的方差比例（glmnet 的 dev.ratio）。`,
          '分折使用本软件的随机数发生器，与 R 的 set.seed + sample 不同；R 代码使用 R 自己的分折，λ 路径与系数完全一致，λ.min / λ.1se 可能略有不同。',
        ],
      ),
      cvChart(cv, `交叉验证${measure}`, `图1 ${nfolds} 折交叉验证曲线（点为均值，竖线为 ±1 个标准误；虚线为 λ.min 与 λ.1se）`, false),
    ],
  });

  const cell = (b: number | undefined) => num(b, 4);
  const coefRows = design.map((r, j) => [label(r), ols ? cell(coef.get(r.column!)?.estimate) : '—', cell(bMin[j]!), cell(bSe[j]!), num(chosen[j]! * sd[j]!, 4)]);
  coefRows.push(['（截距）', ols ? cell(coef.get('(Intercept)')?.estimate) : '—', cell(cv.path.intercept[cv.indexMin]!), cell(cv.path.intercept[cv.indexSe]!), '']);
  sections.push({
    title: '岭回归系数',
    blocks: [
      table(
        '表4 岭回归系数与普通最小二乘系数',
        ['变量', '普通最小二乘 B', '岭回归 B（λ.min）', '岭回归 B（λ.1se）', `标准化系数（${ruleName}）`],
        coefRows,
        [
          '岭回归系数为原始单位（每增加 1 个单位，或相对于参照类别）的效应，被压缩向 0 但不会恰好为 0（岭回归不筛选变量）；相关自变量的效应在它们之间分摊，符号与大小比普通回归更稳定。',
          '标准化系数 = 系数 × 自变量的标准差（1/n 方差，同 glmnet），可比较各自变量的相对重要性。岭回归系数是有偏估计，没有常规的标准误、置信区间与 P 值。',
        ],
      ),
      pathChart(cv, design.map(label), sd, `图2 岭迹图（纵轴为标准化系数 = 系数 × 标准差；虚线为 λ.min 与 λ.1se）`),
    ],
  });

  const results: ToolOutput['results'] = {
    n,
    excluded: input.excluded,
    predictors: input.names.length,
    columns: design.length,
    nfolds,
    seed,
    lambdaRule: rule,
    nLambda: cv.lambda.length,
    lambdaMax: cv.lambda[0]!,
    lambdaMin: cv.lambdaMin,
    lambdaSe: cv.lambdaSe,
    logLambdaMin: Math.log(cv.lambdaMin),
    logLambdaSe: Math.log(cv.lambdaSe),
    cvmMin: cv.cvm[cv.indexMin]!,
    cvsdMin: cv.cvsd[cv.indexMin]!,
    cvmSe: cv.cvm[cv.indexSe]!,
    rSquaredMin: cv.path.devRatio[cv.indexMin]!,
    rSquaredSe: cv.path.devRatio[cv.indexSe]!,
    interceptMin: cv.path.intercept[cv.indexMin]!,
    interceptSe: cv.path.intercept[cv.indexSe]!,
    olsRSquared: ols ? ols.rSquared : null,
    maxVif,
    highVif: highVif.map(label).join('、'),
  };
  design.forEach((r, j) => {
    results[`coefMin.${r.column}`] = bMin[j]!;
    results[`coefSe.${r.column}`] = bSe[j]!;
    if (ols) {
      results[`ols.${r.column}`] = coef.get(r.column!)?.estimate ?? null;
      results[`vif.${r.column}`] = vif.get(r.column!) ?? null;
    }
  });

  // Conclusion, worded as a results section.
  const parts: string[] = [];
  parts.push(`共纳入 ${n} 例${input.excluded > 0 ? `（${input.excluded} 例因缺失排除）` : ''}，以“${yName}”为因变量、${input.names.length} 个自变量（${design.length} 个设计列）建立线性回归模型。`);
  if (ols && maxVif !== null) {
    parts.push(
      maxVif >= 5
        ? `普通最小二乘回归中${highVif.map((r) => `${label(r)}（VIF = ${num(vif.get(r.column!), 2)}）`).join('、')}的方差膨胀因子 ≥ 5，提示存在多重共线性，故采用岭回归。`
        : `普通最小二乘回归的最大 VIF 为 ${num(maxVif, 2)}，共线性不明显。`,
    );
  } else if (!ols) parts.push(olsNote);
  parts.push(
    `经 ${nfolds} 折交叉验证，λ.min = ${num(cv.lambdaMin, 4)}（log(λ) = ${num(Math.log(cv.lambdaMin), 3)}，交叉验证 MSE = ${num(cv.cvm[cv.indexMin]!, 4)}），λ.1se = ${num(cv.lambdaSe, 4)}；` +
      `按 ${ruleName}，岭回归模型解释了${yName} ${num(100 * cv.path.devRatio[kChosen]!, 1)}% 的变异${ols ? `（普通回归 ${num(100 * ols.rSquared, 1)}%）` : ''}。`,
  );
  const order = design.map((r, j) => ({ r, s: chosen[j]! * sd[j]! })).sort((a, b) => Math.abs(b.s) - Math.abs(a.s));
  parts.push(`标准化系数绝对值最大的依次为：${order.slice(0, 3).map((o) => `${label(o.r)}（${num(o.s, 3)}）`).join('、')}。`);
  if (ols) {
    const flips = design.filter((r, j) => {
      const b = coef.get(r.column!)?.estimate ?? 0;
      return b !== 0 && Math.sign(b) !== Math.sign(chosen[j]!);
    });
    if (flips.length > 0) parts.push(`${flips.map(label).join('、')}的系数符号在岭回归中与普通回归相反，说明其普通回归系数受共线性影响而不稳定。`);
  }
  const caveats = [
    '岭回归的系数是有偏（压缩）估计，不能给出常规的 P 值与置信区间；若需要推断，可报告普通回归结果并说明共线性，或按专业知识合并/删去高度相关的变量。',
    `交叉验证的分折是随机的：换一个种子，λ.min 与 λ.1se 可能略有变化；本报告使用种子 ${seed}，同一种子结果完全相同。`,
    '岭回归不做变量筛选（所有系数都不为 0）；需要筛选变量时可用 LASSO 或弹性网络。',
  ];
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  return { title: `岭回归：${yName}`, sections, results };
}
