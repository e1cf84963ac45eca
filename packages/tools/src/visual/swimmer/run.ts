// 泳道图: one horizontal lane per patient, its length the time on treatment, coloured by group,
// with markers at response, progression and death and an arrow for patients still on treatment.
// Longest lane on top; the numbers (median duration, responders, time to response) in tables.
import { quantile, maxOf } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_PATIENTS = 100;
const YES = new Set(['是', 'Y', 'YES', '1', 'TRUE', '在治', '仍在治疗']);
const EVENTS = [
  { key: 'response', label: '缓解', symbol: 'triangle', color: '#1B7837' },
  { key: 'progression', label: '进展', symbol: 'diamond', color: '#B2182B' },
  // A cross drawn as a path: ECharts has no built-in X symbol.
  { key: 'death', label: '死亡', symbol: 'path://M-1,-0.7L-0.7,-1L0,-0.3L0.7,-1L1,-0.7L0.3,0L1,0.7L0.7,1L0,0.3L-0.7,1L-1,0.7L-0.3,0Z', color: '#000000' },
] as const;

interface Lane {
  id: string;
  group: string;
  duration: number;
  events: Record<string, number | null>;
  ongoing: boolean;
}

const median = (xs: number[]) => (xs.length > 0 ? quantile(xs, 0.5)[0]! : null);

export function run(data: DataTable, params: Params): ToolOutput {
  const idName = String(params.id ?? '');
  const durName = String(params.duration ?? '');
  if (!idName || !durName) throw new ToolInputError('请选择患者编号和治疗时长两列');
  const optional = ['group', 'response', 'progression', 'death', 'ongoing'].map((k) => String(params[k] ?? '')).filter((v) => v !== '');
  requireVariables(data, [idName, durName, ...optional]);
  const unit = String(params.unit ?? '').trim() || '月';
  const ids = data.text(idName);
  const dur = data.numeric(durName);
  const grp = params.group ? data.text(String(params.group)) : null;
  const ev = Object.fromEntries(EVENTS.map((e) => [e.key, params[e.key] ? data.numeric(String(params[e.key])) : null]));
  const on = params.ongoing ? data.text(String(params.ongoing)) : null;
  const lanes: Lane[] = [];
  const notes: string[] = [];
  for (let i = 0; i < data.rows; i++) {
    const id = (ids[i] ?? '').trim();
    if (id === '') continue;
    const d = dur[i] ?? null;
    if (d === null || d < 0) {
      notes.push(`${id}：治疗时长缺失或为负，未绘制。`);
      continue;
    }
    const events: Record<string, number | null> = {};
    for (const e of EVENTS) {
      const t = ev[e.key]?.[i] ?? null;
      if (t !== null && (t < 0 || t > d)) notes.push(`${id}：${e.label}时间 ${t} 不在 0~${d} 之内，未标记。`);
      events[e.key] = t !== null && t >= 0 && t <= d ? t : null;
    }
    lanes.push({ id, group: grp ? (grp[i] ?? '').trim() || '未分组' : '', duration: d, events, ongoing: on ? YES.has((on[i] ?? '').trim().toUpperCase()) : false });
  }
  if (lanes.length < 1) throw new ToolInputError(`治疗时长列“${durName}”没有有效值`);
  if (lanes.length > MAX_PATIENTS) throw new ToolInputError(`共有 ${lanes.length} 例患者，泳道图最多 ${MAX_PATIENTS} 例；请先筛选（如只保留缓解者或按组分别绘制）`);
  lanes.sort((a, b) => b.duration - a.duration || a.id.localeCompare(b.id));
  const groups = grp ? [...new Set(lanes.map((l) => l.group))].sort() : [''];
  if (groups.length > 8) throw new ToolInputError(`分组变量有 ${groups.length} 个组，泳道图着色最多 8 组`);

  const r4 = (v: number) => Number(v.toPrecision(6));
  const series: Array<Record<string, unknown>> = groups.map((g) => ({
    type: 'bar',
    name: g || durName,
    stack: 'lane',
    barWidth: '60%',
    data: lanes.map((l) => (l.group === g ? r4(l.duration) : null)),
  }));
  for (const e of EVENTS) {
    if (!params[e.key]) continue;
    series.push({
      type: 'scatter',
      name: e.label,
      symbol: e.symbol,
      symbolSize: 9,
      itemStyle: { color: e.color },
      z: 3,
      data: lanes.flatMap((l) => (l.events[e.key] === null ? [] : [[r4(l.events[e.key]!), l.id]])),
    });
  }
  const maxDur = maxOf(lanes.map((l) => l.duration));
  if (on) {
    series.push({
      type: 'scatter',
      name: '仍在治疗',
      symbol: 'arrow',
      symbolRotate: -90,
      symbolSize: 9,
      itemStyle: { color: '#303133' },
      z: 3,
      data: lanes.filter((l) => l.ongoing).map((l) => [r4(l.duration + maxDur * 0.02), l.id]),
    });
  }
  const chart = {
    type: 'chart' as const,
    title: `图1 ${lanes.length} 例患者的泳道图`,
    option: {
      tooltip: { trigger: 'item' },
      legend: { top: 0 },
      grid: { left: 20, right: 30, top: 40, bottom: 44, containLabel: true },
      xAxis: { type: 'value', name: durName.includes(unit) ? durName : `${durName}（${unit}）`, nameLocation: 'middle', nameGap: 28, min: 0, splitLine: { show: false } },
      yAxis: { type: 'category', inverse: true, data: lanes.map((l) => l.id), axisTick: { show: false }, axisLabel: { interval: 0, fontSize: lanes.length > 50 ? 7 : lanes.length > 30 ? 9 : 10 } },
      series,
    },
  };

  const durations = lanes.map((l) => l.duration);
  const [q1, med, q3] = quantile(durations, [0.25, 0.5, 0.75]) as [number, number, number];
  const responders = lanes.filter((l) => l.events.response !== null);
  const ttr = responders.map((l) => l.events.response!);
  const results: ToolOutput['results'] = { n: lanes.length, medianDuration: med, q1Duration: q1, q3Duration: q3, maxDuration: maxDur };
  if (params.response) {
    results.responders = responders.length;
    const m = median(ttr);
    if (m !== null) results.medianTimeToResponse = m;
    // Responders still responding at the end of their lane: no progression or death after response.
    results.respondersWithoutProgression = responders.filter((l) => l.events.progression === null && l.events.death === null).length;
  }
  if (params.progression) results.progressions = lanes.filter((l) => l.events.progression !== null).length;
  if (params.death) results.deaths = lanes.filter((l) => l.events.death !== null).length;
  if (on) results.ongoing = lanes.filter((l) => l.ongoing).length;
  const rows: Array<Array<string | number | null>> = [];
  for (const g of grp ? groups : ['']) {
    const ls = grp ? lanes.filter((l) => l.group === g) : lanes;
    const qs = quantile(ls.map((l) => l.duration), [0.25, 0.5, 0.75]);
    const resp = ls.filter((l) => l.events.response !== null);
    rows.push([
      g || '全部',
      ls.length,
      num(qs[1], 1),
      `${num(qs[0], 1)}~${num(qs[2], 1)}`,
      params.response ? resp.length : '—',
      params.response ? num(median(resp.map((l) => l.events.response!)), 1) ?? '—' : '—',
      params.progression ? ls.filter((l) => l.events.progression !== null).length : '—',
      params.death ? ls.filter((l) => l.events.death !== null).length : '—',
      on ? ls.filter((l) => l.ongoing).length : '—',
    ]);
    if (grp) {
      results[`n.${g}`] = ls.length;
      results[`medianDuration.${g}`] = qs[1]!;
      if (params.response) results[`responders.${g}`] = resp.length;
    }
  }
  if (grp) rows.push(['全部', lanes.length, num(med, 1), `${num(q1, 1)}~${num(q3, 1)}`, params.response ? responders.length : '—', params.response ? num(median(ttr), 1) ?? '—' : '—', results.progressions ?? '—', results.deaths ?? '—', results.ongoing ?? '—']);
  return {
    title: `泳道图：${durName}`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '泳道图数据',
        blocks: [
          table(`表1 治疗时长与事件（时间单位：${unit}）`, ['组别', '例数', '时长中位数', '时长 P25~P75', '缓解例数', '至缓解时间中位数', '进展例数', '死亡例数', '仍在治疗'], rows, [
            '时长的中位数与四分位数为所画横道长度的描述（R 的 type 7 算法），不是 Kaplan-Meier 估计的中位生存时间；至缓解时间只在缓解者中计算。',
            ...notes,
          ]),
        ],
      },
      { title: '说明', blocks: [text(`每条横道为一位患者，自上而下按时长由长到短排列${grp ? `，颜色为${String(params.group)}` : ''}；${EVENTS.filter((e) => params[e.key]).map((e) => `${e.label}时间以${e.symbol === 'triangle' ? '三角' : e.symbol === 'diamond' ? '菱形' : '叉号'}标记`).join('，')}${on ? '，道末箭头表示仍在治疗' : ''}。`)] },
    ],
    results,
  };
}
