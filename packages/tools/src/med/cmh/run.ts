// 分层卡方检验: exposure × outcome 2×2 tables within strata — each stratum's OR, the crude OR, the
// Mantel–Haenszel pooled OR with its Robins–Breslow–Greenland CI, the CMH χ² (as mantelhaen.test)
// and the Breslow–Day test of a common OR with Tarone's correction, with a forest plot.
import { breslowDayTest, cmhTest, oddsRiskRatio } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { forestChart, type ForestRow } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

type Cell = string | number | null;
type Quad = [[number, number], [number, number]];
const MAX_STRATA = 50;
const f2 = (x: number) => (x === Infinity ? '∞' : x.toFixed(2));

export function run(data: DataTable, params: Params): ToolOutput {
  const eName = String(params.exposure ?? '');
  const oName = String(params.outcome ?? '');
  const sName = String(params.stratum ?? '');
  if (!eName || !oName || !sName) throw new ToolInputError('请选择暴露因素、结局和分层变量');
  if (new Set([eName, oName, sName]).size < 3) throw new ToolInputError('暴露因素、结局和分层变量必须是三个不同的列');
  requireVariables(data, [eName, oName, sName]);
  const level = levelOf(params);
  const pctLevel = Math.round(level * 1000) / 10;
  const correct = params.correct !== 'no';

  const ev = data.text(eName);
  const ov = data.text(oName);
  const sv = data.text(sName);
  const present = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';
  const keep: number[] = [];
  for (let i = 0; i < data.rows; i++) if (present(ev[i]) && present(ov[i]) && present(sv[i])) keep.push(i);
  const excluded = data.rows - keep.length;
  if (keep.length === 0) throw new ToolInputError(`“${eName}”“${oName}”“${sName}”没有同时不缺失的行`);
  const e = keep.map((i) => ev[i]!.trim());
  const o = keep.map((i) => ov[i]!.trim());
  const s = keep.map((i) => sv[i]!.trim());
  const el = binaryLevels(e, eName, String(params.exposureLevel ?? ''), '暴露因素');
  const ol = binaryLevels(o, oName, String(params.outcomeLevel ?? ''), '结局');
  const strataNames = levelOrder(s, sName, splitList(params.stratumOrder));
  if (strataNames.length > MAX_STRATA) throw new ToolInputError(`分层变量“${sName}”有 ${strataNames.length} 个类别，超过 ${MAX_STRATA} 个，请确认它是分类变量`);

  const tabs: Quad[] = strataNames.map(() => [
    [0, 0],
    [0, 0],
  ]);
  for (let k = 0; k < e.length; k++) {
    const t = tabs[strataNames.indexOf(s[k]!)]!;
    t[e[k] === el.positive ? 0 : 1][o[k] === ol.positive ? 0 : 1]++;
  }
  const sizes = tabs.map((t) => t[0][0] + t[0][1] + t[1][0] + t[1][1]);
  const tiny = strataNames.filter((_, i) => sizes[i]! < 2);
  if (tiny.length > 0)
    throw new ToolInputError(`分层变量“${sName}”的层 ${tiny.map((x) => `“${x}”`).join('、')} 只有 1 个对象，CMH 检验要求每层至少 2 个对象；请与相邻的层合并`);
  if (strataNames.length < 2) throw new ToolInputError(`分层变量“${sName}”在分析的行中只有一个取值“${strataNames[0]}”，至少需要 2 层；不分层时请用卡方检验`);

  const cmh = cmhTest(tabs, { correct, level });
  const other = cmhTest(tabs, { correct: !correct, level });
  const [withCc, withoutCc] = correct ? [cmh, other] : [other, cmh];
  const pooledOk = Number.isFinite(cmh.oddsRatio) && cmh.oddsRatio > 0;
  let bd: ReturnType<typeof breslowDayTest> | null = null;
  let bdNote = '';
  if (pooledOk) {
    try {
      bd = breslowDayTest(tabs, cmh.oddsRatio);
    } catch {
      bdNote = '可用于 Breslow–Day 检验的分层少于 2 个（边际为 0 的层不提供信息），未做齐性检验。';
    }
  } else bdNote = '合并 OR 为 0 或无穷大，无法进行 Breslow–Day 检验。';

  // Each stratum's OR (Woolf CI; 0.5 added to every cell when one is 0), and the crude OR of the collapsed table.
  const strat = tabs.map((t) => oddsRiskRatio(t, level));
  const crudeTab: Quad = [
    [tabs.reduce((a, t) => a + t[0][0], 0), tabs.reduce((a, t) => a + t[0][1], 0)],
    [tabs.reduce((a, t) => a + t[1][0], 0), tabs.reduce((a, t) => a + t[1][1], 0)],
  ];
  const crude = oddsRiskRatio(crudeTab, level);
  const eNeg = el.negative ?? '';
  const oNeg = ol.negative ?? '';
  const strataRows: Cell[][] = [];
  const quadRows = (label: string, t: Quad, r: ReturnType<typeof oddsRiskRatio>, n: number) => {
    const degenerate = t[0][0] + t[0][1] === 0 || t[1][0] + t[1][1] === 0 || t[0][0] + t[1][0] === 0 || t[0][1] + t[1][1] === 0;
    const or = degenerate ? '—' : `${f2(r.oddsRatio)}（${f2(r.oddsRatioCi[0])} ~ ${f2(r.oddsRatioCi[1])}）${r.adjusted ? '*' : ''}`;
    strataRows.push([label, el.positive, t[0][0], t[0][1], or, n]);
    strataRows.push(['', eNeg, t[1][0], t[1][1], '', '']);
  };
  strataNames.forEach((name, i) => quadRows(name, tabs[i]!, strat[i]!, sizes[i]!));
  const n = sizes.reduce((a, b) => a + b, 0);
  quadRows('合计（不分层）', crudeTab, crude, n);
  const strataNotes = [levelNote('暴露因素', eName, el, '暴露组的取值'), levelNote('结局', oName, ol, '结局阳性（病例）的取值'), `OR 的 ${pctLevel}% CI 为 Woolf 对数法。`, missingNote(excluded)];
  if (strat.some((r) => r.adjusted)) strataNotes.push('* 该层有零格，各格加 0.5 后计算 OR 及其区间（Haldane 校正）；合并 OR 不做此校正。');
  const degenerateStrata = strataNames.filter((_, i) => {
    const t = tabs[i]!;
    return t[0][0] + t[0][1] === 0 || t[1][0] + t[1][1] === 0 || t[0][0] + t[1][0] === 0 || t[0][1] + t[1][1] === 0;
  });
  if (degenerateStrata.length > 0) strataNotes.push(`层 ${degenerateStrata.map((x) => `“${x}”`).join('、')} 的某一行或列合计为 0，该层 OR 无法估计，对 CMH 检验也不提供信息。`);

  const testRows: Cell[][] = [
    ['CMH 卡方（连续性校正）', num(withCc.statistic, 3), 1, formatP(withCc.pValue)],
    ['CMH 卡方（未校正）', num(withoutCc.statistic, 3), 1, formatP(withoutCc.pValue)],
  ];
  if (bd) {
    testRows.push(['Breslow–Day 齐性检验', num(bd.statistic, 3), bd.df, formatP(bd.pValue)]);
    testRows.push(['Breslow–Day（Tarone 校正）', num(bd.taroneStatistic, 3), bd.df, formatP(bd.taronePValue)]);
  }
  const testNotes = [
    'CMH 检验：H0 为控制分层后暴露与结局无关联（共同 OR = 1），与 R 的 mantelhaen.test 相同。Breslow–Day 检验：H0 为各层 OR 相等，在 Mantel–Haenszel 合并 OR 处计算。',
  ];
  if (bd && bd.strataSkipped > 0) testNotes.push(`${bd.strataSkipped} 层的边际有 0，不提供 OR 的信息，未纳入 Breslow–Day 检验。`);
  if (bdNote) testNotes.push(bdNote);
  const orRows: Cell[][] = [
    ['Mantel–Haenszel 合并 OR', pooledOk ? f2(cmh.oddsRatio) : '—', pooledOk ? `${f2(cmh.ci[0])} ~ ${f2(cmh.ci[1])}` : '—'],
    ['粗 OR（不分层）', f2(crude.oddsRatio), `${f2(crude.oddsRatioCi[0])} ~ ${f2(crude.oddsRatioCi[1])}`],
  ];
  const change = pooledOk ? (crude.oddsRatio - cmh.oddsRatio) / cmh.oddsRatio : NaN;
  const orNotes = [`合并 OR 的 ${pctLevel}% CI 为 Robins–Breslow–Greenland 法（同 mantelhaen.test）；粗 OR 为 Woolf 法${crude.adjusted ? '（有零格，各格加 0.5）' : ''}。`];
  if (Number.isFinite(change)) orNotes.push(`粗 OR 与合并 OR 相差 ${(100 * change).toFixed(1)}%（以合并 OR 为基准）；相差超过 10% 常被视为${sName}有混杂作用。`);

  const forest: ForestRow[] = strataNames.map((name, i) => {
    const r = strat[i]!;
    const ok = !degenerateStrata.includes(name);
    return { label: `${sName}：${name}`, estimate: ok ? r.oddsRatio : null, lower: ok ? r.oddsRatioCi[0] : null, upper: ok ? r.oddsRatioCi[1] : null, text: ok ? `${f2(r.oddsRatio)} (${f2(r.oddsRatioCi[0])}–${f2(r.oddsRatioCi[1])})` : '无法估计' };
  });
  forest.push({ label: '粗 OR', estimate: crude.oddsRatio, lower: crude.oddsRatioCi[0], upper: crude.oddsRatioCi[1], text: `${f2(crude.oddsRatio)} (${f2(crude.oddsRatioCi[0])}–${f2(crude.oddsRatioCi[1])})` });
  if (pooledOk) forest.push({ label: 'MH 合并 OR', estimate: cmh.oddsRatio, lower: cmh.ci[0], upper: cmh.ci[1], text: `${f2(cmh.oddsRatio)} (${f2(cmh.ci[0])}–${f2(cmh.ci[1])})` });

  const sections: ToolOutput['sections'] = [
    { title: '分层四格表', blocks: [table(`表1 按${sName}分层的${eName}与${oName}`, [sName, eName, ol.positive, oNeg, `OR（${pctLevel}%CI）`, '合计'], strataRows, strataNotes)] },
    {
      title: '检验结果',
      blocks: [
        table('表2 CMH 检验与 OR 齐性检验', ['方法', 'χ²', 'df', 'P'], testRows, testNotes),
        table('表3 合并 OR', ['指标', 'OR', `${pctLevel}%CI`], orRows, orNotes),
        forestChart(forest, { title: `图1 各层 OR 与合并 OR（${pctLevel}%CI）`, xName: 'OR（对数刻度）' }),
      ],
    },
  ];

  const sig = cmh.pValue < 0.05;
  const heterogeneous = bd !== null && bd.taronePValue < 0.05;
  const sentences = [
    `按${sName}分为 ${strataNames.length} 层（n = ${n}），控制${sName}后，${eName}（${el.positive} vs ${eNeg}）与${oName}（${ol.positive} vs ${oNeg}）的 Mantel–Haenszel 合并 OR = ${pooledOk ? `${f2(cmh.oddsRatio)}（${pctLevel}%CI ${f2(cmh.ci[0])}~${f2(cmh.ci[1])}）` : '无法估计'}，` +
      `CMH χ² = ${num(cmh.statistic, 3)}${correct ? '（连续性校正）' : ''}，${pSentence(cmh.pValue)}，` +
      (sig ? `控制${sName}后${eName}与${oName}的关联有统计学意义。` : `控制${sName}后未发现${eName}与${oName}有统计学意义的关联。`) +
      `不分层的粗 OR 为 ${f2(crude.oddsRatio)}。`,
  ];
  if (bd)
    sentences.push(
      `Breslow–Day 齐性检验（Tarone 校正）χ² = ${num(bd.taroneStatistic, 3)}，df = ${bd.df}，${pSentence(bd.taronePValue)}，` +
        (heterogeneous ? `各层 OR 不一致，提示${sName}对${eName}与${oName}的关联有效应修饰作用，宜分层报告各层 OR，合并 OR 仅供参考。` : '未发现各层 OR 不一致，可以报告合并 OR。'),
    );
  const caveats: string[] = [];
  const small = tabs.filter((t) => Math.min(t[0][0], t[0][1], t[1][0], t[1][1]) < 5).length;
  if (small > 0) caveats.push(`${small} 层有频数小于 5 的格子；CMH 检验对各层小样本稳健（依赖合计），但该层 OR 的区间较宽，Breslow–Day 检验在小样本时检验效能低。`);
  if (Number.isFinite(change) && Math.abs(change) > 0.1) caveats.push(`粗 OR 与合并 OR 相差 ${(100 * Math.abs(change)).toFixed(1)}%，${sName}可能是混杂因素，应以合并 OR 为准。`);
  sections.push({ title: '结论', blocks: [text(...sentences, ...caveats)] });

  return {
    title: `分层卡方检验（CMH）：${eName} × ${oName}，按${sName}分层`,
    sections,
    results: {
      method: correct ? 'CMH 卡方检验（连续性校正）' : 'CMH 卡方检验（未校正）',
      statistic: cmh.statistic,
      df: 1,
      p: cmh.pValue,
      cmhCorrected: withCc.statistic,
      cmhCorrectedP: withCc.pValue,
      cmhUncorrected: withoutCc.statistic,
      cmhUncorrectedP: withoutCc.pValue,
      oddsRatio: pooledOk ? cmh.oddsRatio : null,
      ciLower: pooledOk ? cmh.ci[0] : null,
      ciUpper: pooledOk ? finiteOrNull(cmh.ci[1]) : null,
      crudeOddsRatio: finiteOrNull(crude.oddsRatio),
      crudeCiLower: finiteOrNull(crude.oddsRatioCi[0]),
      crudeCiUpper: finiteOrNull(crude.oddsRatioCi[1]),
      breslowDay: bd?.statistic ?? null,
      breslowDayP: bd?.pValue ?? null,
      tarone: bd?.taroneStatistic ?? null,
      taroneP: bd?.taronePValue ?? null,
      breslowDayDf: bd?.df ?? null,
      strata: strataNames.length,
      n,
      excluded,
      exposureLevel: el.positive,
      outcomeLevel: ol.positive,
      ...Object.fromEntries(strataNames.flatMap((_, i) => [[`stratum${i + 1}OddsRatio`, degenerateStrata.includes(strataNames[i]!) ? null : finiteOrNull(strat[i]!.oddsRatio)]])),
    },
  };
}
