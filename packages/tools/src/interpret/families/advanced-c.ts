// The interpreter's explainers for the advanced tools of group C (issue 23), under their tool keys.
// Each reads the tool's own `results` and tables, so every number it writes is one the report shows.
import { fmt, levelText, name, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

// ---------------------------------------------------------------------------------------------
// 逐步回归

const DIRECTION: Record<string, string> = { both: '逐步（双向）', forward: '向前选择', backward: '向后剔除' };
const CRITERION: Record<string, string> = { aic: 'AIC', bic: 'BIC', p: 'F 检验 P 值' };

function stepwise(f: ReportFacts): Explanation {
  const y = f.param('y');
  const n = f.num('n');
  const direction = DIRECTION[f.str('direction') ?? 'both'] ?? '逐步（双向）';
  const criterion = CRITERION[f.str('criterion') ?? 'aic'] ?? 'AIC';
  const selected = f.str('selectedVariables');
  const steps = f.num('steps');
  const level = levelText(f);
  const coefs = f
    .prefixed('b.')
    .map(([col, b]) => ({ col: name(col), b, p: f.num(`p.${col}`), lo: f.num(`ciLower.${col}`), hi: f.num(`ciUpper.${col}`), beta: f.num(`beta.${col}`) }));
  const coefText = (c: (typeof coefs)[number]) => `${c.col}：B = ${fmt(c.b, 4)}（${level}%CI ${fmt(c.lo, 4)} ~ ${fmt(c.hi, 4)}，${pText(c.p)}）`;
  const sig = coefs.filter((c) => significant(c.p));
  const method =
    `以“${y}”为因变量，对 ${fmt(f.num('candidates'), 0)} 个候选自变量用${direction}法、以${criterion}为准则做逐步线性回归：` +
    (f.str('criterion') === 'p' ? '偏 F 检验 P 值小于进入标准的变量进入，大于剔除标准的变量剔除（同 SPSS）' : `每一步选择使 ${criterion} 下降最多的加入或剔除，直到不再下降（同 R 的 step()）`) +
    '；最终模型再用普通最小二乘拟合，报告系数、置信区间与 VIF。';
  const numbers = [
    `纳入 ${fmt(n, 0)} 例${(f.num('excluded') ?? 0) > 0 ? `（${fmt(f.num('excluded'), 0)} 例因缺失排除）` : ''}，共 ${fmt(steps, 0)} 步，最终入选 ${fmt(f.num('nSelected'), 0)} 个变量${selected ? `：${selected}` : ''}。`,
  ];
  if (f.num('rSquared') !== null && selected) {
    numbers.push(`最终模型 R² = ${fmt(f.num('rSquared'), 4)}，调整 R² = ${fmt(f.num('adjRSquared'), 4)}，F = ${fmt(f.num('fStatistic'), 3)}，${pText(f.num('p'))}；全部候选变量的全模型 R² = ${fmt(f.num('fullRSquared'), 4)}。`);
    numbers.push(...coefs.map((c) => `${coefText(c)}${c.beta !== null ? `，标准化系数 Beta = ${fmt(c.beta, 3)}` : ''}。`));
  }
  const conclusion = selected
    ? `${selected}是“${y}”的独立相关因素${sig.length > 0 ? `，其中${sig.map((c) => `${c.col}${c.b > 0 ? '越高' : '越低'}，${y}越高`).join('；')}` : ''}；其余候选变量（${f.str('removedVariables') ?? '无'}）未能改善模型。`
    : `没有候选变量进入模型，数据不支持它们与“${y}”有关。`;
  const caveats = [
    '逐步筛选后的 P 值与置信区间没有考虑筛选过程，偏乐观；入选结果依赖样本，换一份数据可能不同。',
    '变量高度相关时，逐步法只会留下其中一个，被剔除的变量不代表与结局无关。',
  ];
  const maxVif = f.num('maxVif');
  if (maxVif !== null && maxVif >= 5) caveats.push(`最终模型的最大 VIF 为 ${fmt(maxVif, 2)}，存在共线性，可考虑岭回归。`);
  caveats.push('最终模型仍要求线性、残差正态与方差齐性，宜做残差诊断。');
  const paper =
    `以${y}为因变量，采用${direction}法（准则：${criterion}）进行多重线性回归分析。` +
    (selected
      ? `最终进入模型的变量为${selected}（R² = ${fmt(f.num('rSquared'), 3)}，调整 R² = ${fmt(f.num('adjRSquared'), 3)}，F = ${fmt(f.num('fStatistic'), 2)}，${pText(f.num('p'))}）。${sig.map(coefText).join('；')}${sig.length > 0 ? '。' : ''}`
      : '没有变量进入模型。');
  const next = [
    '用多重线性回归工具对最终模型做残差诊断（正态 Q-Q 图、残差与拟合值图）。',
    '换用另一准则（AIC、BIC 或 P 值）或方向重新筛选，看入选变量是否一致。',
    '把依据专业知识必须调整的因素设为“强制保留”，再比较结果。',
  ];
  const nonsignificant =
    '被剔除的变量只是在已有变量的基础上没有提供足够的额外信息，并不证明它与结局无关：它可能与已入选的变量相关，或样本量不足。入选变量的 P 值因筛选而偏小，应谨慎解释。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect: 'B 为其他入选变量不变时，该变量每增加 1 个单位（或相对于参照类别）因变量均值的变化；标准化系数 Beta 可比较各变量作用的相对大小。' };
}

// ---------------------------------------------------------------------------------------------
// 岭回归

function ridge(f: ReportFacts): Explanation {
  const y = f.param('y');
  const rule = f.str('lambdaRule') === '1se' ? 'λ.1se' : 'λ.min';
  const maxVif = f.num('maxVif');
  const high = f.str('highVif');
  const r2 = f.str('lambdaRule') === '1se' ? f.num('rSquaredSe') : f.num('rSquaredMin');
  const coefKey = f.str('lambdaRule') === '1se' ? 'coefSe.' : 'coefMin.';
  const coefs = f.prefixed(coefKey);
  const method =
    `以“${y}”为因变量建立线性回归；先用普通最小二乘的方差膨胀因子（VIF）诊断多重共线性，再用岭回归（L2 惩罚，glmnet 的 α = 0）收缩系数，以 ${fmt(f.num('nfolds'), 0)} 折交叉验证（随机种子 ${fmt(f.num('seed'), 0)}）选择惩罚参数 λ。`;
  const numbers = [
    `纳入 ${fmt(f.num('n'), 0)} 例，${fmt(f.num('columns'), 0)} 个设计列。`,
    maxVif !== null ? `普通最小二乘的最大 VIF = ${fmt(maxVif, 2)}${high ? `（VIF ≥ 5：${high}）` : ''}，R² = ${fmt(f.num('olsRSquared'), 4)}。` : '普通最小二乘无法拟合（自变量完全共线），VIF 不可计算。',
    `λ.min = ${fmt(f.num('lambdaMin'), 4)}（交叉验证 MSE = ${fmt(f.num('cvmMin'), 4)}），λ.1se = ${fmt(f.num('lambdaSe'), 4)}（MSE = ${fmt(f.num('cvmSe'), 4)}）。`,
    `${rule} 处岭回归解释了 ${fmt(r2 === null ? null : 100 * r2, 1)}% 的变异。`,
    ...coefs.map(([col, b]) => `${name(col)}：岭回归系数 ${fmt(b, 4)}${f.num(`ols.${col}`) !== null ? `（普通回归 ${fmt(f.num(`ols.${col}`), 4)}）` : ''}。`),
  ];
  const conclusion =
    (maxVif !== null && maxVif >= 5 ? `普通回归存在多重共线性（最大 VIF = ${fmt(maxVif, 2)}），` : '') +
    `岭回归在 ${rule} 处把系数向 0 收缩，相关自变量的效应在它们之间分摊，系数比普通回归更稳定；模型解释了“${y}” ${fmt(r2 === null ? null : 100 * r2, 1)}% 的变异。`;
  const caveats = [
    '岭回归的系数是有偏估计，没有常规的标准误、置信区间与 P 值，不能据此判断某个变量“有无统计学意义”。',
    '岭回归不筛选变量，所有系数都不为 0；需要筛选时改用 LASSO 或弹性网络。',
    '交叉验证的分折是随机的，换种子后 λ 的选择可能略有变化；报告中应写明种子与折数。',
  ];
  if (maxVif !== null && maxVif < 5) caveats.push(`本例最大 VIF 仅 ${fmt(maxVif, 2)}，共线性不明显，普通回归已可接受，岭回归的优势有限。`);
  const paper =
    `由于自变量间存在多重共线性${maxVif !== null ? `（最大 VIF = ${fmt(maxVif, 2)}）` : ''}，采用岭回归分析${y}的影响因素，以 ${fmt(f.num('nfolds'), 0)} 折交叉验证选择惩罚参数（λ.min = ${fmt(f.num('lambdaMin'), 4)}，λ.1se = ${fmt(f.num('lambdaSe'), 4)}）。` +
    `${rule} 处模型解释了 ${fmt(r2 === null ? null : 100 * r2, 1)}% 的变异，各变量的岭回归系数见表4，岭迹图见图2。`;
  const next = [
    '看岭迹图：系数随 λ 增大趋于稳定的位置，与交叉验证选出的 λ 是否一致。',
    '对高度相关的变量（如体重、BMI、腰围），可按专业意义只保留一个或合成一个指标，再做普通回归以获得 P 值与置信区间。',
    '需要变量筛选时，用 LASSO 或弹性网络比较结果。',
  ];
  const nonsignificant = '岭回归没有 P 值。系数接近 0 只说明在惩罚下该变量的独立作用较小，并不等于“无统计学意义”；要做推断，应回到普通回归并说明共线性的影响。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect: '岭回归系数为原始单位的效应（每增加 1 个单位），已被收缩；标准化系数（系数 × 标准差）可比较各变量作用的相对大小。' };
}

// ---------------------------------------------------------------------------------------------
// 曲线估计

const CURVE_NAME: Record<string, string> = { linear: '线性', logarithmic: '对数', inverse: '倒数', quadratic: '二次', cubic: '三次', compound: '复合', power: '幂', s: 'S 形', growth: '增长', exponential: '指数', logistic: 'Logistic' };
const LOG_SCALE = new Set(['compound', 'power', 's', 'growth', 'exponential', 'logistic']);

function curve(f: ReportFacts): Explanation {
  const x = f.param('x');
  const y = f.param('y');
  const models = (f.str('models') ?? '').split(',').filter((m) => m in CURVE_NAME);
  const best = f.str('bestModel') ?? 'linear';
  const bestName = CURVE_NAME[best] ?? best;
  const method = `以“${x}”为自变量、“${y}”为因变量，用最小二乘拟合 ${models.map((m) => CURVE_NAME[m]).join('、')}等曲线（同 SPSS 的曲线估计）；幂、指数等模型在对数尺度上线性化拟合，各模型用 F 检验与 R² 比较，另用原尺度 R² 在全部模型间比较。`;
  const numbers = [
    `纳入 ${fmt(f.num('n'), 0)} 例${(f.num('excluded') ?? 0) > 0 ? `（${fmt(f.num('excluded'), 0)} 例因缺失排除）` : ''}。`,
    ...models.map((m) => `${CURVE_NAME[m]}：R² = ${fmt(f.num(`r2.${m}`), 4)}${LOG_SCALE.has(m) ? '（对数尺度）' : ''}，F = ${fmt(f.num(`f.${m}`), 3)}，${pText(f.num(`p.${m}`))}，原尺度 R² = ${fmt(f.num(`r2Original.${m}`), 4)}。`),
  ];
  const sig = models.filter((m) => significant(f.num(`p.${m}`)));
  const conclusion =
    sig.length === 0
      ? `所有曲线的 F 检验均无统计学意义，未发现“${x}”与“${y}”之间有明确的函数关系。`
      : `按原尺度的调整 R² 比较，${bestName}模型拟合最好（原尺度 R² = ${fmt(f.num('bestR2Original'), 4)}，${pText(f.num(`p.${best}`))}）；${f.num('r2Original.linear') !== null && best !== 'linear' ? `线性模型的原尺度 R² 为 ${fmt(f.num('r2Original.linear'), 4)}，` : ''}可据此选择描述两者关系的函数形式。`;
  const caveats = [
    '对数尺度拟合的模型（复合、幂、S 形、增长、指数、Logistic）的 R² 与 F 是对数尺度上的，不能与其他模型直接比较，应看原尺度 R²。',
    '多项式（二次、三次）参数越多 R² 越高，应兼顾简约与专业意义，且不宜外推到数据范围之外。',
    '曲线估计只含一个自变量，未调整混杂因素；各模型仍要求残差独立、近似正态与等方差。',
  ];
  const paper = `以${x}为自变量、${y}为因变量进行曲线估计，比较了${models.map((m) => CURVE_NAME[m]).join('、')}模型。${sig.length > 0 ? `${bestName}模型拟合最好（R² = ${fmt(f.num(`r2.${best}`), 3)}${LOG_SCALE.has(best) ? '，对数尺度' : ''}，F = ${fmt(f.num(`f.${best}`), 2)}，${pText(f.num(`p.${best}`))}）（图1）。` : '各模型均无统计学意义。'}`;
  const next = [
    '把选出的函数形式（如 ln x）作为自变量放入多重回归，调整其他因素。',
    '用限制性立方样条（RCS）检验非线性，不预设函数形式。',
    '检查所选模型的残差图，确认没有系统性偏离。',
  ];
  const nonsignificant = 'F 检验 P ≥ 0.05 说明该曲线不能显著解释因变量的变异，并不证明两者无关：关系可能是其他形状，或样本量不足。几个模型都显著时，P 值大小不是选择模型的依据，应比较 R² 与曲线的专业合理性。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect: 'R² 表示曲线解释的因变量变异的比例；对数尺度模型的 R² 是 ln(y) 的变异比例，原尺度 R² 才能与其他模型比较。' };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = {
  'stepwise-regression': stepwise,
  'ridge-regression': ridge,
  'curve-estimation': curve,
};
