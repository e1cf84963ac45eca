// The interpreter's explainers for the prediction tools of group A (issue 22), under their tool keys.
// Each reads the tool's own `results` and tables, so every number it writes is one the report shows.
import { fmt, type Explanation, type ReportFacts } from '../explanation.js';

const list = (s: string | null, max = 20): string => {
  const xs = (s ?? '').split('、').filter((x) => x !== '');
  return xs.length > max ? `${xs.slice(0, max).join('、')} 等 ${xs.length} 个` : xs.join('、');
};

function lasso(f: ReportFacts): Explanation {
  const type = f.str('outcomeType') ?? 'binary';
  const model = type === 'binary' ? 'Logistic' : type === 'survival' ? 'Cox' : '线性';
  const ratio = type === 'binary' ? 'OR' : type === 'survival' ? 'HR' : null;
  const refit = type === 'binary' ? '二元 Logistic 回归' : type === 'survival' ? 'Cox 回归' : '线性回归';
  const alpha = f.num('alpha') ?? 1;
  const method = alpha === 1 ? 'LASSO' : `弹性网络（α = ${fmt(alpha, 2)}）`;
  const n = f.num('n');
  const events = f.num('events');
  const nfolds = f.num('nfolds');
  const seed = f.num('seed');
  const rule = f.str('lambdaRule') === 'min' ? 'min' : '1se';
  const ruleName = rule === 'min' ? 'λ.min' : 'λ.1se';
  const nMin = f.num('nSelectedMin') ?? 0;
  const nSe = f.num('nSelectedSe') ?? 0;
  const chosen = rule === 'min' ? f.str('selectedMin') : f.str('selectedSe');
  const nChosen = rule === 'min' ? nMin : nSe;
  const epv = f.num('epv');
  const measure = type === 'continuous' ? '均方误差' : type === 'binary' ? '二项偏差' : '偏似然偏差';
  const methodText =
    `${model} ${method}回归把 ${fmt(f.num('candidates'), 0)} 个候选变量（${fmt(f.num('columns'), 0)} 个设计列，分类变量拆为哑变量）标准化后同时放入模型，用惩罚项 λ 把不重要变量的系数压缩为 0，从而筛选变量。` +
    `λ 由 ${fmt(nfolds, 0)} 折交叉验证选择（随机种子 ${fmt(seed, 0)}）：λ.min 使交叉验证${measure}最小，λ.1se 是误差不超过最小值 1 个标准误的最大 λ，入选变量更少。计算与 R 的 glmnet/cv.glmnet 一致。`;
  const numbers = [
    `纳入 ${fmt(n, 0)} 例${events !== null ? `，${type === 'survival' ? '事件' : '结局发生'} ${fmt(events, 0)} 例` : ''}，因缺失排除 ${fmt(f.num('excluded'), 0)} 例。`,
    `λ.min = ${fmt(f.num('lambdaMin'), 4)}（log(λ) = ${fmt(f.num('logLambdaMin'), 3)}），交叉验证${measure} ${fmt(f.num('cvmMin'), 4)}，入选 ${fmt(nMin, 0)} 个设计列。`,
    `λ.1se = ${fmt(f.num('lambdaSe'), 4)}（log(λ) = ${fmt(f.num('logLambdaSe'), 3)}），交叉验证${measure} ${fmt(f.num('cvmSe'), 4)}，入选 ${fmt(nSe, 0)} 个设计列。`,
  ];
  if (chosen) numbers.push(`按 ${ruleName} 入选：${list(chosen)}（系数${ratio ? `与压缩后的 ${ratio}` : ''}见表3）。`);
  const conclusion =
    nChosen > 0
      ? `按 ${ruleName} 准则，LASSO 从候选变量中筛选出 ${fmt(nChosen, 0)} 个设计列（${list(chosen)}），它们是在惩罚下仍保留非零系数的预测变量，可作为多因素${model === '线性' ? '线性' : ` ${model} `}模型的候选变量。`
      : `按 ${ruleName} 准则，全部系数都被压缩为 0，没有变量被选入，提示这些候选变量对结局的预测作用很弱${nMin > 0 ? `；λ.min 处入选 ${fmt(nMin, 0)} 个，可结合专业知识参考` : ''}。`;
  const caveats = [
    `LASSO 系数被压缩向 0，不是无偏的效应估计，也没有 P 值和置信区间；论文中应把入选变量放入${refit}重新拟合后报告${ratio ?? '回归系数'}及 95%CI。`,
    '交叉验证的分折是随机的，换随机种子可能使 λ 和入选变量略有变化；只在 λ.min 入选、不在 λ.1se 入选的变量稳定性较差。',
  ];
  if (epv !== null && epv < 10) caveats.push(`每个候选列的事件数 EPV = ${fmt(epv, 1)}，少于 10，过拟合风险较高；最终模型宜控制变量数，并做内部验证。`);
  const paper =
    `采用 ${method}回归筛选预测变量：将 ${fmt(f.num('candidates'), 0)} 个候选变量纳入 ${model} ${method}模型（R glmnet），以 ${fmt(nfolds, 0)} 折交叉验证选择最优 λ。` +
    `交叉验证${measure}最小时 λ.min = ${fmt(f.num('lambdaMin'), 4)}，一个标准误准则下 λ.1se = ${fmt(f.num('lambdaSe'), 4)}（图1）。` +
    (nChosen > 0 ? `按 ${ruleName}，共筛选出 ${fmt(nChosen, 0)} 个非零系数变量：${list(chosen)}（图2，表3），纳入后续多因素${refit}。` : `按 ${ruleName}，未筛选出非零系数变量。`);
  const next = [
    `把入选变量放入${refit}重新拟合，报告${ratio ?? '回归系数'}、95%CI 与 P 值。`,
    type === 'continuous' ? '检查最终线性模型的残差与共线性。' : '据多因素模型绘制列线图，并评价区分度（ROC/C 指数）、校准曲线（Bootstrap）与决策曲线。',
    '可用不同随机种子重复筛选，观察入选变量是否稳定。',
  ];
  const nonsignificant =
    'LASSO 不给出 P 值：系数为 0 只表示在所选 λ 下该变量对预测的增益不足以抵消惩罚，不等于它与结局无关；系数不为 0 也不等于“有统计学意义”。变量是否入选还受相关变量的影响——两个高度相关的变量常只保留一个。';
  return { method: methodText, numbers, conclusion, caveats, paper, next, nonsignificant };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { lasso };
