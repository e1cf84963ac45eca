// The built-in interpreter (issue 17, DESIGN §8): explains a report in Chinese from its `results`
// and tables, offline. Each tool family has its own explainer (families/*); the question picks which
// parts lead the answer. It never invents a number: everything it writes is read from the report.
import type { Report } from '@labstat/contracts';
import { ReportFacts, significant, type Explanation } from './explanation.js';
import { EXPLAINERS } from './families/index.js';
import { genericExplainer } from './families/generic.js';

export type Intent = 'full' | 'paper' | 'nonsignificant' | 'assumptions' | 'effect' | 'next' | 'method';

const INTENTS: Array<[Intent, RegExp]> = [
  ['paper', /论文|写作|撰写|结果部分|怎么写|如何写|表述|描述这个结果|投稿|报告结果/],
  ['nonsignificant', /不显著|无统计学意义|没有统计学意义|没有差异|阴性结果|P\s*值?\s*(大于|>)/i],
  ['assumptions', /前提|假设|条件|正态|方差齐|适用|满足|注意/],
  ['effect', /效应量|临床意义|实际意义|效应大小|多大|强弱/],
  ['next', /下一步|接下来|还可以|进一步|后续|还需要/],
  ['method', /什么方法|为什么|原理|选择这个|是什么检验|方法是/],
];

/** What the question asks for; a question matching nothing gets the whole explanation. */
export function intentOf(question: string): Intent {
  for (const [intent, re] of INTENTS) if (re.test(question)) return intent;
  return 'full';
}

/** The family explanation of a report (the generic one for a tool without its own). */
export function explain(report: Report): Explanation {
  const facts = new ReportFacts(report);
  const explainer = EXPLAINERS[report.tool.key] ?? genericExplainer;
  return explainer(facts);
}

const bullets = (lines: readonly string[]) => lines.map((l) => `- ${l}`).join('\n');

/** The answer to one question about a report, as markdown. */
export function interpret(report: Report, question: string): string {
  const e = explain(report);
  const intent = intentOf(question);
  const parts: string[] = [];
  const caveats = e.caveats.length > 0 ? bullets(e.caveats) : '- 报告中的前提检验未提示需要特别注意的问题。';
  switch (intent) {
    case 'paper':
      parts.push('### 论文中的写法', e.paper, '### 说明', e.method);
      if (e.caveats.length > 0) parts.push('### 写作时请注意', caveats);
      break;
    case 'nonsignificant':
      parts.push('### 如何理解', e.nonsignificant, '### 本次结果', e.conclusion);
      break;
    case 'assumptions':
      parts.push('### 前提与注意事项', caveats, '### 方法', e.method);
      break;
    case 'effect':
      parts.push('### 效应大小', e.effect ?? '本分析没有单独的效应量指标，请结合估计值与其置信区间判断实际意义。', '### 主要数值', bullets(e.numbers));
      break;
    case 'next':
      parts.push('### 建议的下一步', bullets(e.next), '### 本次结论', e.conclusion);
      break;
    case 'method':
      parts.push('### 分析方法', e.method, '### 前提与注意事项', caveats);
      break;
    default:
      parts.push(
        '### 分析内容',
        e.method,
        '### 主要结果',
        bullets(e.numbers),
        '### 结论',
        e.conclusion,
        '### 注意事项',
        caveats,
        '### 论文中的写法',
        e.paper,
        '### 下一步',
        bullets(e.next),
      );
  }
  parts.push('> 以上解读由 LabStat 内置解读根据本报告的数值生成；统计结论需结合研究设计与专业知识判断。');
  return parts.join('\n\n');
}

export { significant };
