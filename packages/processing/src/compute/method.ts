import type { ProcessingMethod } from '../method.js';
import { newVariableName, selectList } from '../columns.js';
import { checkExpression, compileExpression, outputSql } from './compile.js';
import { definition } from './definition.js';

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const target = newVariableName(ctx, p.newName, '新变量');
    const text = String(p.expression ?? '');
    const compiled = compileExpression(text, ctx);
    const expr = outputSql(compiled);
    const notes = [`按公式“${text.trim()}”计算新变量“${target}”。`];
    notes.push(...(await checkExpression(ctx, compiled)));
    const [row] = await ctx.query(`SELECT (count(*) - count(${expr}))::BIGINT AS m FROM src`);
    const missing = Number(row?.m ?? 0);
    if (missing === ctx.rows) notes.push(`新变量“${target}”全部为缺失，请检查公式和数据。`);
    else if (missing > 0) notes.push(`新变量“${target}”有 ${missing} 个缺失值（参与计算的值缺失或不是数字，或运算无定义，如对负数开方、对 0 取对数）。`);
    if (compiled.type === 'bool') notes.push('公式的结果是条件，满足记为 1，不满足记为 0。');
    return { outputs: [{ sql: `SELECT ${selectList(ctx, {}, [[target, expr]])} FROM src ORDER BY __row`, suffix: '计算' }], notes };
  },
};
