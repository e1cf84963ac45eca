import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident, lit, numLit } from '../sql.js';
import { checkNewNames, columnText, num, variable } from '../columns.js';
import { definition } from './definition.js';

export interface ValueLabel {
  code: string;
  label: string;
}

/**
 * Reads "1=男\n2=女" (also ; , and the full-width ＝ ： ； ，) into code–label pairs. Throws
 * ToolInputError naming the entry it cannot read.
 */
export function parseLabels(text: string): ValueLabel[] {
  const items = text
    .split(/\r?\n|[;；,，]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw new ToolInputError('请填写“值标签”，如 1=男');
  const seen = new Set<string>();
  return items.map((item) => {
    const at = item.search(/[=＝:：]/);
    if (at < 0) throw new ToolInputError(`值标签“${item}”缺少“=”，请写成“代码=标签”，如 1=男`);
    const code = item.slice(0, at).trim();
    const label = item.slice(at + 1).trim();
    if (code === '' || label === '') throw new ToolInputError(`值标签“${item}”的代码和标签都不能为空`);
    if (seen.has(code)) throw new ToolInputError(`代码“${code}”的标签写了不止一次`);
    seen.add(code);
    return { code, label };
  });
}

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const v = variable(ctx.variables, String(p.var));
    const labels = parseLabels(String(p.labels ?? ''));
    const conds = labels.map(({ code }) => {
      if (v.type !== 'numeric') return `${columnText(v)} = ${lit(code)}`;
      const x = Number(code);
      if (!Number.isFinite(x)) throw new ToolInputError(`“${v.name}”是数值变量，代码“${code}”不是数字`);
      return `${ident(v.name)} = ${numLit(x)}`;
    });
    const [name] = checkNewNames([String(p.name ?? '').trim() || `${v.name}_标签`], ctx.variables.map((x) => x.name));
    const labelled = `CASE ${labels.map((l, i) => `WHEN ${conds[i]} THEN ${lit(l.label)}`).join(' ')} ELSE ${columnText(v)} END`;
    const select = ctx.variables.flatMap((x) => (x.name === v.name ? [ident(x.name), `${labelled} AS ${ident(name!)}`] : [ident(x.name)]));

    const anyLabel = conds.map((c) => `(${c})`).join(' OR ');
    const [c] = await ctx.query(
      `SELECT ${conds.map((cond, i) => `count(*) FILTER (WHERE ${cond}) AS n${i}`).join(', ')},
        count(*) FILTER (WHERE ${ident(v.name)} IS NULL) AS missing,
        count(*) FILTER (WHERE ${ident(v.name)} IS NOT NULL AND NOT (${anyLabel})) AS unlabelled,
        count(DISTINCT ${ident(v.name)}) FILTER (WHERE NOT (${anyLabel})) AS codes,
        arg_min(${columnText(v)}, __row) FILTER (WHERE ${ident(v.name)} IS NOT NULL AND NOT (${anyLabel})) AS example
       FROM src`,
    );
    const counts = labels.map((_, i) => num(c?.[`n${i}`]));
    const labelledRows = counts.reduce((s, n) => s + n, 0);
    const notes = [`为“${v.name}”的 ${labels.length} 个代码加上标签，生成新变量“${name}”，${labelledRows} 行已换成标签。`];
    const unlabelled = num(c?.unlabelled);
    if (unlabelled > 0) notes.push(`另有 ${unlabelled} 行（${num(c?.codes)} 个代码，如“${String(c?.example)}”）没有对应的标签，保留原代码。`);
    const missing = num(c?.missing);
    if (missing > 0) notes.push(`“${v.name}”缺失的 ${missing} 行，新变量也为缺失。`);
    const absent = labels.filter((_, i) => counts[i] === 0).map((l) => l.code);
    if (absent.length > 0) notes.push(`代码“${absent.join('”“')}”在数据中没有出现。`);
    return {
      outputs: [{ sql: `SELECT ${select.join(', ')} FROM src ORDER BY __row`, suffix: '值标签' }],
      notes,
      tables: [{ title: '值标签', columns: ['代码', '标签', '行数'], rows: labels.map((l, i) => [l.code, l.label, counts[i]!]) }],
    };
  },
};
