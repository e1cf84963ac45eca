// The interpreter's explainers for the prediction tools of group G (issue 22), under their tool keys:
// the one-flow clinical prediction model. It reads the tool's own `results` and the model table
// (表4), so every number it writes is one the report shows.
import { cellP, cellText, fmt, name, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

/** Non-reference rows of 表4: label, OR, CI text and P. */
function modelRows(f: ReportFacts): Array<{ label: string; or: string; ci: string; p: number | null }> {
  const t = f.tableStartingWith('表4');
  if (!t) return [];
  const out: Array<{ label: string; or: string; ci: string; p: number | null }> = [];
  let variable = '';
  for (const r of t.rows) {
    if (typeof r[0] === 'string' && r[0] !== '') variable = r[0];
    if (variable === '常数项' || String(r[5] ?? '').startsWith('1（参照）') || r[5] === '' || r[5] === null) continue;
    const level = typeof r[1] === 'string' && r[1] !== '' ? r[1] : null;
    out.push({ label: level === null ? `“${name(variable)}”` : `“${name(variable)}”为“${name(level)}”`, or: cellText(r[5]), ci: cellText(r[6]), p: cellP(r[4]) });
  }
  return out;
}

function predictionModelFlow(f: ReportFacts): Explanation {
  const n = f.num('n');
  const events = f.num('events');
  const candidates = f.num('candidates');
  const nSel = f.num('nSelected');
  const selected = f.str('selectedVariables') ?? '';
  const rule = f.str('lambdaRule') === 'min' ? 'λ.min' : 'λ.1se';
  const nfolds = f.num('nfolds');
  const B = f.num('B');
  const epv = f.num('epv');
  const auc = f.num('auc');
  const lo = f.num('aucLower');
  const hi = f.num('aucUpper');
  const cC = f.num('cCorrected');
  const cO = f.num('cOptimism');
  const slope = f.num('slopeCorrected');
  const brier = f.num('brierCorrected');
  const mae = f.num('calibrationMae');
  const hl = f.num('hlStatistic');
  const hlP = f.num('hlP');
  const range = f.str('dcaMainRange');
  const rows = modelRows(f);
  const sig = rows.filter((r) => significant(r.p));
  const pPart = (p: number | null) => (p === 0 ? 'P < 0.001' : pText(p));
  const method =
    `报告按临床预测模型的常规流程一次完成：先用 LASSO 回归（${fmt(nfolds, 0)} 折交叉验证，${rule} 准则）从 ${fmt(candidates, 0)} 个候选变量中筛选预测因素，` +
    '再把入选变量放入普通的多因素 Logistic 回归得到最终模型，然后用列线图展示模型，用 ROC 曲线评价区分度，用 Bootstrap 内部验证与校准曲线评价校准度与过拟合，用决策曲线评价临床净获益。';
  const numbers = [
    `纳入 ${fmt(n, 0)} 例，结局发生 ${fmt(events, 0)} 例；LASSO 入选 ${fmt(nSel, 0)} 个变量：${selected}，最终模型 EPV = ${fmt(epv, 1)}。`,
    ...rows.map((r) => `${r.label}：OR = ${r.or}（95%CI ${r.ci}），${pPart(r.p)}。`),
    `AUC = ${fmt(auc, 3)}（95%CI ${fmt(lo, 3)} ~ ${fmt(hi, 3)}）：随机取一名发生结局者和一名未发生者，模型给前者更高风险的概率。`,
    `经 ${fmt(B, 0)} 次 Bootstrap 校正后 C 指数为 ${fmt(cC, 3)}（乐观度 ${fmt(cO, 3)}），校准斜率 ${fmt(slope, 3)}，Brier 评分 ${fmt(brier, 4)}。`,
    `校准曲线平均绝对误差 ${fmt(mae, 3)}${hl !== null ? `；Hosmer–Lemeshow χ² = ${fmt(hl, 3)}，${pText(hlP)}` : ''}。`,
    range ? `决策曲线上，阈值概率 ${range}（主要范围）时模型的净获益同时高于全部干预与全部不干预。` : '在所选阈值范围内，模型的净获益未高于全部干预与全部不干预。',
  ];
  const conclusion =
    `最终模型由 ${selected} 组成${sig.length > 0 ? `，其中 ${sig.map((r) => r.label).join('、')}为独立预测因素` : ''}；` +
    `区分度${cC !== null && cC >= 0.8 ? '较好' : cC !== null && cC >= 0.7 ? '中等' : '较弱'}（校正 C 指数 ${fmt(cC, 3)}），` +
    `${slope !== null && slope < 0.9 ? '校准斜率明显小于 1，存在一定过拟合' : '校准斜率接近 1，过拟合不明显'}。`;
  const caveats = [
    '全部评价都在建模数据上完成，Bootstrap 只是内部验证，发表前最好有外部验证。',
    'Bootstrap 未在每个重抽样样本中重复 LASSO 筛选，校正后的指标可能仍偏乐观。',
  ];
  if (epv !== null && epv < 10) caveats.push(`EPV = ${fmt(epv, 1)} 少于 10，过拟合风险较高。`);
  if (hlP !== null && hlP < 0.05) caveats.push(`Hosmer–Lemeshow 检验 ${pText(hlP)}，提示预测概率与实际发生率在某些风险段存在差异，应结合校准曲线判断。`);
  const paper =
    `采用 LASSO 回归（${fmt(nfolds, 0)} 折交叉验证，${rule} 准则）对 ${fmt(candidates, 0)} 个候选变量进行筛选，共 ${fmt(nSel, 0)} 个变量入选（${selected}），纳入多因素 Logistic 回归构建预测模型并绘制列线图。` +
    (sig.length > 0 ? `${sig.map((r) => `${r.label}（OR = ${r.or}，95%CI ${r.ci}，${pPart(r.p)}）`).join('、')}为独立预测因素。` : '') +
    `模型的 AUC 为 ${fmt(auc, 3)}（95%CI ${fmt(lo, 3)} ~ ${fmt(hi, 3)}），经 ${fmt(B, 0)} 次 Bootstrap 内部验证校正后的 C 指数为 ${fmt(cC, 3)}，校准斜率为 ${fmt(slope, 3)}，Brier 评分为 ${fmt(brier, 4)}。` +
    (range ? `决策曲线分析显示，阈值概率在 ${range} 时应用该模型可获得临床净获益。` : '');
  const next = ['在其他中心或其他时期的数据中做外部验证。', '按 TRIPOD 清单（表10）补充“否”与“部分”条目：数据来源、纳入标准、结局与预测因素的定义、基线表与流程图。', '若校准斜率明显小于 1，可按斜率收缩系数或减少变量后重新验证。'];
  const nonsignificant =
    '最终模型中个别变量 P ≥ 0.05 并不少见：LASSO 依据整体预测表现而非单个变量的显著性选择变量。预测模型关心的是整体的区分度与校准度，是否保留这类变量应结合专业意义与模型表现。';
  const effect = `校正后 C 指数 ${fmt(cC, 3)}：0.5 相当于随机猜测，0.7 ~ 0.8 为中等，0.8 以上为较好的区分度。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = {
  'prediction-model-flow': predictionModelFlow,
};
