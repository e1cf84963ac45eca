// The interpreter's explainers for the prediction tools of group D (issue 22), under their tool keys:
// decision curves and subgroup analysis. Each reads the tool's own `results` and tables, so every
// number it writes is one the report shows.
import { cellP, cellText, fmt, pct, type Cell, type Explanation, type ReportFacts } from '../explanation.js';

/** “P = 0.030” or “P < 0.001” from a P cell as the table prints it. */
const pCell = (c: Cell | undefined): string => {
  const s = cellText(c);
  return s.startsWith('<') || s.startsWith('\\<') ? `P < ${s.replace(/^\\?</, '')}` : `P = ${s}`;
};
const list = (xs: readonly string[], max = 6): string => (xs.length > max ? `${xs.slice(0, max).join('、')} 等` : xs.join('、'));

// ---------------------------------------------------------------------------------------------
// Decision curve analysis

function dca(f: ReportFacts): Explanation {
  const survival = f.str('outcomeType') === 'survival';
  const n = f.num('n');
  const events = f.num('events');
  const prev = f.num('prevalence');
  const from = f.num('thresholdFrom');
  const to = f.num('thresholdTo');
  const t = f.num('timePoint');
  const nbTable = f.tableStartingWith('表2');
  const models = (nbTable?.columns ?? []).slice(1, -3);
  const ranges = f.rows('阈值范围');
  const converted = f.str('converted');
  const best = f.str('bestModel');
  const bestCount = f.num('bestModelCount');
  const rangeOf = (r: Cell[]) => cellText(r[1]);
  const outcome = survival ? `t = ${String(t)} 时刻的累计事件风险` : '结局发生率';
  const method =
    `决策曲线分析在阈值概率 ${fmt(from, 2)} ~ ${fmt(to, 2)} 范围内，计算 ${models.length} 个模型（${list(models.map(cellText))}）的净获益：预测风险不低于阈值者判为阳性并给予干预，净获益 = 真阳性率 − 假阳性率 × pt/(1 − pt)，并与“全部干预”“全部不干预”两种默认策略比较。` +
    (survival ? `结局为生存结局，阳性者的事件风险用 Kaplan–Meier 法在 t = ${String(t)} 时刻估计。` : '') +
    (converted ? `“${converted}”不是概率，先用单因素回归模型转换为预测概率。` : '');
  const numbers = [
    `共 ${fmt(n, 0)} 例，${survival ? '事件' : '结局发生'} ${fmt(events, 0)} 例，${outcome}为 ${pct(prev)}。`,
    ...ranges.map((r) => (cellText(r[1]) === '无' ? `“${cellText(r[0])}”：在所设阈值范围内没有同时优于两种默认策略。` : `“${cellText(r[0])}”：阈值概率 ${rangeOf(r)} 时净获益高于全部干预和全部不干预（${cellText(r[2])}/${cellText(r[3])} 个阈值）。`)),
  ];
  const at = nbTable?.rows.find((r) => r[0] === '0.2') ?? nbTable?.rows[0];
  if (at) numbers.push(`阈值 ${cellText(at[0])} 处的净获益：${models.map((m, i) => `${cellText(m)} ${cellText(at[i + 1])}`).join('，')}；全部干预 ${cellText(at[models.length + 1])}。`);
  const winners = ranges.filter((r) => cellText(r[1]) !== '无').map((r) => `“${cellText(r[0])}”`);
  const conclusion =
    (winners.length > 0 ? `${winners.join('、')}在各自所列的阈值范围内带来正的临床净获益，按模型决策优于“全部干预”和“全部不干预”。` : '在所设阈值范围内，没有模型的净获益同时高于两种默认策略。') +
    (best && bestCount !== null ? `比较各模型，“${best}”在 ${fmt(bestCount, 0)} 个阈值上净获益最高。` : '');
  const caveats = [
    '只应解读临床上合理的阈值范围：阈值概率反映愿意为一次漏诊承担多少次过度干预，远高于结局发生率的阈值通常没有意义。',
    '在建模的同一批数据上评价会高估净获益，宜用内部验证或外部数据的决策曲线确认。',
    '模型校准不佳会降低净获益，需同时报告校准曲线；报告给出的是净获益的点估计，样本小时曲线间的小差别不宜过度解读。',
  ];
  if (survival) caveats.push('生存结局的净获益基于 Kaplan–Meier 估计，假定删失与预测风险无关。');
  const paper =
    `决策曲线分析显示（图1），${ranges.map((r) => (cellText(r[1]) === '无' ? `${cellText(r[0])}在所设阈值范围内未显示出临床净获益` : `当阈值概率为 ${rangeOf(r)} 时，${cellText(r[0])}的净获益高于全部干预与全部不干预策略`)).join('；')}。` +
    (at ? `以阈值 ${cellText(at[0])} 为例，${models.map((m, i) => `${cellText(m)}的净获益为 ${cellText(at[i + 1])}`).join('，')}。` : '');
  const next = [
    '同时报告模型的区分度（ROC/AUC）与校准曲线，三者共同说明模型的表现。',
    '用 bootstrap 内部验证或外部数据重画决策曲线，确认净获益不是过拟合的结果。',
    '需要更直观时可换算为“每 100 人中净减少的不必要干预数”（净干预减少数）。',
  ];
  const nonsignificant =
    '决策曲线没有假设检验：模型曲线不高于“全部干预”或“全部不干预”，说明在该阈值下按模型决策没有额外的临床获益，常见原因是模型区分度不足、校准不佳，或阈值远离结局发生率。曲线之间差别很小时，不宜断言某个模型更好。';
  const effect = at ? `净获益以“每例患者的真阳性数”为单位：阈值 ${cellText(at[0])} 处净获益 ${cellText(at[1])}，相当于每 100 例中净多检出约 ${fmt((Number(at[1]) || 0) * 100, 1)} 例真阳性而不增加（按阈值折算的）假阳性。` : undefined;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, ...(effect ? { effect } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Subgroup analysis

function subgroup(f: ReportFacts): Explanation {
  const model = f.str('model');
  const measure = model === 'cox' ? 'HR' : model === 'linear' ? '均值差' : 'OR';
  const ref = model === 'linear' ? '0' : '1';
  const n = f.num('n');
  const events = f.num('events');
  const rows = f.tableStartingWith('表2')?.rows ?? [];
  const cols = f.tableStartingWith('表2')?.columns ?? [];
  const iEst = cols.indexOf(measure);
  const iCi = iEst + 1;
  const iP = iEst + 2;
  const iInt = iEst + 3;
  const overall = rows[0];
  const exposure = f.param('exposure');
  const exRef = f.str('exposureReference') ?? '';
  // Interaction P per subgroup variable (the first row of each variable carries it).
  const inter = rows.slice(1).filter((r) => cellText(r[0]) !== '—' && r[iInt] !== '' && r[iInt] !== null).map((r) => ({ name: cellText(r[0]), p: cellText(r[iInt]), v: cellP(r[iInt]) }));
  const sig = inter.filter((x) => x.v !== null && x.v < 0.05);
  const line = (r: Cell[], label: string) => `${label}：${measure} = ${cellText(r[iEst])}（${cellText(r[iCi])}），${pCell(r[iP])}`;
  let current = '';
  const levelLines = rows.slice(1).flatMap((r) => {
    if (cellText(r[0]) !== '—') current = cellText(r[0]);
    return r[iEst] === '' || r[iEst] === null ? [] : [line(r, `${current}“${cellText(r[1])}”`)];
  });
  const method =
    `在每个亚组变量的各个水平内分别拟合${model === 'cox' ? ' Cox 回归' : model === 'linear' ? '线性回归' : ' Logistic 回归'}，估计“${exposure}”（以“${exRef}”为参照）的${measure}，调整所选协变量；` +
    `并在全部样本中比较含与不含“${exposure} × 亚组变量”交互项的模型（${model === 'linear' ? 'F 检验' : '似然比检验'}），得到交互 P。`;
  const numbers = [
    `共 ${fmt(n, 0)} 例${events !== null ? `，结局事件 ${fmt(events, 0)} 例` : ''}。`,
    ...(overall ? [line(overall, '总体')] : []),
    ...levelLines,
    ...inter.map((x) => `${x.name}的交互 P = ${x.p}`),
  ];
  const conclusion =
    (overall ? `总体上${measure} = ${cellText(overall[iEst])}（${cellText(overall[iCi])}，${pCell(overall[iP])}）。` : '') +
    (sig.length === 0
      ? `各亚组变量的交互 P 均不小于 0.05，没有证据表明“${exposure}”的效应因这些因素而不同，效应在各亚组间基本一致。`
      : `${sig.map((x) => `${x.name}（交互 P = ${x.p}）`).join('、')}的交互作用有统计学意义，提示“${exposure}”的效应可能在这些亚组间不同，需谨慎解读并寻求外部证据。`);
  const caveats = [
    `共检验 ${inter.length} 个交互作用，存在多重比较问题，仅凭机会也可能出现交互 P < 0.05；非事先设定的亚组只能作为探索性结果。`,
    '判断亚组间差异看交互 P，不能比较各亚组自身的 P 值。',
    '亚组例数或事件较少时，置信区间宽、估计不稳定。',
  ];
  const paper =
    `亚组分析结果见图1。${overall ? `总体上，${exposure}的${measure}为 ${cellText(overall[iEst])}（${cellText(overall[iCi])}，${pCell(overall[iP])}）。` : ''}` +
    (sig.length === 0
      ? `${inter.map((x) => x.name).join('、')}与${exposure}的交互作用均无统计学意义（交互 P 分别为 ${inter.map((x) => x.p).join('、')}），未发现效应在亚组间存在差异。`
      : `${sig.map((x) => x.name).join('、')}与${exposure}存在交互作用（交互 P 分别为 ${sig.map((x) => x.p).join('、')}），其余亚组交互作用无统计学意义。`);
  const next = [
    '亚组应在研究方案中事先规定；报告时写明共检验了多少个亚组。',
    '对有交互作用的定量变量，可在模型中加入暴露与连续变量的交互项或样条，避免按中位数切分损失信息。',
    '观察性研究中可结合倾向性评分方法，确认各亚组的效应不受混杂影响。',
  ];
  const nonsignificant = `某个亚组内${measure}的置信区间包含 ${ref}，只说明该亚组样本量下未能证明效应，不说明该亚组“无效”；若交互 P 不显著，更合理的解读是效应在各亚组一致，以总体效应为准。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = {
  dca,
  'subgroup-forest': subgroup,
};
