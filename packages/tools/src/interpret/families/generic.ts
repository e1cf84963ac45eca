// The explainer for a report whose tool has none of its own (e.g. a report from a tool since
// retired): it reads the common `results` names and the report's own conclusion.
import { pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

export function genericExplainer(f: ReportFacts): Explanation {
  const p = f.num('p');
  const stat = f.num('statistic');
  const numbers: string[] = [];
  if (stat !== null) numbers.push(`检验统计量为 ${stat.toFixed(3)}，用来衡量观察到的差异或关联相对于随机波动有多大。`);
  if (p !== null) numbers.push(`${pText(p)}：${significant(p) ? '小于 0.05，按常用标准差异（或关联）有统计学意义' : '不小于 0.05，按常用标准尚不能认为差异（或关联）有统计学意义'}。`);
  const conclusion = f.conclusionText() || '请参阅报告中的表格与图形。';
  return {
    method: `本报告使用“${f.report.tool.name}”分析所选变量。`,
    numbers: numbers.length > 0 ? numbers : ['本报告的主要数值见各表格。'],
    conclusion,
    caveats: [],
    paper: conclusion,
    next: ['结合研究设计检查所选方法是否合适。', '在论文中同时报告效应估计值及其置信区间，而不仅是 P 值。'],
    nonsignificant: 'P ≥ 0.05 表示现有数据不足以证明存在差异或关联，并不等于证明“没有差异”；样本量不足时尤其如此，应结合置信区间的宽度判断。',
  };
}
