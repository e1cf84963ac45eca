import type { VariableInfo } from '@labstat/contracts';
import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident, lit } from '../sql.js';
import { checkNewNames, textOf } from '../columns.js';
import { definition } from './definition.js';

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const other = await ctx.openFile(String(p.other));
    // DuckDB compares column names without case, so 体重 and BMI/bmi are matched the same way.
    const byLower = new Map(other.variables.map((v) => [v.name.toLowerCase(), v]));
    const columns: Array<{ name: string; a: VariableInfo | null; b: VariableInfo | null }> = ctx.variables.map((v) => ({
      name: v.name,
      a: v,
      b: byLower.get(v.name.toLowerCase()) ?? null,
    }));
    const matched = new Set(columns.filter((c) => c.b).map((c) => c.b!.name));
    if (matched.size === 0) throw new ToolInputError(`“${other.filename}”与本文件没有同名的变量，无法按变量名对应追加，请检查两个文件的变量名`);
    for (const v of other.variables) if (!matched.has(v.name)) columns.push({ name: v.name, a: null, b: v });

    const source = p.source === true;
    const sourceName = source ? checkNewNames([String(p.sourceName ?? '')], columns.map((c) => c.name))[0]! : '';
    const asText: string[] = [];
    const side = (c: (typeof columns)[number], which: 'a' | 'b') => {
      const v = c[which];
      if (!v) return `NULL AS ${ident(c.name)}`;
      if (c.a && c.b && c.a.type !== c.b.type) return `${textOf(ident(v.name), v.type)} AS ${ident(c.name)}`;
      return `${ident(v.name)} AS ${ident(c.name)}`;
    };
    for (const c of columns) if (c.a && c.b && c.a.type !== c.b.type) asText.push(c.name);
    const part = (which: 'a' | 'b', table: string, order: number, filename: string) =>
      `SELECT ${columns.map((c) => side(c, which)).join(', ')}${source ? `, ${lit(filename)} AS ${ident(sourceName)}` : ''}, ${order} AS __part, __row FROM ${table}`;
    const names = [...columns.map((c) => ident(c.name)), ...(source ? [ident(sourceName)] : [])];
    const [cnt] = await ctx.query(`SELECT count(*) AS n FROM ${ident(other.relation)}`);
    const added = Number(cnt?.n ?? 0);

    const onlyA = columns.filter((c) => !c.b).map((c) => c.name);
    const onlyB = columns.filter((c) => !c.a).map((c) => c.name);
    const notes = [
      `在本文件 ${ctx.rows} 行之后追加了“${other.filename}”的 ${added} 行，结果共 ${ctx.rows + added} 行、${names.length} 个变量。`,
      `按名称对应的变量 ${matched.size} 个。`,
    ];
    if (onlyA.length > 0) notes.push(`只在本文件中的变量 ${onlyA.length} 个（${onlyA.join('、')}），追加的行在这些变量上为空。`);
    if (onlyB.length > 0) notes.push(`只在“${other.filename}”中的变量 ${onlyB.length} 个（${onlyB.join('、')}），已加在最后，本文件的行在这些变量上为空。`);
    if (asText.length > 0) notes.push(`变量“${asText.join('”“')}”在两个文件中的类型不同，追加后按文本保存。`);
    if (source) notes.push(`新增变量“${sourceName}”，取值为每行所来自的文件名。`);
    return {
      outputs: [
        {
          sql: `SELECT ${names.join(', ')} FROM (${part('a', 'src', 1, ctx.filename)} UNION ALL ${part('b', ident(other.relation), 2, other.filename)}) ORDER BY __part, __row`,
          suffix: '追加',
        },
      ],
      notes,
    };
  },
};
