import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { newVariableName, numberText, numericColumn, selectList, textCellNote, variableOf } from '../columns.js';
import { ident, numLit } from '../sql.js';
import { definition } from './definition.js';

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const vars = p.vars as string[];
    const iqr = p.rule !== 'z';
    const k = Number(iqr ? p.k : p.zLimit);
    const action = String(p.action);
    const notes: string[] = [];
    const table = { title: '各变量的异常值', columns: ['变量', '下界', '上界', '低于下界', '高于上界', '合计'], rows: [] as Array<Array<string | number | null>> };
    const outside: string[] = [];
    const replace: Record<string, string> = {};
    const append: Array<[string, string]> = [];
    let total = 0;
    for (const name of vars) {
      const c = await numericColumn(ctx, name, '异常值判断');
      const x = c.sql;
      // Quartiles as R's quantile() (type 7); the sd is the sample sd, as scale() uses.
      const [s] = await ctx.query(`SELECT quantile_cont(${x}, 0.25) AS q1, quantile_cont(${x}, 0.75) AS q3, avg(${x}) AS m, stddev_samp(${x}) AS sd FROM src`);
      let lo: number;
      let hi: number;
      if (iqr) {
        const q1 = Number(s?.q1);
        const q3 = Number(s?.q3);
        lo = q1 - k * (q3 - q1);
        hi = q3 + k * (q3 - q1);
      } else {
        const sd = Number(s?.sd);
        if (!(sd > 0)) throw new ToolInputError(`“${name}”的有效值少于 2 个或全部相同，无法计算 Z 分数`);
        lo = Number(s?.m) - k * sd;
        hi = Number(s?.m) + k * sd;
      }
      const [n] = await ctx.query(`SELECT count(*) FILTER (WHERE ${x} < ${numLit(lo)})::BIGINT AS below, count(*) FILTER (WHERE ${x} > ${numLit(hi)})::BIGINT AS above FROM src`);
      const below = Number(n?.below ?? 0);
      const above = Number(n?.above ?? 0);
      total += below + above;
      table.rows.push([name, lo, hi, below, above, below + above]);
      notes.push(...textCellNote(c));
      const out = `(${x} < ${numLit(lo)} OR ${x} > ${numLit(hi)})`;
      outside.push(`COALESCE(${out}, FALSE)`);
      if (action === 'flag') {
        const flag = newVariableName(ctx, undefined, `${name}_异常`, append.map((a) => a[0]));
        append.push([flag, `CASE WHEN ${x} IS NULL THEN NULL WHEN ${out} THEN 1 ELSE 0 END`]);
      } else if (action === 'winsorize') {
        const clamp = (lit: (y: number) => string, keep: string) => `CASE WHEN ${x} < ${numLit(lo)} THEN ${lit(lo)} WHEN ${x} > ${numLit(hi)} THEN ${lit(hi)} ELSE ${keep} END`;
        // A text column keeps its text cells (未测) as they are; only numbers beyond the fences change.
        replace[name] = variableOf(ctx, name).type === 'numeric' ? clamp(numLit, ident(name)) : clamp((y) => `CAST(${numberText(numLit(y))} AS VARCHAR)`, `CAST(${ident(name)} AS VARCHAR)`);
      }
    }
    const rule = iqr ? `四分位距规则（Q1 − ${k}×IQR ～ Q3 + ${k}×IQR，四分位数同 R 的 quantile()）` : `Z 分数规则（|Z| > ${k}，均数和样本标准差含异常值本身）`;
    notes.unshift(`按${rule}检查 ${vars.length} 个变量，共发现 ${total} 个异常值。`);
    let sql: string;
    let suffix: string;
    if (action === 'delete') {
      const [r] = await ctx.query(`SELECT count(*) FILTER (WHERE ${outside.join(' OR ')})::BIGINT AS n FROM src`);
      const dropped = Number(r?.n ?? 0);
      if (dropped === ctx.rows) throw new ToolInputError('所有行都含异常值，删除后没有数据');
      notes.push(`删除了 ${dropped} 行（任一所选变量为异常值），保留 ${ctx.rows - dropped} 行。`);
      sql = `SELECT ${selectList(ctx)} FROM src WHERE NOT (${outside.join(' OR ')}) ORDER BY __row`;
      suffix = '删除异常值';
    } else if (action === 'winsorize') {
      notes.push(`把 ${total} 个异常值替换为对应的界值（缩尾），其余值不变。`);
      sql = `SELECT ${selectList(ctx, replace)} FROM src ORDER BY __row`;
      suffix = '缩尾';
    } else {
      notes.push(`新增 ${append.length} 个标记变量（${append.map((a) => `“${a[0]}”`).join('、')}），异常记为 1，其余为 0，原值缺失则为缺失。`);
      sql = `SELECT ${selectList(ctx, {}, append)} FROM src ORDER BY __row`;
      suffix = '异常值标记';
    }
    notes.push('缺失值不参与判断。');
    return { outputs: [{ sql, suffix }], notes, tables: [table] };
  },
};
