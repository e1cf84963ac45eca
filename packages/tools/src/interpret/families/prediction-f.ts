// The interpreter's explainers for the prediction tools of group F (issue 22), under their tool keys:
// the competing-risks tool (CIFs, Gray's test, Fine–Gray SHRs). Every number comes from the report's
// `results`, so the grounding check holds by construction.
import { fmt, levelText, name, pct, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

function competingRisks(f: ReportFacts): Explanation {
  const lv = `${levelText(f)}%`;
  const ev = f.str('eventValue') ?? '关注事件';
  const comp = f.str('competingValues') ?? '竞争事件';
  const group = f.str('group');
  const timeName = f.param('time');
  const n = f.num('n');
  const excluded = f.num('excluded') ?? 0;
  const last = f.num('lastTime');
  // CIF of the event of interest at the last reported time, per group (or overall).
  const cifAtLast = f
    .prefixed('cif.')
    .filter(([k]) => last !== null && (k === String(last) || k.endsWith(`.${last}`)))
    .map(([k, v]) => {
      const g = k === String(last) ? null : k.slice(0, -(`.${last}`.length));
      const key = g === null ? String(last) : `${g}.${last}`;
      const lo = f.num(`cifLower.${key}`);
      const hi = f.num(`cifUpper.${key}`);
      return `${g === null ? '' : `“${name(g)}”组 `}${pct(v)}${lo !== null && hi !== null ? `（${lv}CI ${pct(lo)} ~ ${pct(hi)}）` : ''}`;
    });
  const p = f.num('p');
  // Readable term labels from the Fine–Gray table: "分期：III期" for the design column 分期III期.
  const labels = new Map<string, string>();
  let variable = '';
  for (const row of f.table('Fine–Gray 模型')?.rows ?? []) {
    if (typeof row[0] === 'string' && row[0] !== '') variable = row[0];
    const lvl = typeof row[1] === 'string' ? row[1] : '';
    labels.set(`${variable}${lvl}`, lvl === '' ? variable : `${variable}：${lvl}`);
  }
  const shr = f.prefixed('shr.').map(([term, v]) => ({ term: labels.get(term) ?? term, v, lo: f.num(`shrLower.${term}`), hi: f.num(`shrUpper.${term}`), p: f.num(`p.${term}`) }));
  const sig = shr.filter((s) => significant(s.p));
  const shrLine = (s: (typeof shr)[number]) => `“${name(s.term)}”：SHR = ${fmt(s.v)}${s.lo !== null && s.hi !== null ? `（${lv}CI ${fmt(s.lo)} ~ ${fmt(s.hi)}）` : ''}，${pText(s.p)}`;
  const naive = f.num('naiveKmLast');
  const cifAll = f.num('cifOverallLast');

  const numbers: string[] = [];
  numbers.push(`纳入 ${fmt(n, 0)} 例：${ev} ${fmt(f.num('events'), 0)} 例，竞争事件（${comp}）${fmt(f.num('competing'), 0)} 例，删失 ${fmt(f.num('censored'), 0)} 例${excluded > 0 ? `；${fmt(excluded, 0)} 行因缺失值未纳入` : ''}。`);
  if (cifAtLast.length > 0 && last !== null) numbers.push(`${timeName} = ${fmt(last, 0) === String(last) ? String(last) : fmt(last)} 时${ev}的累积发生率：${cifAtLast.join('；')}。`);
  if (p !== null) numbers.push(`Gray 检验：χ² = ${fmt(f.num('statistic'))}，df = ${fmt(f.num('df'), 0)}，${pText(p)}——${significant(p) ? '各组累积发生率不同' : '未见各组累积发生率有差异'}。`);
  for (const s of shr) numbers.push(`${shrLine(s)}。`);
  if (naive !== null && cifAll !== null) numbers.push(`若把竞争事件当作删失，1 − KM 给出 ${pct(naive)}，而累积发生率只有 ${pct(cifAll)}。`);

  const method =
    `结局中除${ev}外还有${comp}，后者一旦发生，${ev}就不可能再发生，属于竞争风险。报告用累积发生率函数（CIF）描述${ev}与竞争事件的累积概率` +
    (group ? `，用 Gray 检验比较“${group}”各组` : '') +
    (shr.length > 0 ? '，并用 Fine–Gray 部分分布风险模型估计各因素的亚分布风险比（SHR）' : '') +
    '。此时 1 − KM 会把竞争事件当作“将来还可能发生关注事件”的删失，高估发生率，因此不宜使用。';
  const conclusionParts: string[] = [];
  if (p !== null) conclusionParts.push(`各组${ev}的累积发生率${significant(p) ? '差异有统计学意义' : '差异无统计学意义'}（${pText(p)}）。`);
  if (shr.length > 0) conclusionParts.push(sig.length > 0 ? `考虑竞争风险后，${sig.map((s) => `“${name(s.term)}”（SHR = ${fmt(s.v)}）`).join('、')}与${ev}的累积发生率独立相关。` : `Fine–Gray 模型中各因素与${ev}累积发生率的关联均无统计学意义。`);
  if (conclusionParts.length === 0) conclusionParts.push(`报告给出了${ev}与竞争事件的累积发生率曲线及各时间点的估计。`);
  const caveats = [
    'SHR 是亚分布风险比，描述因素与累积发生率的关联，适合预测与预后；它不是原因别风险比，不能直接解释为病因效应。',
    'CIF 与 Fine–Gray 模型假定删失与结局无关（非信息性删失）；Fine–Gray 模型还假定 SHR 不随时间变化。',
  ];
  if (naive !== null && cifAll !== null && naive > cifAll) caveats.push(`本例 1 − KM（${pct(naive)}）高于累积发生率（${pct(cifAll)}），说明忽略竞争风险会高估${ev}的发生概率。`);
  const paper =
    `本研究以${ev}为关注结局、${comp}为竞争事件，共纳入 ${fmt(n, 0)} 例。` +
    (cifAtLast.length > 0 && last !== null ? `${timeName} = ${String(last)} 时${ev}的累积发生率为${cifAtLast.join('，')}。` : '') +
    (p !== null ? `Gray 检验显示各组差异${significant(p) ? '有' : '无'}统计学意义（χ² = ${fmt(f.num('statistic'))}，${pText(p)}）。` : '') +
    (sig.length > 0 ? `Fine–Gray 模型显示，${sig.map(shrLine).join('；')}。` : shr.length > 0 ? 'Fine–Gray 模型中各因素均无统计学意义。' : '');
  return {
    method,
    numbers,
    conclusion: conclusionParts.join(''),
    caveats,
    paper,
    next: [
      '同时拟合原因别 Cox 模型（把竞争事件当作删失），与 Fine–Gray 的 SHR 对照，区分“影响发生速度”与“影响累积概率”。',
      '检查 SHR 是否随时间变化（如加入协变量与时间的交互项）。',
      '如需预测个体的累积发生率，可基于 Fine–Gray 模型绘制列线图并做校准与验证。',
    ],
    nonsignificant:
      p !== null && !significant(p)
        ? `Gray 检验 ${pText(p)}，只说明现有样本未能显示各组${ev}累积发生率的差异，不等于证明各组相同；事件数少时检验效能有限。`
        : `结果有统计学意义时，也只说明累积发生率（亚分布风险）不同，不说明机制：一组${ev}少，也可能是因为更多人先发生了${comp}。`,
    ...(shr.length > 0 ? { effect: `SHR > 1 表示该因素使${ev}的累积发生率升高，SHR < 1 表示降低；${sig.length > 0 ? sig.map(shrLine).join('；') : '本例各因素的 SHR 置信区间均包含 1'}。` } : {}),
  };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = {
  'competing-risks': competingRisks,
};
