// 韦恩图与 UpSet 图: 2–5 sets from 0/1 membership columns or from columns of item lists. Counts every
// exclusive region (items in exactly these sets), draws the Venn diagram as ECharts graphic shapes
// (circles for 2–3 sets, ellipses for 4–5) with each region's count, and the UpSet plot: bars of the
// intersection sizes over a dot matrix of which sets they combine, set sizes beside it.
import type { ReportBlock } from '@labstat/contracts';
import { table, text } from '../../report-helpers.js';
import { requireVariables } from '../../common.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { regionAnchors, vennShapes } from './layout.js';
import { maxOf } from '@labstat/stats';

/** The sets' colours in the Venn diagram: Okabe–Ito, which the figure options map to the chosen palette. */
const SET_COLORS = ['#E69F00', '#56B4E9', '#009E73', '#CC79A7', '#0072B2'];
const YES = new Set(['1', '是', '有', 'yes', 'y', 'true', '阳性', '+']);
const NO = new Set(['0', '否', '无', 'no', 'n', 'false', '阴性', '-']);
/** Columns of the UpSet plot at most; smaller combinations are summed in a note. */
export const MAX_COMBINATIONS = 40;

export interface SetCounts {
  sets: string[];
  /** Items of each set. */
  sizes: number[];
  /** Items in at least one set. */
  union: number;
  /** Exclusive region counts by membership bitmask (bit i: set i). */
  regions: Map<number, number>;
  /** Rows (membership format) left out for a missing value. */
  excluded: number;
}

/** Counts of every exclusive region from 0/1 columns (listwise over the chosen columns). */
export function fromMembership(data: DataTable, vars: readonly string[]): SetCounts {
  const cols = vars.map((v) => data.text(v));
  const regions = new Map<number, number>();
  const sizes = vars.map(() => 0);
  let excluded = 0;
  let union = 0;
  for (let i = 0; i < data.rows; i++) {
    let mask = 0;
    let missing = false;
    for (let j = 0; j < vars.length; j++) {
      const raw = cols[j]![i];
      const v = raw === null || raw === undefined ? '' : String(raw).trim().toLowerCase();
      if (v === '') {
        missing = true;
        break;
      }
      if (YES.has(v)) mask |= 1 << j;
      else if (!NO.has(v)) throw new ToolInputError(`集合列“${vars[j]}”第 ${i + 1} 行的值“${raw}”不是 1/0（或 是/否）；名单格式的数据请在“数据格式”中选择“每列一个元素名单”`);
    }
    if (missing) {
      excluded++;
      continue;
    }
    for (let j = 0; j < vars.length; j++) if (mask & (1 << j)) sizes[j]!++;
    if (mask === 0) continue;
    union++;
    regions.set(mask, (regions.get(mask) ?? 0) + 1);
  }
  return { sets: [...vars], sizes, union, regions, excluded };
}

/** Counts from columns that each list a set's items (blank cells skipped, duplicates counted once). */
export function fromLists(data: DataTable, vars: readonly string[]): SetCounts {
  const masks = new Map<string, number>();
  const sizes = vars.map((v, j) => {
    const items = new Set(data.text(v).map((x) => (x === null || x === undefined ? '' : String(x).trim())).filter((x) => x !== ''));
    for (const it of items) masks.set(it, (masks.get(it) ?? 0) | (1 << j));
    return items.size;
  });
  const regions = new Map<number, number>();
  for (const m of masks.values()) regions.set(m, (regions.get(m) ?? 0) + 1);
  return { sets: [...vars], sizes, union: masks.size, regions, excluded: 0 };
}

const bits = (m: number, k: number) => Array.from({ length: k }, (_, j) => j).filter((j) => m & (1 << j));
const comboName = (m: number, sets: readonly string[]) => bits(m, sets.length).map((j) => sets[j]).join(' ∩ ');
const resultKey = (m: number, sets: readonly string[]) => bits(m, sets.length).map((j) => sets[j]).join('&');

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = Array.isArray(params.vars) ? params.vars.map(String).filter((v) => v !== '') : [];
  if (vars.length < 2 || vars.length > 5) throw new ToolInputError(`请选择 2~5 个集合列（当前 ${vars.length} 个）`);
  if (new Set(vars).size !== vars.length) throw new ToolInputError('集合列中有重复的变量');
  requireVariables(data, vars);
  const lists = params.mode === 'lists';
  const c = lists ? fromLists(data, vars) : fromMembership(data, vars);
  if (c.union === 0) throw new ToolInputError(lists ? '所选列中没有任何元素' : '没有任何对象属于所选集合（请检查取值是否为 1/0）');
  const k = vars.length;
  const what = lists ? '个元素' : '例';
  const all = Array.from({ length: 2 ** k - 1 }, (_, i) => i + 1);
  const combos = all
    .map((m) => ({ m, n: c.regions.get(m) ?? 0, degree: bits(m, k).length }))
    .filter((x) => params.emptyIntersections === true || x.n > 0)
    .sort((a, b) => b.n - a.n || a.degree - b.degree || a.m - b.m);
  const shown = combos.slice(0, MAX_COMBINATIONS);
  const notes: string[] = [];
  if (c.excluded > 0) notes.push(`${c.excluded} 行在所选列中有缺失值，未参与计数。`);
  const blocks: ReportBlock[] = [];
  if (params.venn !== false) blocks.push(vennChart(c, `图1 ${k} 个集合的韦恩图`));
  blocks.push(upsetChart(c, shown, `图${params.venn !== false ? 2 : 1} UpSet 图（按交集大小排序）`));
  if (combos.length > shown.length) notes.push(`组合共 ${combos.length} 种，UpSet 图只画个数最多的 ${MAX_COMBINATIONS} 种，表2 列出全部。`);
  const share = (n: number) => `${((n / c.union) * 100).toFixed(1)}%`;
  const allMask = 2 ** k - 1;
  const largest = combos[0]!;
  const results: ToolOutput['results'] = { sets: k, union: c.union, excluded: c.excluded, shared: c.regions.get(allMask) ?? 0, largestCombination: comboName(largest.m, vars), largestCount: largest.n };
  vars.forEach((v, j) => (results[`size.${v}`] = c.sizes[j]!));
  for (const m of all) results[`only.${resultKey(m, vars)}`] = c.regions.get(m) ?? 0;
  const sizeRows = vars.map((v, j) => [v, c.sizes[j]!, share(c.sizes[j]!), c.regions.get(1 << j) ?? 0]);
  const regionRows = all
    .map((m) => ({ m, n: c.regions.get(m) ?? 0 }))
    .sort((a, b) => b.n - a.n || a.m - b.m)
    .map(({ m, n }) => [comboName(m, vars), bits(m, k).length, n, share(n)]);
  return {
    title: `韦恩图与 UpSet 图：${vars.join('、')}`,
    sections: [
      { title: '图形', blocks },
      {
        title: '交集计数',
        blocks: [
          table('表1 各集合的大小', ['集合', '个数', '占并集比例', '仅属于该集合'], sizeRows, [`并集（至少属于一个集合）共 ${c.union} ${what}。`, ...notes.filter((t) => t.includes('缺失'))]),
          table('表2 各组合（互斥区域）的个数', ['组合', '集合数', '个数', '占并集比例'], regionRows, [
            '每个组合只计“恰好属于这些集合、不属于其余所选集合”的对象，即韦恩图中各区域的数字与 UpSet 图的柱高；各行之和等于并集。',
            ...notes.filter((t) => !t.includes('缺失')),
          ]),
        ],
      },
      {
        title: '说明',
        blocks: [
          text(
            `${k} 个集合的并集共 ${c.union} ${what}，同时属于全部 ${k} 个集合的有 ${c.regions.get(allMask) ?? 0} ${what}。个数最多的组合是“${comboName(largest.m, vars)}”（${largest.n} ${what}，${share(largest.n)}）。` +
              (k >= 4 ? '集合较多时韦恩图的小区域难以辨认，请以 UpSet 图和表2 为准。' : ''),
          ),
        ],
      },
    ],
    results,
  };
}

/** The Venn diagram: one translucent shape per set, its name outside, each region's count inside. */
function vennChart(c: SetCounts, title: string): ReportBlock {
  const k = c.sets.length;
  const raw = vennShapes(k);
  const ext = maxOf(raw.map((s) => Math.max(Math.abs(s.cx) + s.rx, Math.abs(s.cy) + s.rx)));
  const scale = 165 / ext;
  const shapes = raw.map((s) => ({ ...s, cx: s.cx * scale, cy: s.cy * scale, rx: s.rx * scale, ry: s.ry * scale }));
  const anchors = regionAnchors(shapes, 2);
  const r1 = (v: number) => Number(v.toFixed(1));
  const children: Array<Record<string, unknown>> = shapes.map((s, j) => ({
    type: 'ellipse',
    x: r1(s.cx),
    y: r1(s.cy),
    rotation: Number(s.rotation.toFixed(4)),
    shape: { cx: 0, cy: 0, rx: r1(s.rx), ry: r1(s.ry) },
    style: { fill: SET_COLORS[j], opacity: 0.28, stroke: SET_COLORS[j], lineWidth: 1.5 },
    silent: true,
  }));
  shapes.forEach((s, j) => {
    // The set's name just outside its shape, along the line from the diagram's centre.
    const ang = Math.atan2(s.cy, s.cx || 0.0001) + (k === 2 ? 0 : 0);
    const far = k <= 3 ? s.rx + 14 : Math.max(s.rx, s.ry) * 0.85 + 10;
    const [x, y] = k === 2 ? [s.cx, -s.ry - 16] : [s.cx + Math.cos(ang) * far, s.cy + Math.sin(ang) * far];
    children.push({ type: 'text', x: r1(x), y: r1(y), style: { text: `${c.sets[j]}（${c.sizes[j]}）`, fill: '#222', fontSize: 13, fontWeight: 'bold', align: 'center', verticalAlign: 'middle' } });
  });
  for (const [m, a] of anchors) {
    children.push({
      type: 'text',
      x: r1(a.x),
      y: r1(a.y),
      style: { text: String(c.regions.get(m) ?? 0), fill: '#222', fontSize: k >= 5 ? 9 : k === 4 ? 11 : 13, align: 'center', verticalAlign: 'middle' },
    });
  }
  return { type: 'chart', title, option: { graphic: [{ type: 'group', left: 'center', top: 'middle', children }] } };
}

/** UpSet: intersection bars above a dot matrix (filled dots joined for the sets combined), set sizes at the left. */
function upsetChart(c: SetCounts, combos: ReadonlyArray<{ m: number; n: number }>, title: string): ReportBlock {
  const k = c.sets.length;
  const xs = combos.map((_, i) => String(i + 1));
  const rows = [...c.sets];
  const dots = combos.flatMap((x, i) => rows.map((_, j) => ({ value: [i, j], itemStyle: { color: x.m & (1 << j) ? '#222222' : '#D9D9D9' } })));
  const links = combos
    .map((x, i) => ({ i, b: bits(x.m, k) }))
    .filter((x) => x.b.length > 1)
    .map((x) => ({ coords: [[x.i, x.b[0]!], [x.i, x.b[x.b.length - 1]!]] }));
  const cat = (gridIndex: number, data: string[], show: boolean) => ({ type: 'category', gridIndex, data, show, axisTick: { show: false } });
  return {
    type: 'chart',
    title,
    option: {
      tooltip: { trigger: 'item' },
      legend: { data: [] },
      grid: [
        { left: '30%', right: '4%', top: '6%', height: '48%' },
        { left: '30%', right: '4%', top: '60%', bottom: '4%' },
        { left: '3%', width: '14%', top: '60%', bottom: '4%' },
      ],
      xAxis: [
        { ...cat(0, xs, true), axisLabel: { show: false } },
        { ...cat(1, xs, false) },
        { type: 'value', gridIndex: 2, inverse: true, name: '集合大小', nameLocation: 'middle', nameGap: 22, splitNumber: 2 },
      ],
      yAxis: [
        { type: 'value', gridIndex: 0, name: '交集大小', nameLocation: 'middle', nameGap: 40 },
        { ...cat(1, rows, true), inverse: true, axisLine: { show: false }, axisLabel: { margin: 10 } },
        { ...cat(2, rows, false), inverse: true },
      ],
      series: [
        { type: 'bar', name: '交集大小', xAxisIndex: 0, yAxisIndex: 0, barWidth: '60%', data: combos.map((x) => x.n), label: { show: combos.length <= 25, position: 'top', fontSize: 10 } },
        { type: 'scatter', name: '组合', xAxisIndex: 1, yAxisIndex: 1, symbolSize: 10, data: dots, silent: true },
        { type: 'lines', name: '连线', coordinateSystem: 'cartesian2d', xAxisIndex: 1, yAxisIndex: 1, silent: true, lineStyle: { color: '#222222', width: 2 }, data: links },
        { type: 'bar', name: '集合大小', xAxisIndex: 2, yAxisIndex: 2, barWidth: '50%', data: c.sizes, label: { show: true, position: 'left', fontSize: 10 } },
      ],
    },
  };
}

