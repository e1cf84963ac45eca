// ROC 曲线: AUC with DeLong CI per marker, the Youden cut-off, the full cut-off table, pairwise
// DeLong tests of correlated AUCs and the ROC chart (pROC: roc, ci.auc, coords, roc.test).
import { compareCorrelatedAuc, pAdjust, rocCurve, type RocComparison, type RocPoint, type RocResult } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { rocChart } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_MARKERS = 10;
/** Rows of the cut-off table per marker; beyond this the table is cut and says so. */
const MAX_CUTOFF_ROWS = 10_000;

type Cell = string | number | null;

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** An interval for text: fixed decimals, so 0.630 keeps its zero. */
const ci3 = (ci: readonly [number, number], sep = ' ~ ') => `${ci[0].toFixed(3)}${sep}${ci[1].toFixed(3)}`;
/** A cut-off as data prints it: six significant digits, ±∞ spelled out. */
const cutoff = (t: number): Cell => (t === Infinity ? '+∞' : t === -Infinity ? '−∞' : Number(t.toPrecision(6)));
const directionText = (d: '<' | '>') => (d === '<' ? '越高越倾向阳性（> 截断值判为阳性）' : '越低越倾向阳性（< 截断值判为阳性）');

function aucGrade(auc: number): string {
  if (auc >= 0.9) return '诊断价值较高';
  if (auc >= 0.7) return '有一定诊断价值';
  if (auc > 0.5) return '诊断价值较低';
  return '无诊断价值';
}

export function run(data: DataTable, params: Params): ToolOutput {
  const outcome = String(params.outcome ?? '');
  const markers = (Array.isArray(params.markers) ? params.markers : params.markers ? [params.markers] : []).map(String).filter((m) => m !== '');
  if (!outcome || markers.length === 0) throw new ToolInputError('请选择结局变量和至少一个检测指标');
  if (markers.includes(outcome)) throw new ToolInputError(`结局变量“${outcome}”不能同时作为检测指标`);
  if (markers.length > MAX_MARKERS) throw new ToolInputError(`检测指标最多选择 ${MAX_MARKERS} 个，当前 ${markers.length} 个`);
  requireVariables(data, [outcome, ...markers]);
  const level = levelOf(params);
  const pctLevel = Math.round(level * 1000) / 10;
  const dirParam = String(params.direction ?? 'auto');
  const direction = dirParam === 'higher' ? '<' : dirParam === 'lower' ? '>' : 'auto';
  const compare = params.compare !== false;
  const showCutoffs = params.cutoffs !== false;

  // Listwise: a row counts when the outcome and every marker are present, so all markers are
  // judged on the same subjects (a paired DeLong test needs that).
  const y = data.text(outcome);
  const xs = markers.map((m) => data.numeric(m));
  markers.forEach((m, j) => {
    if (!xs[j]!.some((v) => v !== null && Number.isFinite(v))) throw new ToolInputError(`检测指标“${m}”没有可用的数值，请确认它是数值型变量`);
  });
  const keep: number[] = [];
  for (let i = 0; i < y.length; i++) {
    const v = y[i];
    if (v === null || v === undefined || v.trim() === '') continue;
    if (xs.every((x) => x[i] !== null && Number.isFinite(x[i]))) keep.push(i);
  }
  const excluded = data.rows - keep.length;
  if (keep.length === 0) throw new ToolInputError(`结局变量“${outcome}”与所选指标没有同时不缺失的行`);
  const labels = keep.map((i) => y[i]!);
  const lv = binaryLevels(labels, outcome, String(params.positive ?? ''), '结局变量');
  const nPos = labels.filter((l) => l === lv.positive).length;
  const nNeg = labels.length - nPos;
  if (nPos < 2 || nNeg < 2)
    throw new ToolInputError(`结局变量“${outcome}”中阳性“${lv.positive}”${nPos} 例、阴性“${lv.negative}”${nNeg} 例；两类都至少需要 2 例才能估计 AUC 及其置信区间`);
  const scores = xs.map((x) => keep.map((i) => x[i]!));
  markers.forEach((m, j) => {
    if (new Set(scores[j]).size < 2) throw new ToolInputError(`检测指标“${m}”在分析的 ${keep.length} 行中只有一个取值，无法绘制 ROC 曲线`);
  });

  const rocs: RocResult[] = scores.map((s) => rocCurve(s, labels, { positive: lv.positive, direction, level }));
  const ties = rocs.map((r) => r.points.filter((p) => p !== r.best && Math.abs(p.youden - r.best.youden) < 1e-12));

  // Pairwise DeLong tests of correlated AUCs (same subjects).
  const pairs: Array<{ a: number; b: number; c: RocComparison | null }> = [];
  if (compare && markers.length > 1)
    for (let a = 0; a < markers.length; a++)
      for (let b = a + 1; b < markers.length; b++) {
        const c = compareCorrelatedAuc(scores[a]!, scores[b]!, labels, { positive: lv.positive, direction, level });
        pairs.push({ a, b, c: Number.isFinite(c.statistic) && c.se > 0 ? c : null });
      }
  const testable = pairs.filter((p) => p.c !== null);
  const holm = testable.length > 1 ? pAdjust(testable.map((p) => p.c!.pValue), 'holm') : null;

  // Tables.
  const sampleRows: Cell[][] = [
    [`阳性（${lv.positive}）`, nPos],
    [`阴性（${lv.negative}）`, nNeg],
    ['合计', keep.length],
  ];
  const sampleNotes = [levelNote('结局变量', outcome, lv, '结局阳性类别')];
  if (excluded > 0) sampleNotes.push(`${excluded} 行因结局或任一所选指标缺失未纳入分析（列表删除）。`);

  const aucRows: Cell[][] = rocs.map((r, j) => [
    markers[j]!,
    num(r.auc, 3),
    num(r.se, 4),
    ci3(r.ci),
    formatP(r.pValue),
    directionText(r.direction),
  ]);
  const aucNotes = [
    `AUC 的标准误与 ${pctLevel}% 置信区间按 DeLong 法计算（与 pROC 的 ci.auc(method = "delong") 相同）；P 为 AUC = 0.5 的 Z 检验（Z = (AUC − 0.5)/SE）。`,
    direction === 'auto' ? '判定方向按两组中位数自动判断：阳性组中位数不低于阴性组时，指标越高越倾向阳性。' : `判定方向由用户指定：指标${directionText(direction)}。`,
  ];

  const bestRows: Cell[][] = rocs.map((r, j) => [
    markers[j]!,
    cutoff(r.best.threshold),
    num(r.best.youden, 3),
    num(r.best.sensitivity, 3),
    num(r.best.specificity, 3),
    num(r.best.ppv, 3),
    num(r.best.npv, 3),
    num(r.best.accuracy, 3),
  ]);
  const bestNotes = ['最佳截断值取约登指数（灵敏度 + 特异度 − 1）最大的点（pROC 的 coords(best.method = "youden")），截断值取相邻两个观测值的中点；阳性、阴性预测值按本样本的患病率计算。'];
  ties.forEach((t, j) => {
    if (t.length > 0)
      bestNotes.push(`${markers[j]}：约登指数并列最大的截断值还有 ${t.slice(0, 5).map((p) => String(cutoff(p.threshold))).join('、')}${t.length > 5 ? ` 等 ${t.length} 个` : ''}，表中取最低的一个。`);
  });

  const sections: ToolOutput['sections'] = [
    { title: '样本', blocks: [table('表1 分析样本', ['结局', '例数'], sampleRows, sampleNotes)] },
    {
      title: 'AUC',
      blocks: [
        table(`表2 各指标的 ROC 曲线下面积（AUC）`, ['指标', 'AUC', '标准误', `${pctLevel}%CI`, 'P', '判定方向'], aucRows, aucNotes),
        rocChart(
          rocs.map((r, j) => ({
            name: `${markers[j]}（AUC = ${r.auc.toFixed(3)}，${pctLevel}%CI ${ci3(r.ci, '~')}）`,
            points: r.points.map((p): [number, number] => [1 - p.specificity, p.sensitivity]),
            best: [1 - r.best.specificity, r.best.sensitivity],
          })),
          { title: `图1 ${markers.length > 1 ? '各指标' : markers[0]!}预测${outcome}（${lv.positive}）的 ROC 曲线`, bestLabel: '约登指数最佳截断点' },
        ),
      ],
    },
    { title: '最佳截断值', blocks: [table('表3 约登指数最佳截断值及对应的诊断指标', ['指标', '截断值', '约登指数', '灵敏度', '特异度', '阳性预测值', '阴性预测值', '准确度'], bestRows, bestNotes)] },
  ];

  if (pairs.length > 0) {
    const holmOf = new Map(testable.map((p, k) => [p, holm?.[k] ?? null]));
    const rows: Cell[][] = pairs.map((p) => {
      const name = `${markers[p.a]} vs ${markers[p.b]}`;
      if (!p.c) return [name, num(rocs[p.a]!.auc, 3), num(rocs[p.b]!.auc, 3), num(rocs[p.a]!.auc - rocs[p.b]!.auc, 3), '—', '—', '—', '—'];
      const h = holmOf.get(p) ?? null;
      return [name, num(p.c.auc1, 3), num(p.c.auc2, 3), num(p.c.difference, 3), ci3(p.c.ci!), num(p.c.statistic, 3), formatP(p.c.pValue), h === null ? '—' : formatP(h)];
    });
    const notes = ['配对 DeLong 检验（同一批对象上两个指标的 AUC 比较，pROC 的 roc.test(method = "delong", paired = TRUE)）；差值 = 前者 − 后者。', 'Holm 校正 P 用于多组两两比较时控制总的 I 类错误。'];
    if (pairs.some((p) => !p.c)) notes.push('标“—”的比较中两个 AUC 差值的方差为 0（如两个指标的排序完全一致或都完全分离），无法检验。');
    sections.push({ title: 'AUC 比较', blocks: [table('表4 AUC 两两比较（DeLong 检验）', ['比较', 'AUC₁', 'AUC₂', '差值', `差值${pctLevel}%CI`, 'Z', 'P', 'Holm 校正 P'], rows, notes)] });
  }

  if (showCutoffs) {
    const base = pairs.length > 0 ? 5 : 4;
    const blocks = rocs.map((r, j) => {
      const pts: RocPoint[] = r.points.slice(0, MAX_CUTOFF_ROWS);
      const rows: Cell[][] = pts.map((p) => [cutoff(p.threshold), num(p.sensitivity, 4), num(p.specificity, 4), num(p.youden, 4), num(p.ppv, 4), num(p.npv, 4), num(p.accuracy, 4)]);
      const notes = [`指标${directionText(r.direction)}；±∞ 为全部判为阴性或阳性的端点。阳性或阴性预测值无法计算（没有判为阳性或阴性的对象）时记为空。`];
      if (r.points.length > MAX_CUTOFF_ROWS) notes.push(`共 ${r.points.length} 个截断值，表中只列出前 ${MAX_CUTOFF_ROWS} 个。`);
      return table(`表${base + j} ${markers[j]} 的全部截断值`, ['截断值', '灵敏度', '特异度', '约登指数', '阳性预测值', '阴性预测值', '准确度'], rows, notes);
    });
    sections.push({ title: '截断值表', blocks });
  }

  // Conclusion.
  const sentences: string[] = [
    `以${outcome}为结局（阳性：${lv.positive}，${nPos} 例；阴性：${lv.negative}，${nNeg} 例）绘制 ROC 曲线。`,
  ];
  rocs.forEach((r, j) => {
    sentences.push(
      `${markers[j]}的 AUC 为 ${r.auc.toFixed(3)}（${pctLevel}%CI ${ci3(r.ci, '~')}，${Number.isFinite(r.pValue) ? pSentence(r.pValue) : 'P 无法计算'}），${aucGrade(r.auc)}；` +
        `约登指数最大的截断值为 ${cutoff(r.best.threshold)}（${r.direction === '<' ? '>' : '<'} 该值判为阳性），此时灵敏度 ${pct(r.best.sensitivity)}、特异度 ${pct(r.best.specificity)}` +
        (Number.isFinite(r.best.ppv) && Number.isFinite(r.best.npv) ? `、阳性预测值 ${pct(r.best.ppv)}、阴性预测值 ${pct(r.best.npv)}` : '') +
        '。',
    );
  });
  if (rocs.length > 1) {
    const top = rocs.reduce((b, r, j) => (r.auc > rocs[b]!.auc ? j : b), 0);
    let s = `${markers[top]}的 AUC 最大。`;
    const sig = testable.filter((p) => p.c!.pValue < 1 - level);
    if (testable.length > 0)
      s +=
        sig.length === 0
          ? `DeLong 检验未发现各指标的 AUC 之间有统计学意义的差异。`
          : `DeLong 检验显示：${sig
              .map((p) => {
                const [hi, lo] = p.c!.difference > 0 ? [p.a, p.b] : [p.b, p.a];
                return `${markers[hi]}的 AUC 高于${markers[lo]}（差值 ${num(Math.abs(p.c!.difference), 3)}，Z = ${num(Math.abs(p.c!.statistic), 3)}，${pSentence(p.c!.pValue)}）`;
              })
              .join('；')}。`;
    sentences.push(s);
  }
  const caveats: string[] = [];
  rocs.forEach((r, j) => {
    if (r.auc < 0.5) caveats.push(`${markers[j]}在所设判定方向下 AUC < 0.5，提示方向与实际相反；可改为自动或相反的判定方向。`);
    if (r.se === 0) caveats.push(`${markers[j]}将两组完全分开（AUC = ${num(r.auc, 3)}），DeLong 标准误为 0，置信区间与 P 值不可靠；请核对是否误选了由结局派生的变量。`);
  });
  if (nPos < 10 || nNeg < 10) caveats.push(`阳性或阴性例数少于 10，AUC 的置信区间可能偏窄，截断值不稳定，结论需谨慎。`);
  if (rocs.some((r) => r.direction === '>') && direction === 'auto') caveats.push(`判定方向为“越低越倾向阳性”的指标：${markers.filter((_, j) => rocs[j]!.direction === '>').join('、')}。`);
  caveats.push('最佳截断值来自本样本，存在乐观偏倚，宜在独立样本中验证。');
  sections.push({ title: '结论', blocks: [text(sentences.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    positive: lv.positive,
    negative: lv.negative,
    nPositive: nPos,
    nNegative: nNeg,
    excluded,
  };
  const perMarker = (r: RocResult) => ({
    auc: r.auc,
    se: r.se,
    ciLower: r.ci[0],
    ciUpper: r.ci[1],
    p: finiteOrNull(r.pValue),
    direction: r.direction,
    cutoff: finiteOrNull(r.best.threshold),
    youden: r.best.youden,
    sensitivity: r.best.sensitivity,
    specificity: r.best.specificity,
    ppv: finiteOrNull(r.best.ppv),
    npv: finiteOrNull(r.best.npv),
    accuracy: r.best.accuracy,
  });
  // The first marker under the plain names; every marker under name.marker.
  Object.assign(results, perMarker(rocs[0]!));
  rocs.forEach((r, j) => {
    for (const [k, v] of Object.entries(perMarker(r))) results[`${k}.${markers[j]}`] = v;
  });
  pairs.forEach((p) => {
    const key = `${markers[p.a]} vs ${markers[p.b]}`;
    results[`compareDifference.${key}`] = finiteOrNull(p.c?.difference ?? rocs[p.a]!.auc - rocs[p.b]!.auc);
    results[`compareZ.${key}`] = finiteOrNull(p.c?.statistic);
    results[`compareP.${key}`] = finiteOrNull(p.c?.pValue);
    results[`compareLower.${key}`] = finiteOrNull(p.c?.ci?.[0]);
    results[`compareUpper.${key}`] = finiteOrNull(p.c?.ci?.[1]);
  });

  return { title: `ROC 曲线：${markers.join('、')} → ${outcome}`, sections, results };
}
