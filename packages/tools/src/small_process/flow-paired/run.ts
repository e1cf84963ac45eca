// 配对比较 (guided): Shapiro–Wilk on the differences → paired t or Wilcoxon signed-rank. Numbers and
// tables come from the med tools' run functions.
import { levelOf, requireVariables } from '../../common.js';
import { run as runPairedT } from '../../med/ttest-paired/run.js';
import { pairedColumns } from '../../med/wilcoxon-signed-rank/paired.js';
import { run as runWilcoxon } from '../../med/wilcoxon-signed-rank/run.js';
import { table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { allNormal, checkAlphaOf, chosenSections, excludedNote, flowChart, nonNormalReason, normalityChecks, normalityClause, normalityRows, STEP, type FlowLink, type FlowNode } from '../flow.js';

const NODES: FlowNode[] = [
  { id: 'start', label: '配对设计\n定量资料', kind: 'start', x: 0.5, y: 0 },
  { id: 'normal', label: '差值服从正态分布？\n（Shapiro-Wilk）', kind: 'check', x: 0.5, y: 1 },
  { id: 'pairedT', label: '配对 t 检验', kind: 'test', x: 0, y: 2 },
  { id: 'wilcoxon', label: 'Wilcoxon 符号秩检验', kind: 'test', x: 1, y: 2 },
];
const LINKS: FlowLink[] = [
  { from: 'start', to: 'normal' },
  { from: 'normal', to: 'pairedT', label: '是' },
  { from: 'normal', to: 'wilcoxon', label: '否' },
];

export function run(data: DataTable, params: Params): ToolOutput {
  const a = String(params.x1 ?? '');
  const b = String(params.x2 ?? '');
  if (!a || !b) throw new ToolInputError('请选择配对的两个变量');
  if (a === b) throw new ToolInputError('两个变量不能相同，请选择两次测量各自所在的列');
  requireVariables(data, [a, b]);
  const alpha = checkAlphaOf(params);
  const level = levelOf(params);
  const { x, y, dropped } = pairedColumns(data, a, b);
  const diff = x.map((v, i) => v - y[i]!);
  if (diff.every((d) => d === 0)) throw new ToolInputError(`“${a}”与“${b}”在所有完整对子中都相等（差值全为 0），无需也无法比较`);

  const normality = normalityChecks([{ name: `差值（${a} − ${b}）`, values: diff }], alpha);
  const normal = allNormal(normality);
  const chosen = normal ? 'paired-t' : 'wilcoxon-signed-rank';
  const chosenName = normal ? '配对 t 检验' : 'Wilcoxon 符号秩检验';
  const steps = [
    `${STEP[0]}：计算每对的差值（${a} − ${b}，共 ${diff.length} 对）并检验其正态性。Shapiro-Wilk 检验：${normalityClause(normality)}。` +
      (normal ? `差值未见偏离正态分布（P ≥ ${alpha}），因此选用配对 t 检验。` : `${nonNormalReason(normality, alpha)}，不满足配对 t 检验的前提，因此选用 Wilcoxon 符号秩检验。`),
    `${STEP[1]}：${chosenName}的结果见下文。`,
  ];
  const base = { x1: a, x2: b, level, alternative: 'two.sided' };
  const out = normal ? runPairedT(data, base) : runWilcoxon(data, base);

  return {
    title: `配对比较：${a} − ${b}（${chosenName}）`,
    sections: [
      {
        title: '分析流程',
        blocks: [
          flowChart('图 决策流程（蓝色为本次数据所走的路径）', NODES, LINKS, ['start', 'normal', normal ? 'pairedT' : 'wilcoxon']),
          text(...steps),
          table('表 前提检验', ['检验', '统计量', 'P', '判断'], normalityRows(normality), [`检验水准 α = ${alpha}。`, ...excludedNote(dropped, `${a}或${b}`)]),
        ],
      },
      ...chosenSections(out, ['前提检验']),
    ],
    results: {
      chosenTest: chosen,
      chosenTestName: chosenName,
      ...out.results,
      shapiroP: normality[0]!.test ? normality[0]!.test.pValue : null,
      pairs: diff.length,
    },
  };
}
