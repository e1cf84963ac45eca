import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident, lit } from '../sql.js';
import { checkNewNames, columnText, num, variable } from '../columns.js';
import { definition } from './definition.js';

/** The most new variables one reshape may make. */
export const MAX_WIDE_COLUMNS = 200;

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const ids = (p.ids as string[]).map((n) => variable(ctx.variables, String(n)));
    const key = variable(ctx.variables, String(p.key));
    const value = variable(ctx.variables, String(p.value));
    if (key.name === value.name) throw new ToolInputError('“名称变量”与“取值变量”不能是同一个变量');
    for (const v of [key, value]) if (ids.some((i) => i.name === v.name)) throw new ToolInputError(`“${v.name}”不能同时作为标识变量`);
    const keyText = columnText(key);
    const idList = ids.map((v) => ident(v.name)).join(', ');

    // Each id × key pair must name one value, else the wide cell would have to pick one.
    const [dup] = await ctx.query(
      `SELECT ${ids.map((v, i) => `${columnText(v)} AS i${i}`).join(', ')}, ${keyText} AS k, count(*) AS n, min(__row) AS first
       FROM src WHERE ${ident(key.name)} IS NOT NULL GROUP BY ${idList}, ${ident(key.name)} HAVING count(*) > 1 ORDER BY first LIMIT 1`,
    );
    if (dup) {
      const where = [...ids.map((v, i) => `“${v.name}”=${dup[`i${i}`] ?? '（缺失）'}`), `“${key.name}”=${String(dup.k)}`].join('、');
      throw new ToolInputError(`${where} 的行出现了 ${num(dup.n)} 次；长转宽要求每个标识变量与名称变量的组合只有一行，请先去除重复行或增加标识变量`);
    }
    const levels = (await ctx.query(`SELECT ${keyText} AS k, min(__row) AS first FROM src WHERE ${ident(key.name)} IS NOT NULL GROUP BY 1 ORDER BY first LIMIT ${MAX_WIDE_COLUMNS + 1}`)).map((r) =>
      String(r.k),
    );
    if (levels.length === 0) throw new ToolInputError(`“${key.name}”全部缺失，无法生成新变量`);
    if (levels.length > MAX_WIDE_COLUMNS) throw new ToolInputError(`“${key.name}”有超过 ${MAX_WIDE_COLUMNS} 个不同取值，长转宽最多生成 ${MAX_WIDE_COLUMNS} 个新变量`);
    const prefix = String(p.prefix ?? '').trim() || value.name;
    const names = checkNewNames(
      levels.map((l) => `${prefix}_${l}`),
      ids.map((v) => v.name),
    );
    const cells = levels.map((l, j) => `any_value(${ident(value.name)}) FILTER (WHERE ${keyText} = ${lit(l)}) AS ${ident(names[j]!)}`);
    const [c] = await ctx.query(
      `SELECT count(*) FILTER (WHERE ${ident(key.name)} IS NULL) AS nokey, (SELECT count(*) FROM (SELECT DISTINCT ${idList} FROM src WHERE ${ident(key.name)} IS NOT NULL)) AS groups FROM src`,
    );
    const others = ctx.variables.filter((v) => ![...ids, key, value].some((x) => x.name === v.name)).map((v) => v.name);
    const notes = [
      `按“${ids.map((v) => v.name).join('”“')}”把 ${ctx.rows} 行转为宽格式，共 ${num(c?.groups)} 行；“${key.name}”的 ${levels.length} 个取值各成为一个新变量（${names.join('、')}），取值来自“${value.name}”。`,
    ];
    if (num(c?.nokey) > 0) notes.push(`“${key.name}”缺失的 ${num(c?.nokey)} 行无法确定放入哪个新变量，未纳入结果。`);
    if (others.length > 0) notes.push(`其他变量（${others.join('、')}）未保留；需要保留时请把它们也选为标识变量。`);
    notes.push('某个对象缺少某个取值的行时，对应的新变量为空。');
    return {
      outputs: [
        {
          sql: `SELECT ${idList}, ${cells.join(', ')} FROM src WHERE ${ident(key.name)} IS NOT NULL GROUP BY ${idList} ORDER BY min(__row)`,
          suffix: '宽格式',
        },
      ],
      notes,
    };
  },
};
