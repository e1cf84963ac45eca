import type { ProcessingMethod } from '../method.js';
import { ident } from '../sql.js';
import { columnText, num, variable } from '../columns.js';
import { definition } from './definition.js';

/** How many duplicated key combinations the report table lists. */
const SHOWN = 20;

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const chosen = (p.by as string[]).map(String);
    const keys = chosen.length > 0 ? chosen : ctx.variables.map((v) => v.name);
    const keyList = keys.map(ident).join(', ');
    const cols = ctx.variables.map((v) => ident(v.name)).join(', ');
    // GROUP BY and PARTITION BY treat missing values as equal, so two rows both missing a key match.
    const [c] = await ctx.query(
      `SELECT count(*) AS groups, coalesce(sum(n), 0) AS rows_in, coalesce(sum(n - 1), 0) AS removed FROM (SELECT count(*) AS n FROM src GROUP BY ${keyList} HAVING count(*) > 1)`,
    );
    const removed = num(c?.removed);
    const groups = num(c?.groups);
    const what = chosen.length > 0 ? `按“${chosen.join('”“')}”` : '按全部变量';
    const notes =
      removed === 0
        ? [`${what}判断，没有发现重复行，${ctx.rows} 行全部保留。`]
        : [
            `${what}判断，有 ${groups} 组重复（涉及 ${num(c?.rows_in)} 行），每组保留第一次出现的行，删除了 ${removed} 行，剩余 ${ctx.rows - removed} 行。`,
            '缺失值与缺失值视为相同。',
          ];
    const tables = [];
    if (removed > 0) {
      const shown = chosen.length > 0 ? keys : keys.slice(0, 5);
      const list = await ctx.query(
        `SELECT ${shown.map((k, i) => `${columnText(variable(ctx.variables, k))} AS k${i}`).join(', ')}, count(*) AS n, min(__row) AS first
         FROM src GROUP BY ${keyList} HAVING count(*) > 1 ORDER BY first LIMIT ${SHOWN}`,
      );
      tables.push({
        title: groups > SHOWN ? `重复的取值（前 ${SHOWN} 组，共 ${groups} 组）` : '重复的取值',
        columns: [...shown, '出现次数', '保留的行号'],
        rows: list.map((r) => [...shown.map((_, i) => (r[`k${i}`] === null ? null : String(r[`k${i}`]))), num(r.n), num(r.first)]),
      });
    }
    return {
      outputs: [
        {
          sql: `SELECT ${cols} FROM (SELECT *, row_number() OVER (PARTITION BY ${keyList} ORDER BY __row) AS __dup FROM src) WHERE __dup = 1 ORDER BY __row`,
          suffix: '去重',
        },
      ],
      notes,
      tables,
    };
  },
};
