// The interpreter's explainers for the prediction tools of group C (issue 22), under their tool keys:
// the nomogram and the internal validation. Each reads the tool's own `results` and tables, so every
// number it writes is one the report shows.
import { cellP, cellText, fmt, levelText, name, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

interface ModelRow {
  label: string;
  ratio: string;
  ci: string;
  p: number | null;
  pText: string;
}

/** Non-reference rows of the model table (表2): “变量” or “变量为‘类别’”, ratio, CI text and P. */
function modelRows(f: ReportFacts): ModelRow[] {
  const t = f.tableStartingWith('表2');
  if (!t) return [];
  const out: ModelRow[] = [];
  let variable = '';
  for (const r of t.rows) {
    if (typeof r[0] === 'string' && r[0] !== '') variable = r[0];
    if (variable === '常数项' || String(r[5] ?? '').startsWith('1（参照）') || r[5] === '' || r[5] === null) continue;
    const level = typeof r[1] === 'string' && r[1] !== '' ? r[1] : null;
    out.push({ label: level === null ? `“${name(variable)}”` : `“${name(variable)}”为“${name(level)}”`, ratio: cellText(r[5]), ci: cellText(r[6]), p: cellP(r[4]), pText: cellText(r[4]) });
  }
  return out;
}

const pPart = (r: ModelRow) => (r.p === 0 ? 'P < 0.001' : `P = ${r.pText}`);

function nomogram(f: ReportFacts): Explanation {
  const cox = f.str('model') === 'cox';
  const ratio = cox ? 'HR' : 'OR';
  const rows = modelRows(f);
  const sig = rows.filter((r) => significant(r.p));
  const n = f.num('n');
  const events = f.num('events');
  const epv = f.num('epv');
  const widest = f.str('widestPredictor') ?? '';
  const scale = f.num('pointsPerUnit');
  const maxTotal = f.num('totalPointsMax');
  const baselines = f.prefixed('baselineSurvival.');
  const points = f.prefixed('maxPoints.').sort((a, b) => b[1] - a[1]);
  const lv = levelText(f);
  const method =
    `列线图把多因素${cox ? ' Cox' : ' Logistic'} 回归模型画成刻度尺：每个预测变量一条轴，按回归系数折算为得分（效应范围最大的变量记 0–100 分，其余按同一比例），各变量得分相加为总分，再由总分读出${cox ? '各时间点的生存率' : '结局发生的预测概率'}。` +
    '它与回归方程完全等价，只是便于临床使用；报告页的风险计算器就是同一模型的交互版本。';
  const numbers = [
    `纳入 ${fmt(n, 0)} 例，${cox ? '事件' : '结局发生'} ${fmt(events, 0)} 例，每参数事件数 EPV = ${fmt(epv, 1)}。`,
    ...rows.map((r) => `${r.label}：${ratio} = ${r.ratio}（${lv}%CI ${r.ci}），${pPart(r)}。`),
    `每单位线性预测值对应 ${fmt(scale, 3)} 分；“${widest}”的得分范围最大（0–100 分），总分刻度为 0–${fmt(maxTotal, 0)}。`,
    ...points.slice(1).map(([k, v]) => `“${name(k)}”最多贡献 ${fmt(v, 1)} 分。`),
    ...baselines.map(([t, s]) => `平均风险者在时间 ${name(t)} 的基线生存率为 ${fmt(s, 3)}。`),
  ];
  const conclusion =
    (sig.length > 0 ? `模型中${sig.map((r) => r.label).join('、')}与结局独立相关。` : '模型中各变量的效应均无统计学意义，列线图的预测价值存疑。') +
    `按列线图，总分越高，${cox ? '生存率越低' : '结局发生的概率越高'}；“${widest}”对预测的影响最大。`;
  const caveats = [
    '列线图本身不评价模型好坏：应报告区分度（C 指数/AUC）与校准度（校准曲线），并做内部验证（Bootstrap）或外部验证。',
    '定量变量按线性关系进入模型；若实际关系非线性（可用限制性立方样条检验），列线图的刻度会误导。',
  ];
  if (epv !== null && epv < 10) caveats.push(`EPV = ${fmt(epv, 1)} 少于 10，模型可能过拟合，列线图在新患者中的预测会偏极端。`);
  if (cox) caveats.push('Cox 模型的列线图依赖比例风险假定，并只在随访时间内的时间点给出生存率。');
  const paper =
    `基于多因素${cox ? ' Cox' : ' Logistic'} 回归结果（${fmt(n, 0)} 例，${cox ? '事件' : '结局发生'} ${fmt(events, 0)} 例）构建列线图（图2）。` +
    (sig.length > 0 ? `${sig.map((r) => `${r.label}（${ratio} = ${r.ratio}，${lv}%CI ${r.ci}，${pPart(r)}）`).join('、')}为独立${cox ? '预后' : '危险'}因素。` : '') +
    `各预测变量按回归系数赋分，其中“${widest}”的得分范围最大，总分 0–${fmt(maxTotal, 0)} 分对应${cox ? baselines.map(([t]) => `${name(t)}`).join('、') + ' 时的生存率' : '结局发生的预测概率'}。`;
  const next = [
    '用“校准曲线 / 内部验证”工具对同一模型做 Bootstrap 内部验证，报告校正后的 C 指数与校准曲线。',
    '用决策曲线分析（DCA）评价模型在不同阈值概率下的临床净获益。',
    '若有其他中心或其他时期的数据，做外部验证。',
  ];
  const nonsignificant =
    '列线图中某个变量的效应无统计学意义（P ≥ 0.05），说明调整其他变量后未能证明它与结局独立相关，它在列线图上的得分范围通常也较小。' +
    '是否保留这样的变量应以专业意义和模型整体表现为准；去掉它可使列线图更简洁，但应重新拟合模型后再绘图。';
  const effect = `列线图上的得分与 ${ratio} 的对数成正比：同一变量相差 1 个单位对应的得分差为 ln(${ratio}) × ${fmt(scale, 3)}；得分差越大，对预测的影响越大。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

function coxValidation(f: ReportFacts): Explanation {
  const B = f.num('B');
  const cA = f.num('cApparent');
  const cC = f.num('cCorrected');
  const cO = f.num('cOptimism');
  const slope = f.num('slopeCorrected');
  const r2A = f.num('r2Apparent');
  const r2C = f.num('r2Corrected');
  const u = f.num('u');
  const groups = f.num('groups');
  const maxDiff = f.num('calibrationMaxDiff');
  const n = f.num('n');
  const events = f.num('events');
  const epv = f.num('epv');
  const method =
    `对 Cox 预测模型做 Bootstrap 内部验证（B = ${fmt(B, 0)}，同 R rms::validate 与 calibrate(cmethod = "KM")）：有放回抽样并重新建模，估计 C 指数、R² 与校准斜率的乐观度并扣除；` +
    `再在时间点 ${fmt(u, 0)} 按预测生存率分为 ${fmt(groups, 0)} 组，比较每组的平均预测生存率与 Kaplan–Meier 实际生存率。`;
  const numbers = [
    `C 指数：表观 ${fmt(cA, 3)}，乐观度 ${fmt(cO, 3)}，校正后 ${fmt(cC, 3)}。`,
    `校准斜率（校正后）${fmt(slope, 3)}，理想值为 1。`,
    `R²：表观 ${fmt(r2A, 3)}，校正后 ${fmt(r2C, 3)}。`,
    `各风险组偏差校正后的实际生存率与预测生存率之差最大为 ${fmt(maxDiff, 3)}。`,
  ];
  const level = cC === null ? '' : cC >= 0.8 ? '较好' : cC >= 0.7 ? '中等' : '较弱';
  const conclusion = `模型的区分度${level}（校正后 C 指数 ${fmt(cC, 3)}），校正后校准斜率 ${fmt(slope, 3)}${slope !== null && slope < 0.9 ? '，提示存在过拟合' : '，过拟合不明显'}；校准图中各组预测与实际生存率最大相差 ${fmt(maxDiff, 3)}。`;
  const caveats = ['Bootstrap 属于内部验证，不能替代外部验证。', '按风险分组的校准只有少数几个点，组内例数少时 Kaplan–Meier 估计不稳定；校准时间点应在多数研究对象仍在随访的时段。'];
  if (epv !== null && epv < 10) caveats.push(`EPV = ${fmt(epv, 1)} 少于 10，过拟合风险较高。`);
  const paper =
    `采用 Bootstrap 法（${fmt(B, 0)} 次重抽样）对 Cox 模型（${fmt(n, 0)} 例，事件 ${fmt(events, 0)} 例）进行内部验证，表观 C 指数为 ${fmt(cA, 3)}，校正后为 ${fmt(cC, 3)}，校正后的校准斜率为 ${fmt(slope, 3)}。` +
    `时间点 ${fmt(u, 0)} 的校准图显示预测生存率与实际生存率${maxDiff !== null && maxDiff < 0.05 ? '基本一致' : '存在一定偏差'}。`;
  const next = ['在其他时间点重复校准，或用时间依赖的 ROC/C 指数评价不同时间的区分度。', '用决策曲线分析评价临床净获益。', '在外部数据中验证。'];
  const nonsignificant = '内部验证不做显著性检验：重点看校正后的 C 指数是否足够高、校准斜率是否接近 1、各组预测与实际生存率是否接近，而不是某个 P 值。';
  const effect = `C 指数 ${fmt(cC, 3)} 表示：随机取两名可比较的患者，模型判断先发生事件者风险更高的概率约为 ${fmt(cC, 3)}；0.5 相当于随机猜测。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

function validation(f: ReportFacts): Explanation {
  if (f.str('model') === 'cox') return coxValidation(f);
  const B = f.num('B');
  const cA = f.num('cApparent');
  const cC = f.num('cCorrected');
  const cO = f.num('cOptimism');
  const slope = f.num('slopeCorrected');
  const intercept = f.num('interceptCorrected');
  const brierA = f.num('brierApparent');
  const brierC = f.num('brierCorrected');
  const r2A = f.num('r2Apparent');
  const r2C = f.num('r2Corrected');
  const mae = f.num('calibrationMae');
  const hl = f.num('hlStatistic');
  const hlDf = f.num('hlDf');
  const hlP = f.num('hlP');
  const n = f.num('n');
  const events = f.num('events');
  const epv = f.num('epv');
  const failed = f.num('failed') ?? 0;
  const method =
    `对 Logistic 预测模型做 Bootstrap 内部验证（B = ${fmt(B, 0)}，同 R rms::validate 与 calibrate）：从原数据有放回抽样并重新建模，比较模型在抽样数据与原数据上的表现，估计“乐观度”，从表观指标中扣除，得到模型在同一人群新样本中表现的近似无偏估计。` +
    '同时给出偏差校正的校准曲线与 Hosmer–Lemeshow 检验。';
  const numbers = [
    `C 指数（AUC）：表观 ${fmt(cA, 3)}，乐观度 ${fmt(cO, 3)}，校正后 ${fmt(cC, 3)}。`,
    `校准斜率（校正后）${fmt(slope, 3)}，校准截距（校正后）${fmt(intercept, 3)}；理想值分别为 1 与 0。`,
    `Brier 评分：表观 ${fmt(brierA, 4)}，校正后 ${fmt(brierC, 4)}（越小越好）。`,
    `Nagelkerke R²：表观 ${fmt(r2A, 3)}，校正后 ${fmt(r2C, 3)}。`,
    `校准曲线的平均绝对误差 ${fmt(mae, 3)}。`,
    ...(hl !== null ? [`Hosmer–Lemeshow χ² = ${fmt(hl, 3)}，df = ${fmt(hlDf, 0)}，${pText(hlP)}。`] : []),
  ];
  const level = cC === null ? '' : cC >= 0.8 ? '较好' : cC >= 0.7 ? '中等' : '较弱';
  const conclusion =
    `模型的区分度${level}（校正后 C 指数 ${fmt(cC, 3)}）` +
    (slope !== null ? `，校正后校准斜率 ${fmt(slope, 3)}${slope < 0.9 ? '，提示存在一定过拟合、预测偏极端' : '，过拟合不明显'}` : '') +
    (hlP === null ? '。' : `；${hlP > 0.05 ? 'Hosmer–Lemeshow 检验未提示校准不良' : 'Hosmer–Lemeshow 检验提示预测与观察存在差异'}。`);
  const caveats = ['Bootstrap 属于内部验证，不能替代外部验证。', '若模型变量是经逐步回归或 LASSO 等筛选得到的，本验证未在每个 Bootstrap 样本中重复筛选，乐观度会被低估。'];
  if (epv !== null && epv < 10) caveats.push(`EPV = ${fmt(epv, 1)} 少于 10，过拟合风险较高。`);
  if (failed > 0) caveats.push(`有 ${fmt(failed, 0)} 个 Bootstrap 样本的模型无法拟合而被剔除。`);
  caveats.push('Hosmer–Lemeshow 检验在大样本时对微小偏差也敏感、在小样本时检验效能低，应以校准曲线为主。');
  const paper =
    `采用 Bootstrap 法（${fmt(B, 0)} 次重抽样）对模型进行内部验证。模型的表观 C 指数为 ${fmt(cA, 3)}，校正后为 ${fmt(cC, 3)}；` +
    `校正后的校准斜率为 ${fmt(slope, 3)}，Brier 评分为 ${fmt(brierC, 4)}。校准曲线显示预测概率与实际概率${mae !== null && mae < 0.05 ? '基本一致' : '存在一定偏差'}（平均绝对误差 ${fmt(mae, 3)}），` +
    (hl !== null ? `Hosmer–Lemeshow 检验 χ² = ${fmt(hl, 3)}，${pText(hlP)}。` : '') +
    `（${fmt(n, 0)} 例，结局发生 ${fmt(events, 0)} 例）`;
  const next = ['用决策曲线分析（DCA）评价模型的临床净获益。', '在其他中心或其他时期的数据中做外部验证。', '若校准斜率明显小于 1，考虑用惩罚回归（LASSO/岭回归）或按斜率收缩系数后重新验证。'];
  const nonsignificant =
    'Hosmer–Lemeshow 检验 P > 0.05 只说明未发现校准不良的证据，并不证明模型校准良好；样本量小时该检验几乎总是不显著。' +
    '校准应看校准曲线是否贴近对角线、校准斜率是否接近 1。';
  const effect = `C 指数 ${fmt(cC, 3)} 表示：随机取一名发生结局者与一名未发生者，模型给前者更高预测概率的可能性约为 ${fmt(cC, 3)}；0.5 相当于随机猜测，1 为完美区分。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = {
  nomogram,
  'model-validation': validation,
};
