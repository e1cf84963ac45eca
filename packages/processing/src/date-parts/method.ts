import type { VariableInfo } from '@labstat/contracts';
import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident, lit } from '../sql.js';
import { checkNewNames, columnText, dateOf, num, parseDate, variable } from '../columns.js';
import { definition } from './definition.js';

/** Each part: its Chinese name (also the new variable's suffix) and the SQL over a DATE. */
const PARTS: Record<string, { zh: string; sql: (d: string) => string }> = {
  year: { zh: '年', sql: (d) => `year(${d})` },
  month: { zh: '月', sql: (d) => `month(${d})` },
  day: { zh: '日', sql: (d) => `day(${d})` },
  // ISO: 1 = Monday … 7 = Sunday, as a Chinese week is read.
  weekday: { zh: '星期', sql: (d) => `isodow(${d})` },
  quarter: { zh: '季度', sql: (d) => `quarter(${d})` },
};

/** Rows whose `v` has a value that is not a date (always 0 for a date column). */
const unreadable = (v: VariableInfo) => `count(*) FILTER (WHERE ${ident(v.name)} IS NOT NULL AND ${dateOf(v)} IS NULL)`;

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const v = variable(ctx.variables, String(p.var));
    const parts = (p.parts as string[]).map(String).filter((x) => PARTS[x]);
    const diff = String(p.diff || 'none');
    if (parts.length === 0 && diff === 'none') throw new ToolInputError('请至少选择一项要取出的内容或计算间隔天数');
    const d = dateOf(v);
    const prefix = String(p.prefix ?? '').trim() || v.name;
    const newNames = parts.map((x) => `${prefix}_${PARTS[x]!.zh}`);
    const exprs = parts.map((x) => PARTS[x]!.sql(d));

    let other: VariableInfo | null = null;
    let fixed = '';
    if (diff === 'column') {
      if (!p.date2) throw new ToolInputError('请选择“另一个日期变量”');
      other = variable(ctx.variables, String(p.date2));
      if (other.name === v.name) throw new ToolInputError('“另一个日期变量”不能与日期变量相同');
      exprs.push(`date_diff('day', ${d}, ${dateOf(other)})`);
      newNames.push(String(p.diffName ?? ''));
    } else if (diff === 'fixed') {
      fixed = String(p.fixed ?? '').trim();
      if (fixed === '') throw new ToolInputError('请填写“固定日期”，如 2024-12-31');
      const [f] = await ctx.query(`SELECT CAST(${parseDate(lit(fixed))} AS VARCHAR) AS d`);
      if (!f?.d) throw new ToolInputError(`“固定日期”“${fixed}”不是有效的日期，请写成 YYYY-MM-DD，如 2024-12-31`);
      fixed = String(f.d);
      exprs.push(`date_diff('day', ${d}, DATE ${lit(fixed)})`);
      newNames.push(String(p.diffName ?? ''));
    }
    const names = checkNewNames(newNames, ctx.variables.map((x) => x.name));
    const added = exprs.map((e, i) => `${e} AS ${ident(names[i]!)}`);
    const select = ctx.variables.flatMap((x) => (x.name === v.name ? [ident(x.name), ...added] : [ident(x.name)]));

    const [c] = await ctx.query(
      `SELECT count(*) - count(${ident(v.name)}) AS missing, ${unreadable(v)} AS bad, arg_min(${columnText(v)}, __row) FILTER (WHERE ${ident(v.name)} IS NOT NULL AND ${d} IS NULL) AS example
       ${other ? `, count(*) - count(${ident(other.name)}) AS missing2, ${unreadable(other)} AS bad2` : ''} FROM src`,
    );
    const notes: string[] = [];
    if (parts.length > 0) {
      notes.push(`从“${v.name}”取出${parts.map((x) => PARTS[x]!.zh).join('、')}，生成新变量${names.slice(0, parts.length).map((n) => `“${n}”`).join('')}。`);
      if (parts.includes('weekday')) notes.push('星期以 1–7 表示星期一至星期日。');
    }
    if (other) notes.push(`新变量“${names.at(-1)}”为“${other.name}”减去“${v.name}”的天数。`);
    if (fixed) notes.push(`新变量“${names.at(-1)}”为固定日期 ${fixed} 减去“${v.name}”的天数。`);
    if (num(c?.bad) > 0) notes.push(`“${v.name}”有 ${num(c?.bad)} 个单元格不是可识别的日期（如“${String(c?.example)}”），按缺失处理。`);
    if (num(c?.missing) > 0) notes.push(`“${v.name}”缺失的 ${num(c?.missing)} 行，新变量也为缺失。`);
    if (other && num(c?.bad2) > 0) notes.push(`“${other.name}”有 ${num(c?.bad2)} 个单元格不是可识别的日期，按缺失处理。`);
    if (other && num(c?.missing2) > 0) notes.push(`“${other.name}”缺失的 ${num(c?.missing2)} 行，间隔天数为缺失。`);
    return { outputs: [{ sql: `SELECT ${select.join(', ')} FROM src ORDER BY __row`, suffix: '日期拆分' }], notes };
  },
};
