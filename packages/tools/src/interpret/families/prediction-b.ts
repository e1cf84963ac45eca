// The interpreter's explainers for the prediction tools of group B (issue 22), under their tool keys.
// Each reads the tool's own `results` and tables, so every number it writes is one the report shows.
import { cellP, cellText, fmt, levelText, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

// ---------------------------------------------------------------------------------------------
// 限制性立方样条 RCS

function rcs(f: ReportFacts): Explanation {
  const model = f.str('model') ?? 'logistic';
  const effect = model === 'linear' ? '均值差' : model === 'cox' ? 'HR' : 'OR';
  const lin = model === 'linear';
  const exposure = f.str('exposure') ?? f.param('exposure');
  const k = f.num('knotCount');
  const knots = f.str('knots') ?? '';
  const n = f.num('n');
  const events = f.num('events');
  const ref = f.num('reference');
  const refText = ref === null ? '—' : String(Number(ref.toPrecision(6)));
  const level = levelText(f);
  const pOverall = f.num('pOverall');
  const pNonlinear = f.num('pNonlinear');
  const stat = (which: 'Overall' | 'Nonlinear') => (lin ? `F = ${fmt(f.num(`f${which}`), 3)}` : `Wald χ² = ${fmt(f.num(`chi${which}`), 3)}`);
  const df = (which: 'Overall' | 'Nonlinear') => `df = ${fmt(f.num(`df${which}`), 0)}`;
  const nadir = f.num('nadir');
  const shape = f.str('shape');
  const covariates = f.param('x') || f.param('factors') ? [f.param('x'), f.param('factors')].filter((v) => v !== '').join('、') : '';
  const modelName = lin ? '线性回归' : model === 'cox' ? 'Cox 比例风险回归' : 'Logistic 回归';

  // Table 4: the effect at chosen exposure values.
  const rows = f.rows('表4').filter((r) => r[3] !== '（参照）');
  const sigRows = rows.filter((r) => significant(cellP(r[4])));
  const rowText = (r: (typeof rows)[number]) => `${exposure} = ${cellText(r[0])} 时 ${effect} = ${cellText(r[2])}（${level}%CI ${cellText(r[3])}，P ${String(r[4]).startsWith('<') ? '< 0.001' : `= ${cellText(r[4])}`}）`;

  const method =
    `用限制性立方样条（${fmt(k, 0)} 个节点，位于 ${knots}）在${modelName}中拟合${exposure}的效应${covariates ? `，并调整了 ${covariates}` : ''}，不预设线性关系。` +
    `曲线为各暴露水平相对于参照值（${refText}）的${effect}及逐点 ${level}% 置信区间；总体关联与非线性用 Wald 检验（同 R 的 rms::anova${lin ? '，线性回归为 F 检验' : ''}），似然比检验作参考。`;
  const numbers = [
    `纳入 ${fmt(n, 0)} 例${events !== null ? `，${model === 'cox' ? '发生事件' : '结局发生'} ${fmt(events, 0)} 例` : ''}。`,
    `总体关联：${stat('Overall')}，${df('Overall')}，${pText(pOverall)}${significant(pOverall) ? `，${exposure}与结局有关` : '，未发现关联'}。`,
    `非线性：${stat('Nonlinear')}，${df('Nonlinear')}，${pText(pNonlinear)}${significant(pNonlinear) ? '，关系偏离直线' : '，未见明显的非线性'}。`,
    `似然比检验：总体 χ² = ${fmt(f.num('lrOverall'), 3)}（${pText(f.num('pLrOverall'))}），非线性 χ² = ${fmt(f.num('lrNonlinear'), 3)}（${pText(f.num('pLrNonlinear'))}）。`,
    ...sigRows.slice(0, 4).map((r) => `${rowText(r)}。`),
  ];
  if (nadir !== null && shape === 'nonlinear') numbers.push(`曲线最低点约在${exposure} = ${nadir} 处。`);
  const pPair = `P总体 ${pText(pOverall).slice(2)}，P非线性 ${pText(pNonlinear).slice(2)}`;
  const conclusion =
    shape === 'none'
      ? `${exposure}与结局的总体关联无统计学意义（${pPair}），数据不支持二者存在剂量–反应关系。`
      : shape === 'linear'
        ? `${exposure}与结局有关（${pText(pOverall)}），但非线性不显著（${pText(pNonlinear)}），可按线性关系处理：把${exposure}作为连续变量直接纳入模型即可。`
        : `${exposure}与结局呈非线性关系（${pPair}）${nadir !== null ? `，曲线呈 U 形或 J 形，在约 ${nadir} 处最低` : ''}。`;
  const caveats: string[] = [];
  const epv = f.num('epv');
  if (epv !== null && epv < 10) caveats.push(`每个参数的事件数（EPV = ${fmt(epv, 1)}）少于 10，曲线可能过度拟合；可改用 3 个节点或减少协变量再看结果是否一致。`);
  caveats.push('曲线两端数据少，置信带宽，末端的上翘或下弯可能只是少数观测造成的，不宜过度解读；超出数据范围的效应是外推。');
  caveats.push(`非线性检验的结果与节点数和位置有关，论文中应写明节点数（本次 ${fmt(k, 0)} 个）与位置，并可用 3–5 个节点做敏感性分析。`);
  if (model === 'cox') caveats.push('Cox 模型要求比例风险：暴露的效应不随随访时间改变，可用 Cox 回归工具的 Schoenfeld 残差检验核对。');
  if (lin) caveats.push('线性回归要求残差近似正态、方差齐；结局严重偏态时可先变换。');
  caveats.push('观察性数据中的剂量–反应关系仍可能受未调整的混杂影响，不能直接视为因果。');
  const paper =
    `采用限制性立方样条（${fmt(k, 0)} 个节点）${modelName}分析${exposure}与结局的剂量–反应关系${covariates ? `（调整 ${covariates}）` : ''}，以 ${refText} 为参照。` +
    (shape === 'none'
      ? `结果显示二者的关联无统计学意义（${pPair}）。`
      : shape === 'linear'
        ? `结果显示${exposure}与结局呈线性关系（${pPair}）。`
        : `结果显示${exposure}与结局呈非线性关系（${pPair}）${nadir !== null ? `，${model === 'linear' ? '结局均值' : '风险'}在${exposure}约 ${nadir} 时最低` : ''}。`) +
    (sigRows.length > 0 ? `与参照值相比，${sigRows.slice(0, 2).map(rowText).join('；')}（图1）。` : '（图1）');
  const next = [
    '比较 3、4、5 个节点的结果（AIC 较小者为宜），确认曲线形状稳健。',
    shape === 'nonlinear' ? '若曲线有明显拐点，可按拐点分段建模（分段线性回归）或按临床切点分组，报告各段的效应。' : '非线性不显著时，可把暴露作为连续变量纳入回归模型，报告每增加一个单位（或每个标准差）的效应。',
    '按性别、年龄等做亚组分析，看剂量–反应曲线在各亚组是否一致（交互作用检验）。',
  ];
  const nonsignificant = significant(pNonlinear)
    ? `本次非线性检验有统计学意义（${pText(pNonlinear)}）。但这只说明曲线偏离直线，并不说明某一段的效应一定显著：请结合置信带与表4 判断各暴露水平的效应。`
    : `非线性检验 P ≥ 0.05 表示没有足够证据说明关系偏离直线，并不证明关系一定是线性的；此时不宜根据曲线的轻微弯曲宣称 U 形或 J 形关系。${significant(pOverall) ? '总体关联有统计学意义，可按线性关系报告。' : '总体关联也无统计学意义，可能是确无关联，也可能是样本量或事件数不足。'}`;
  const effectText = lin
    ? `曲线上的值是与参照值相比的结局均值差（单位同结局），阴影为 ${level}% 置信区间；差值的大小是否有临床意义，需要结合结局的正常范围判断。`
    : `曲线上的值是相对于参照值的 ${effect}：${effect} = 2 表示${model === 'cox' ? '风险' : '结局发生的比值'}约为参照水平的 2 倍；阴影不含 1 的暴露范围，效应有统计学意义。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect: effectText };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { rcs };
