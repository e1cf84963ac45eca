import { ToolInputError, type Params } from '@labstat/tools';
import type { ProcessingContext, ProcessingMethod } from '../method.js';
import { cellText, numericColumn, selectList, textCellNote, variableOf } from '../columns.js';
import { checkExpression, compileExpression } from '../compute/compile.js';
import { ident, lit, numLit } from '../sql.js';
import { definition } from './definition.js';

const SQL_OP: Record<string, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
const OP_ZH: Record<string, string> = { eq: '=', ne: '≠', gt: '>', ge: '≥', lt: '<', le: '≤', contains: '包含', empty: '为空', notempty: '不为空' };
const ORDINAL = ['一', '二', '三'];

/** One condition of the form as SQL, with a note for text cells read as numbers. */
async function condition(ctx: ProcessingContext, p: Params, i: number): Promise<{ sql: string; text: string; notes: string[] } | null> {
  const name = String(p[`var${i}`] ?? '');
  if (name === '') return null;
  const op = String(p[`op${i}`]);
  const value = String(p[`value${i}`] ?? '').trim();
  const v = variableOf(ctx, name);
  const col = ident(name);
  const label = `条件${ORDINAL[i - 1]}`;
  const text = `“${name}”${OP_ZH[op]}${op === 'empty' || op === 'notempty' ? '' : `“${value}”`}`;
  if (op === 'empty') return { sql: `${col} IS NULL`, text, notes: [] };
  if (op === 'notempty') return { sql: `${col} IS NOT NULL`, text, notes: [] };
  if (value === '') throw new ToolInputError(`请填写${label}的取值`);
  if (op === 'contains') return { sql: `contains(${cellText(v)}, ${lit(value)})`, text, notes: [] };
  const sqlOp = SQL_OP[op]!;
  if (v.type === 'numeric') {
    const x = Number(value);
    if (!Number.isFinite(x)) throw new ToolInputError(`“${name}”是数值变量，${label}的取值“${value}”应为数字`);
    return { sql: `${col} ${sqlOp} ${numLit(x)}`, text, notes: [] };
  }
  if (v.type === 'date') {
    const d = value.replace(/\//g, '-');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(d))) throw new ToolInputError(`“${name}”是日期变量，${label}的取值应为 YYYY-MM-DD 形式的日期`);
    return { sql: `${col} ${sqlOp} DATE ${lit(d)}`, text, notes: [] };
  }
  if (op === 'eq' || op === 'ne') return { sql: `${col} ${sqlOp} ${lit(value)}`, text, notes: [] };
  // Ordering a text column: only as numbers (a numeric-looking column such as 血糖 with “未测”).
  const x = Number(value);
  if (!Number.isFinite(x)) throw new ToolInputError(`“${name}”是分类变量，${label}不能用“${OP_ZH[op]}”比较文字“${value}”`);
  const c = await numericColumn(ctx, name, `“${OP_ZH[op]}”比较`);
  return { sql: `${c.sql} ${sqlOp} ${numLit(x)}`, text, notes: textCellNote(c) };
}

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    let where: string;
    let described: string;
    const notes: string[] = [];
    if (p.mode === 'expression') {
      const text = String(p.expression ?? '').trim();
      if (text === '') throw new ToolInputError('请填写条件表达式');
      const c = compileExpression(text, ctx);
      if (c.type !== 'bool') throw new ToolInputError('条件表达式的结果应为“是/否”，如“年龄 > 40”');
      notes.push(...(await checkExpression(ctx, c)));
      where = c.sql;
      described = `表达式“${text}”`;
    } else {
      const conds = [];
      for (const i of [1, 2, 3]) {
        const c = await condition(ctx, p, i);
        if (c) conds.push(c);
      }
      if (conds.length === 0) throw new ToolInputError('请至少设置一个条件（选择变量）');
      const joiner = p.combine === 'or' ? ' OR ' : ' AND ';
      where = conds.map((c) => `(${c.sql})`).join(joiner);
      described = conds.map((c) => c.text).join(p.combine === 'or' ? ' 或 ' : ' 且 ');
      for (const c of conds) notes.push(...c.notes);
    }
    const [row] = await ctx.query(`SELECT count(*) FILTER (WHERE ${where})::BIGINT AS kept FROM src`);
    const kept = Number(row?.kept ?? 0);
    if (kept === 0) throw new ToolInputError(`没有符合条件（${described}）的数据行`);
    notes.unshift(`按${described}筛选，保留 ${kept} 行，去掉 ${ctx.rows - kept} 行（原有 ${ctx.rows} 行）。`);
    notes.push('条件中的变量缺失时，该行视为不符合条件（“为空”条件除外）。');
    return { outputs: [{ sql: `SELECT ${selectList(ctx)} FROM src WHERE ${where} ORDER BY __row`, suffix: '筛选' }], notes };
  },
};
