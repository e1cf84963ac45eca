// 两分类变量关联 (guided): the expected counts decide between Pearson χ², the continuity-corrected
// χ² and Fisher's exact test, by the rule Chinese textbooks teach (孙振球《医学统计学》): 2×2 tables
// by n ≥ 40 and the smallest expected count, R×C tables by the share of cells with T < 5. The
// numbers and tables come from the 卡方检验 tool; the flow words its own conclusion.
import { requireVariables } from '../../common.js';
import { run as runChisq } from '../../med/chisq/run.js';
import { num, table, text } from '../../report-helpers.js';
import { levelOrder, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { chosenSections, excludedNote, flowChart, pText, STEP, type FlowLink, type FlowNode } from '../flow.js';
import { minOf } from '@labstat/stats';

const NODES: FlowNode[] = [
  { id: 'start', label: '两个分类变量\n列联表', kind: 'start', x: 1.5, y: 0 },
  { id: 'is2x2', label: '四格表（2×2）？', kind: 'check', x: 1.5, y: 1 },
  { id: 'n40', label: 'n ≥ 40 且\n所有 T ≥ 1？', kind: 'check', x: 0.75, y: 2 },
  { id: 't5', label: '所有 T ≥ 5？', kind: 'check', x: 0.25, y: 3 },
  { id: 'pearson', label: 'Pearson 卡方检验', kind: 'test', x: -0.25, y: 4 },
  { id: 'yates', label: '连续性校正\n卡方检验', kind: 'test', x: 0.75, y: 4 },
  { id: 'fisher', label: 'Fisher 精确检验', kind: 'test', x: 1.5, y: 3.5 },
  { id: 'rc', label: 'T < 5 的格子 ≤ 1/5\n且无 T < 1？', kind: 'check', x: 2.5, y: 2 },
  { id: 'pearsonRC', label: 'Pearson 卡方检验', kind: 'test', x: 2.75, y: 3.5 },
];
const LINKS: FlowLink[] = [
  { from: 'start', to: 'is2x2' },
  { from: 'is2x2', to: 'n40', label: '是' },
  { from: 'is2x2', to: 'rc', label: '否' },
  { from: 'n40', to: 't5', label: '是' },
  { from: 'n40', to: 'fisher', label: '否' },
  { from: 't5', to: 'pearson', label: '是' },
  { from: 't5', to: 'yates', label: '否' },
  { from: 'rc', to: 'pearsonRC', label: '是' },
  { from: 'rc', to: 'fisher', label: '否' },
];
const NAMES = { 'pearson-chisq': 'Pearson 卡方检验', 'yates-chisq': '连续性校正卡方检验', fisher: 'Fisher 精确检验' } as const;
const MAX_LEVELS = 30;

/**
 * The r×c counts of the complete rows, categories in order of first appearance or in the order the
 * user gave (listed ones first), as the 卡方检验 tool orders them.
 */
function crossTable(data: DataTable, rName: string, cName: string, params: Params) {
  const r = data.text(rName);
  const c = data.text(cName);
  const has = (x: string | null | undefined): x is string => x !== null && x !== undefined && x !== '';
  // First appearance among the complete rows (as the 卡方检验 tool counts them); a category seen only
  // where the other variable is missing comes last, and is refused below.
  const both = r.map((_, i) => has(r[i]) && has(c[i]));
  const ordered = (v: Array<string | null>) => [...v.filter((x, i) => both[i] && has(x)), ...v.filter((x, i) => !both[i] && has(x))] as string[];
  const rows = levelOrder(ordered(r), rName, splitList(params.rowOrder));
  const cols = levelOrder(ordered(c), cName, splitList(params.colOrder));
  for (const [name, lv] of [[rName, rows], [cName, cols]] as const) {
    if (lv.length < 2) throw new ToolInputError(`变量“${name}”至少需要 2 个类别，当前只有 ${lv.length} 个`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`变量“${name}”有 ${lv.length} 个类别，超过 ${MAX_LEVELS} 个，请确认它是分类变量`);
  }
  const counts = rows.map(() => cols.map(() => 0));
  let n = 0;
  for (let i = 0; i < r.length; i++) {
    const a = rows.indexOf(r[i] ?? '');
    const b = cols.indexOf(c[i] ?? '');
    if (a < 0 || b < 0) continue;
    counts[a]![b]!++;
    n++;
  }
  return { rows, cols, counts, n };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const rName = String(params.row ?? '');
  const cName = String(params.col ?? '');
  if (!rName || !cName) throw new ToolInputError('请选择行变量和列变量');
  if (rName === cName) throw new ToolInputError('行变量与列变量不能相同');
  requireVariables(data, [rName, cName]);
  const { rows, cols, counts, n } = crossTable(data, rName, cName, params);
  const rowTotals = counts.map((row) => row.reduce((s, x) => s + x, 0));
  const colTotals = cols.map((_, j) => counts.reduce((s, row) => s + row[j]!, 0));
  for (const [name, levels, totals] of [[rName, rows, rowTotals], [cName, cols, colTotals]] as const) {
    const empty = levels.filter((_, i) => totals[i] === 0);
    if (empty.length > 0) throw new ToolInputError(`变量“${name}”的类别“${empty.join('、')}”在另一变量有值的行中没有观测，请删除该类别后再分析`);
  }
  const expected = counts.map((row, i) => row.map((_, j) => (rowTotals[i]! * colTotals[j]!) / n));
  const flat = expected.flat();
  const minE = minOf(flat);
  const below5 = flat.filter((e) => e < 5).length;
  const share = below5 / flat.length;
  const is2x2 = rows.length === 2 && cols.length === 2;

  let chosen: keyof typeof NAMES;
  let path: string[];
  const steps: string[] = [];
  const eText = `最小理论频数 T = ${num(minE, 2)}，T < 5 的格子 ${below5} 个（占 ${(share * 100).toFixed(1)}%）`;
  if (is2x2) {
    steps.push(`${STEP[0]}：${rName}与${cName}构成 2×2 四格表，总例数 n = ${n}，按四格表的规则选择检验方法。`);
    if (n < 40 || minE < 1) {
      chosen = 'fisher';
      path = ['start', 'is2x2', 'n40', 'fisher'];
      steps.push(`${STEP[1]}：计算理论频数，${eText}。${n < 40 ? `总例数 n = ${n} < 40` : '有理论频数 T < 1'}，卡方近似不可靠，因此选用 Fisher 精确检验。`);
    } else if (minE < 5) {
      chosen = 'yates-chisq';
      path = ['start', 'is2x2', 'n40', 't5', 'yates'];
      steps.push(`${STEP[1]}：计算理论频数，${eText}。n ≥ 40 且有 1 ≤ T < 5 的格子，因此选用连续性校正（Yates）卡方检验。`);
    } else {
      chosen = 'pearson-chisq';
      path = ['start', 'is2x2', 'n40', 't5', 'pearson'];
      steps.push(`${STEP[1]}：计算理论频数，${eText}。n ≥ 40 且所有 T ≥ 5，因此选用 Pearson 卡方检验（不校正）。`);
    }
  } else {
    steps.push(`${STEP[0]}：${rName}与${cName}构成 ${rows.length}×${cols.length} 列联表（R×C 表），总例数 n = ${n}，按 R×C 表的规则选择检验方法。`);
    if (share > 0.2 || minE < 1) {
      chosen = 'fisher';
      path = ['start', 'is2x2', 'rc', 'fisher'];
      steps.push(`${STEP[1]}：计算理论频数，${eText}。${minE < 1 ? '有理论频数 T < 1' : 'T < 5 的格子超过 1/5'}，不宜用卡方检验，因此选用 Fisher 精确检验（也可考虑合并相邻类别后再做卡方检验）。`);
    } else {
      chosen = 'pearson-chisq';
      path = ['start', 'is2x2', 'rc', 'pearsonRC'];
      steps.push(`${STEP[1]}：计算理论频数，${eText}。T < 5 的格子不超过 1/5 且无 T < 1，因此选用 Pearson 卡方检验。`);
    }
  }

  const out = runChisq(data, { row: rName, col: cName, rowOrder: params.rowOrder ?? '', colOrder: params.colOrder ?? '', correct: chosen === 'yates-chisq' ? 'yes' : 'no' });
  const res = out.results;
  const caveats: string[] = [];
  if (chosen === 'fisher' && res.fisherP === null) {
    chosen = 'pearson-chisq';
    caveats.push(`该 ${rows.length}×${cols.length} 表过大，无法在合理时间内完成 Fisher 精确检验，下面暂以 Pearson 卡方检验报告，结果须谨慎解释；建议合并理论频数过小的类别后重新分析。`);
  }
  const p = (chosen === 'fisher' ? res.fisherP : chosen === 'yates-chisq' ? res.yatesP : res.pearsonP) as number;
  const statistic = chosen === 'fisher' ? null : chosen === 'yates-chisq' ? (res.yatesChi2 as number) : (res.pearsonChi2 as number);
  const df = chosen === 'fisher' ? null : (rows.length - 1) * (cols.length - 1);
  steps.push(`${STEP[steps.length]}：${NAMES[chosen]}的结果见下文。`);

  const effectName = is2x2 ? 'φ 系数' : "Cramér's V";
  const sig = p < 0.05;
  const conclusion =
    `对${rName}与${cName}的 ${rows.length}×${cols.length} 列联表（n = ${n}）采用${NAMES[chosen]}：` +
    (statistic !== null ? `χ² = ${num(statistic, 3)}，df = ${df}，` : '') +
    `${pText(p)}，${sig ? `两变量的关联有统计学意义，各${rName}的${cName}构成不同` : '未发现两变量之间有统计学意义的关联'}。` +
    `${effectName} = ${num(res.cramersV as number, 3)}。`;
  const eRows = rows.map((name, i) => [name, ...expected[i]!.map((e) => num(e, 2))]);

  return {
    title: `两分类变量关联：${rName} × ${cName}（${NAMES[chosen]}）`,
    sections: [
      {
        title: '分析流程',
        blocks: [
          flowChart('图 决策流程（蓝色为本次数据所走的路径）', NODES, LINKS, path),
          text(...steps, ...caveats),
          table(`表 理论频数（${rName} × ${cName}）`, [rName, ...cols], eRows, [
            `理论频数 T = 行合计 × 列合计 / n；${eText}。`,
            ...excludedNote(data.rows - n, `${rName}或${cName}`),
          ]),
        ],
      },
      ...chosenSections(out, ['结论']),
      { title: '结论', blocks: [text(conclusion)] },
    ],
    results: {
      chosenTest: chosen,
      chosenTestName: NAMES[chosen],
      ...res,
      method: NAMES[chosen],
      statistic,
      df,
      p,
      minExpected: minE,
      lowExpectedCells: below5,
    },
  };
}
