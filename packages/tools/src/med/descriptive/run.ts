// 描述性统计: describe() per variable (and per group), one three-line table, a written summary.
import { describe as describeValues, StatsError } from '@labstat/stats';
import { levelOf, requireVariables } from '../../common.js';
import { finiteOrNull, markdownText, md, mdJoin, num, table, type Markdown } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const COLUMNS = ['变量', '组别', 'N', '缺失', '均值', '标准差', '均值95%CI', '中位数', 'P25', 'P75', '最小值', '最大值', '偏度', '峰度'];

export function run(table_: DataTable, params: Params): ToolOutput {
  const vars = Array.isArray(params.vars) ? params.vars.map(String) : [];
  if (vars.length === 0) throw new ToolInputError('请至少选择一个分析变量');
  const group = typeof params.group === 'string' && params.group !== '' ? params.group : null;
  const level = levelOf(params);
  const digits = typeof params.decimals === 'number' ? params.decimals : 2;
  requireVariables(table_, [...vars, ...(group ? [group] : [])]);
  const labels = group ? table_.text(group) : null;
  const levels = labels ? [...new Set(labels.filter((l): l is string => l !== null))].sort() : [null];
  const rows: Array<Array<string | number | null>> = [];
  const results: ToolOutput['results'] = {};
  const lines: Markdown[] = [];
  const footnotes: string[] = [];

  for (const v of vars) {
    const values = table_.numeric(v);
    for (const lvl of levels) {
      const subset = lvl === null ? values : values.filter((_, i) => labels![i] === lvl);
      const name = lvl === null ? v : `${v}[${lvl}]`;
      try {
        const d = describeValues(subset, { level });
        rows.push([
          v,
          lvl ?? '全部',
          d.n,
          d.missing,
          num(d.mean, digits),
          num(d.sd, digits),
          `${num(d.ci[0], digits)} ~ ${num(d.ci[1], digits)}`,
          num(d.median, digits),
          num(d.q1, digits),
          num(d.q3, digits),
          num(d.min, digits),
          num(d.max, digits),
          num(d.skewnessAdjusted, 3),
          num(d.kurtosisAdjusted, 3),
        ]);
        Object.assign(results, {
          [`${name}.n`]: d.n,
          [`${name}.mean`]: d.mean,
          [`${name}.sd`]: d.sd,
          [`${name}.median`]: d.median,
          [`${name}.q1`]: d.q1,
          [`${name}.q3`]: d.q3,
          [`${name}.ciLower`]: finiteOrNull(d.ci[0]),
          [`${name}.ciUpper`]: finiteOrNull(d.ci[1]),
          [`${name}.skewness`]: finiteOrNull(d.skewnessAdjusted),
          [`${name}.kurtosis`]: finiteOrNull(d.kurtosisAdjusted),
        });
        lines.push(
          md`- **${name}**：n = ${d.n}${d.missing ? `（缺失 ${d.missing}）` : ''}，均值 ± 标准差为 ${num(d.mean, digits)} ± ${num(d.sd, digits)}，中位数（P25, P75）为 ${num(d.median, digits)}（${num(d.q1, digits)}, ${num(d.q3, digits)}）。`,
        );
      } catch (err) {
        // One variable that cannot be described is a footnote, not a failed report.
        if (!(err instanceof StatsError)) throw err;
        rows.push([v, lvl ?? '全部', subset.filter((x) => x !== null).length, null, null, null, null, null, null, null, null, null, null, null]);
        footnotes.push(`${name}：${err.message}`);
      }
    }
  }
  footnotes.push(`均值${Math.round(level * 100)}%CI 按 t 分布计算；偏度、峰度为样本校正值（与 SPSS 一致）。`);
  return {
    title: '描述性统计',
    sections: [
      { title: '描述统计表', blocks: [table('表1 定量变量的描述统计', COLUMNS.map((c) => (c === '均值95%CI' ? `均值${Math.round(level * 100)}%CI` : c)), rows, footnotes)] },
      {
        title: '结果说明',
        blocks: [
          markdownText(
            mdJoin(lines, '\n'),
            md`偏度绝对值明显大于 1 或峰度绝对值明显大于 1 时，数据可能偏离正态分布，建议以中位数（P25, P75）描述，并用正态性检验进一步确认。`,
          ),
        ],
      },
    ],
    results,
  };
}
