import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident, lit } from '../sql.js';
import { checkNewNames, columnText, num, variable } from '../columns.js';
import { definition } from './definition.js';

/** The most levels a variable may have for dummies (k − 1 new variables). */
export const MAX_DUMMY_LEVELS = 100;

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const v = variable(ctx.variables, String(p.var));
    const text = columnText(v);
    const levels = (
      await ctx.query(`SELECT ${text} AS k, count(*) AS n, min(__row) AS first FROM src WHERE ${ident(v.name)} IS NOT NULL GROUP BY 1 ORDER BY first LIMIT ${MAX_DUMMY_LEVELS + 1}`)
    ).map((r) => ({ level: String(r.k), rows: num(r.n) }));
    if (levels.length > MAX_DUMMY_LEVELS) throw new ToolInputError(`“${v.name}”的取值超过 ${MAX_DUMMY_LEVELS} 个，不适合生成哑变量`);
    if (levels.length < 2) throw new ToolInputError(`“${v.name}”只有 ${levels.length} 个取值，无法生成哑变量`);
    const refText = String(p.ref ?? '').trim();
    const ref = refText === '' ? levels[0]! : levels.find((l) => l.level === refText);
    if (!ref) {
      const shown = levels.slice(0, 10).map((l) => l.level);
      throw new ToolInputError(`参照水平“${refText}”不是“${v.name}”的取值（取值有：${shown.join('、')}${levels.length > 10 ? '…' : ''}）`);
    }
    const made = levels.filter((l) => l !== ref);
    const prefix = String(p.prefix ?? '').trim() || v.name;
    const names = checkNewNames(
      made.map((l) => `${prefix}_${l.level}`),
      ctx.variables.map((x) => x.name),
    );
    const dummies = made.map((l, i) => `CASE WHEN ${ident(v.name)} IS NULL THEN NULL WHEN ${text} = ${lit(l.level)} THEN 1 ELSE 0 END AS ${ident(names[i]!)}`);
    const select = ctx.variables.flatMap((x) => (x.name === v.name ? [ident(x.name), ...dummies] : [ident(x.name)]));
    const [m] = await ctx.query(`SELECT count(*) AS n FROM src WHERE ${ident(v.name)} IS NULL`);
    const missing = num(m?.n);
    const notes = [
      `“${v.name}”有 ${levels.length} 个取值，以“${ref.level}”为参照水平，生成 ${made.length} 个 0/1 哑变量（${names.join('、')}），取值为 1 表示属于该类。`,
    ];
    if (missing > 0) notes.push(`“${v.name}”缺失的 ${missing} 行，哑变量也为缺失。`);
    return {
      outputs: [{ sql: `SELECT ${select.join(', ')} FROM src ORDER BY __row`, suffix: '哑变量' }],
      notes,
      tables: [
        {
          title: '哑变量',
          columns: ['取值', '哑变量', '行数'],
          rows: levels.map((l) => [l.level, l === ref ? '（参照水平）' : names[made.indexOf(l)]!, l.rows]),
        },
      ],
    };
  },
};
