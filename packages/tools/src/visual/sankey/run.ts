// 桑基图: 2–4 categorical columns read as successive stages; each pair of adjacent stages becomes a
// set of flows (a contingency table), drawn as an ECharts sankey series and listed with their counts.
// Adjacent stages are also tested for association (Pearson chi-square, as R chisq.test).
import { chiSquareTest } from '@labstat/stats';
import { chosenColumns } from '../../agreement-input.js';
import { orNull } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_STAGES = 4;
const MAX_LEVELS = 20;
const MISSING = '缺失';

interface Flow {
  stage: number;
  from: string;
  to: string;
  count: number;
}

/** Levels in the user's order where present, then the rest by first appearance, “缺失” last. */
function stageLevels(values: readonly string[], given: readonly string[]): string[] {
  const seen = [...new Set(values)];
  const first = given.filter((g) => seen.includes(g) && g !== MISSING);
  return [...first, ...seen.filter((v) => !first.includes(v) && v !== MISSING), ...seen.filter((v) => v === MISSING)];
}

const r6 = (v: number) => Number(v.toPrecision(10));

export function run(data: DataTable, params: Params): ToolOutput {
  const stages = chosenColumns(data, params, 'stages', 2, '请按先后顺序选择 2–4 个阶段变量（分类变量）');
  if (stages.length > MAX_STAGES) throw new ToolInputError(`桑基图最多 ${MAX_STAGES} 个阶段，当前选择了 ${stages.length} 个`);
  const wName = String(params.weight ?? '');
  if (wName) {
    if (!data.variables.some((v) => v.name === wName)) throw new ToolInputError(`数据中没有变量“${wName}”`);
    if (stages.includes(wName)) throw new ToolInputError(`频数列“${wName}”不能同时作为阶段变量`);
  }
  const keepMissing = params.missing === 'category';
  const given = splitList(params.order);

  const cols = stages.map((s) => data.text(s));
  const weights = wName ? data.numeric(wName) : null;
  const rows: Array<{ levels: string[]; w: number }> = [];
  let excludedRows = 0;
  let zeroWeight = 0;
  for (let i = 0; i < data.rows; i++) {
    const levels = cols.map((c) => (c[i] ?? '').trim());
    if (!keepMissing && levels.some((l) => l === '')) {
      excludedRows++;
      continue;
    }
    let w = 1;
    if (weights) {
      const v = weights[i];
      if (v === null || v === undefined || !Number.isFinite(v)) {
        excludedRows++;
        continue;
      }
      if (v < 0) throw new ToolInputError(`频数列“${wName}”第 ${i + 1} 行为负数（${v}），频数须为非负数`);
      if (v === 0) {
        zeroWeight++;
        continue;
      }
      w = v;
    }
    rows.push({ levels: levels.map((l) => (l === '' ? MISSING : l)), w });
  }
  if (rows.length === 0) throw new ToolInputError('没有可用的行：所选阶段变量在每一行都有缺失；可把“缺失值”改为作为“缺失”类别显示');

  const levels = stages.map((s, k) => {
    const lv = stageLevels(rows.map((r) => r.levels[k]!), given);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`变量“${s}”有 ${lv.length} 个类别，桑基图每个阶段最多 ${MAX_LEVELS} 个；它可能是连续变量或编号，请选择分类变量或先合并类别`);
    return lv;
  });
  const total = rows.reduce((a, r) => a + r.w, 0);

  // A level that appears in more than one stage needs a distinct node name (ECharts keys nodes by name).
  const stagesOf = new Map<string, number>();
  for (const lv of levels) for (const l of lv) stagesOf.set(l, (stagesOf.get(l) ?? 0) + 1);
  const nodeName = (k: number, l: string) => (stagesOf.get(l)! > 1 ? `${l}（${stages[k]}）` : l);

  const stageCounts = levels.map((lv, k) => lv.map((l) => rows.reduce((a, r) => a + (r.levels[k] === l ? r.w : 0), 0)));
  const flows: Flow[] = [];
  const tests = [];
  for (let k = 0; k + 1 < stages.length; k++) {
    const tab = levels[k]!.map((a) => levels[k + 1]!.map((b) => rows.reduce((s, r) => s + (r.levels[k] === a && r.levels[k + 1] === b ? r.w : 0), 0)));
    tab.forEach((row, i) => row.forEach((count, j) => count > 0 && flows.push({ stage: k, from: levels[k]![i]!, to: levels[k + 1]![j]!, count })));
    tests.push({ k, test: tab.length > 1 && tab[0]!.length > 1 ? orNull(() => chiSquareTest(tab)) : null });
  }

  const nodes = levels.flatMap((lv, k) => lv.map((l) => ({ name: nodeName(k, l), depth: k })));
  const links = flows.map((f) => ({ source: nodeName(f.stage, f.from), target: nodeName(f.stage + 1, f.to), value: r6(f.count) }));
  const m = stages.length;
  const chart = {
    type: 'chart' as const,
    title: `图1 ${stages.join(' → ')} 的桑基图`,
    option: {
      tooltip: { trigger: 'item' },
      // Stage names over their columns; the sankey area spans 8%–86% of the width.
      graphic: stages.map((s, k) => ({
        type: 'text',
        top: 14,
        ...(k === m - 1 ? { right: '14%' } : { left: `${(8 + (78 * k) / (m - 1)).toFixed(1)}%` }),
        style: { text: s, fontSize: 13, fontWeight: 'bold', fill: '#222' },
      })),
      series: [
        {
          type: 'sankey',
          name: '流向',
          left: '8%',
          right: '14%',
          top: 44,
          bottom: 24,
          nodeWidth: 16,
          nodeGap: 10,
          nodeAlign: 'justify',
          // 0 keeps the nodes in the given order (categories top to bottom as in the tables).
          layoutIterations: 0,
          draggable: false,
          emphasis: { focus: 'adjacency' },
          label: { position: 'right', fontSize: 12 },
          lineStyle: { color: 'source', opacity: 0.38, curveness: 0.5 },
          data: nodes,
          links,
        },
      ],
    },
  };

  const pctOf = (x: number, of: number) => num((100 * x) / of, 1);
  const results: ToolOutput['results'] = { n: r6(total), rows: rows.length, excluded: excludedRows, stages: m, links: flows.length };
  stages.forEach((s, k) => levels[k]!.forEach((l, j) => (results[`count.${s}.${l}`] = r6(stageCounts[k]![j]!))));
  const top = flows.reduce((a, f) => (f.count > a.count ? f : a), flows[0]!);
  results.topFlowFrom = top.from;
  results.topFlowTo = top.to;
  results.topFlowCount = r6(top.count);
  results.topFlowShare = top.count / total;
  for (const { k, test } of tests) {
    if (!test) continue;
    results[`statistic.${k + 1}`] = test.statistic;
    results[`df.${k + 1}`] = test.df;
    results[`p.${k + 1}`] = test.pValue;
    results[`cramersV.${k + 1}`] = test.cramersV;
  }

  const stageRows = stages.flatMap((s, k) => levels[k]!.map((l, j) => [s, l, num(stageCounts[k]![j]!, 2), pctOf(stageCounts[k]![j]!, total)]));
  const fromTotal = (f: Flow) => stageCounts[f.stage]![levels[f.stage]!.indexOf(f.from)]!;
  const flowRows = flows.map((f) => [`${stages[f.stage]} → ${stages[f.stage + 1]}`, f.from, f.to, num(f.count, 2), pctOf(f.count, fromTotal(f)), pctOf(f.count, total)]);
  const testRows = tests.map(({ k, test }) => [
    `${stages[k]} × ${stages[k + 1]}`,
    num(test?.statistic, 3),
    test ? test.df : null,
    test ? formatP(test.pValue) : '—',
    num(test?.cramersV, 3),
    test ? `${test.lowExpected.count}/${levels[k]!.length * levels[k + 1]!.length}` : '—',
  ]);
  const lowWarn = tests.filter(({ test }) => test && (test.lowExpected.share > 0.2 || test.lowExpected.min < 1)).map(({ k }) => `${stages[k]} × ${stages[k + 1]}`);
  const yates = tests.some(({ test }) => test?.yates);
  const notes = [
    keepMissing ? '缺失值作为“缺失”类别显示。' : excludedRows > 0 ? `${excludedRows} 行因阶段变量${wName ? '或频数' : ''}缺失而未纳入（列表删除）。` : '所用变量均无缺失值。',
    ...(wName ? [`按频数列“${wName}”加权计数${zeroWeight > 0 ? `，${zeroWeight} 行频数为 0 不计` : ''}。`] : []),
    '构成比的分母为纳入的总例数。',
  ];
  const flowNotes = ['“占来源”为该流向占来源类别例数的百分比（即条件构成比），“占总数”的分母为纳入的总例数。只列出例数大于 0 的流向。'];
  const testNotes = [
    `Pearson 卡方检验${yates ? '（2×2 表按 R 的默认做 Yates 连续性校正）' : ''}，检验相邻两个阶段的类别是否独立；Cramér V 衡量关联强度（0 ~ 1）。`,
    ...(lowWarn.length > 0 ? [`${lowWarn.join('、')}：理论频数小于 5 的格子超过 20% 或有理论频数小于 1，卡方近似不可靠，请改用卡方检验工具中的 Fisher 精确检验。`] : []),
    ...(tests.some(({ test }) => !test) ? ['只有一个类别的阶段无法做卡方检验，记为“—”。'] : []),
    ...(wName && !Number.isInteger(total) ? ['频数含小数，卡方检验按加权计数计算，仅供参考。'] : []),
  ];
  const topText = `最大的一条流向为“${top.from}”→“${top.to}”，${num(top.count, 2)} 例，占总数的 ${pctOf(top.count, total)}%。`;
  return {
    title: `桑基图：${stages.join(' → ')}`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '流向与构成',
        blocks: [
          table('表1 各阶段的类别构成', ['阶段', '类别', '例数', '构成比（%）'], stageRows, notes),
          table('表2 相邻阶段之间的流向', ['阶段', '来源', '去向', '例数', '占来源（%）', '占总数（%）'], flowRows, flowNotes),
          table('表3 相邻阶段的关联（卡方检验）', ['阶段', 'χ²', '自由度', 'P', "Cramér V", '理论频数<5 的格子'], testRows, testNotes),
        ],
      },
      { title: '说明', blocks: [text(`共纳入 ${num(total, 2)} 例，${m} 个阶段，${flows.length} 条流向。${topText}`)] },
    ],
    results,
  };
}
