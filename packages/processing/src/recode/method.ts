import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { cellText, newVariableName, selectList, variableOf } from '../columns.js';
import { ident, lit, numLit } from '../sql.js';
import { definition } from './definition.js';
import { parseMapping } from './mapping.js';

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const name = String(p.var);
    const v = variableOf(ctx, name);
    const entries = parseMapping(String(p.mapping ?? ''));
    const col = ident(name);
    // Old values are compared in the column's own type, so “1=男” finds 1 in a numeric column.
    const match = entries.map((e) => {
      if (v.type === 'numeric') {
        const x = Number(e.from);
        if (e.from === '' || !Number.isFinite(x)) throw new ToolInputError(`“${name}”是数值变量，对照表中的旧值“${e.from}”不是数字`);
        return `${col} = ${numLit(x)}`;
      }
      if (v.type === 'date') {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(e.from)) throw new ToolInputError(`“${name}”是日期变量，对照表中的旧值“${e.from}”应写成 YYYY-MM-DD`);
        return `CAST(${col} AS VARCHAR) = ${lit(e.from)}`;
      }
      return `${col} = ${lit(e.from)}`;
    });
    const keep = p.unmapped !== 'missing';
    const cases = entries.map((e, i) => `WHEN ${match[i]} THEN ${e.to === null ? 'NULL' : lit(e.to)}`);
    const expr = `CASE WHEN ${col} IS NULL THEN NULL ${cases.join(' ')} ELSE ${keep ? cellText(v) : 'NULL'} END`;

    const [counts] = await ctx.query(
      `SELECT ${match.map((m, i) => `count(*) FILTER (WHERE ${m})::BIGINT AS n${i}`).join(', ')}, count(${col})::BIGINT AS present FROM src`,
    );
    const n = entries.map((_, i) => Number(counts?.[`n${i}`] ?? 0));
    const recoded = n.reduce((a, b) => a + b, 0);
    const other = Number(counts?.present ?? 0) - recoded;
    const absent = entries.filter((_, i) => n[i] === 0).map((e) => `“${e.from}”`);

    const same = p.target === 'same';
    const target = same ? name : newVariableName(ctx, p.newName, `${name}_编码`);
    const notes = [`按 ${entries.length} 条对照把“${name}”的 ${recoded} 个单元格重新编码，结果存入${same ? '原变量' : `新变量“${target}”`}。`];
    if (other > 0) notes.push(`对照表未列出的 ${other} 个单元格${keep ? '保留原值' : '设为缺失'}。`);
    if (v.missing > 0) notes.push(`原有的 ${v.missing} 个缺失值保持缺失。`);
    if (absent.length > 0) notes.push(`旧值${absent.join('、')}在数据中没有出现。`);
    const sql = same ? `SELECT ${selectList(ctx, { [name]: expr })} FROM src ORDER BY __row` : `SELECT ${selectList(ctx, {}, [[target, expr]])} FROM src ORDER BY __row`;
    return {
      outputs: [{ sql, suffix: '重新编码' }],
      notes,
      tables: [{ title: '编码对照', columns: ['旧值', '新值', '行数'], rows: entries.map((e, i) => [e.from, e.to ?? '（缺失）', n[i]!]) }],
    };
  },
};
