// 相关分析 (guided): Shapiro–Wilk on each variable (the complete pairs) as the practical check of
// bivariate normality → Pearson or Spearman. Numbers and tables come from the 相关分析 tool.
import { levelOf, requireVariables } from '../../common.js';
import { run as runCorrelation } from '../../med/correlation/run.js';
import { pairedColumns } from '../../med/wilcoxon-signed-rank/paired.js';
import { table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { allNormal, checkAlphaOf, chosenSections, excludedNote, flowChart, nonNormalReason, normalityChecks, normalityClause, normalityResults, normalityRows, STEP, type FlowLink, type FlowNode } from '../flow.js';

const NODES: FlowNode[] = [
  { id: 'start', label: '两个定量变量', kind: 'start', x: 0.5, y: 0 },
  { id: 'normal', label: '两变量均服从正态？\n（Shapiro-Wilk）', kind: 'check', x: 0.5, y: 1 },
  { id: 'pearson', label: 'Pearson 相关', kind: 'test', x: 0, y: 2 },
  { id: 'spearman', label: 'Spearman 秩相关', kind: 'test', x: 1, y: 2 },
];
const LINKS: FlowLink[] = [
  { from: 'start', to: 'normal' },
  { from: 'normal', to: 'pearson', label: '是' },
  { from: 'normal', to: 'spearman', label: '否' },
];

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const yName = String(params.y ?? '');
  if (!xName || !yName) throw new ToolInputError('请选择两个定量变量');
  if (xName === yName) throw new ToolInputError('两个变量不能相同');
  requireVariables(data, [xName, yName]);
  const alpha = checkAlphaOf(params);
  const level = levelOf(params);
  const { x, y, dropped } = pairedColumns(data, xName, yName);
  if (x.length < 3) throw new ToolInputError(`“${xName}”与“${yName}”同时有值的观测只有 ${x.length} 个，相关分析至少需要 3 个`);
  for (const [name, v] of [[xName, x], [yName, y]] as const) if (v.every((t) => t === v[0])) throw new ToolInputError(`变量“${name}”的取值全部相同，无法计算相关系数`);

  const normality = normalityChecks(
    [
      { name: xName, values: x },
      { name: yName, values: y },
    ],
    alpha,
  );
  const normal = allNormal(normality);
  const chosen = normal ? 'pearson' : 'spearman';
  const chosenName = normal ? 'Pearson 相关' : 'Spearman 秩相关';
  const steps = [
    `${STEP[0]}：在 ${x.length} 个成对完整的观测中分别检验两变量的正态性（作为双变量正态的实用判断）。Shapiro-Wilk 检验：${normalityClause(normality)}。` +
      (normal ? `两变量均未见偏离正态分布（P ≥ ${alpha}），因此选用 Pearson 积差相关。` : `${nonNormalReason(normality, alpha)}，不满足 Pearson 相关的正态性前提，因此选用 Spearman 秩相关。`),
    `${STEP[1]}：${chosenName}的结果见下文。`,
  ];
  const out = runCorrelation(data, { vars: [xName, yName], method: chosen, alternative: 'two.sided', level });

  return {
    title: `相关分析：${xName} 与 ${yName}（${chosenName}）`,
    sections: [
      {
        title: '分析流程',
        blocks: [
          flowChart('图 决策流程（蓝色为本次数据所走的路径）', NODES, LINKS, ['start', 'normal', chosen]),
          text(...steps),
          table('表 前提检验', ['检验', '统计量', 'P', '判断'], normalityRows(normality), [`检验水准 α = ${alpha}。`, ...excludedNote(dropped, `${xName}或${yName}`)]),
        ],
      },
      ...chosenSections(out, []),
    ],
    results: {
      chosenTest: chosen,
      chosenTestName: chosenName,
      ...out.results,
      ...normalityResults(normality),
    },
  };
}
