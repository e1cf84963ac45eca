import type { VariableInfo } from '@labstat/contracts';
import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident } from '../sql.js';
import { num, textOf, variable } from '../columns.js';
import { definition } from './definition.js';

/** A merge that would write more rows than this is refused (a many-to-many key gone wrong). */
export const MAX_MERGED_ROWS = 10_000_000;

const HOW_ZH: Record<string, string> = { left: '左连接', inner: '内连接', full: '全连接' };
const JOIN: Record<string, string> = { left: 'LEFT JOIN', inner: 'INNER JOIN', full: 'FULL OUTER JOIN' };

/** A key pair compared as it is when both columns have the same type, else as the text a user sees. */
function keyPair(a: VariableInfo, b: VariableInfo): { a: (alias: string) => string; b: (alias: string) => string; same: boolean } {
  const same = a.type === b.type;
  return {
    same,
    a: (t) => (same ? `${t}.${ident(a.name)}` : textOf(`${t}.${ident(a.name)}`, a.type)),
    b: (t) => (same ? `${t}.${ident(b.name)}` : textOf(`${t}.${ident(b.name)}`, b.type)),
  };
}

/** A name not yet in `used` (case-insensitively, as DuckDB compares names): name, name_2, name_3… */
function freeName(name: string, used: Set<string>): string {
  let n = name;
  for (let i = 2; used.has(n.toLowerCase()); i++) n = `${name}_${i}`;
  used.add(n.toLowerCase());
  return n;
}

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const how = String(p.how || 'left');
    const keys = (p.keys as string[]).map((k) => variable(ctx.variables, String(k)));
    const other = await ctx.openFile(String(p.other));
    const rel = ident(other.relation);
    const typed = String(p.otherKeys ?? '').trim();
    const otherNames = typed === '' ? keys.map((k) => k.name) : typed.split(/[,，、;；\n]/).map((s) => s.trim()).filter((s) => s !== '');
    if (otherNames.length !== keys.length) {
      throw new ToolInputError(`“另一文件中的关键变量”填写了 ${otherNames.length} 个，但本文件选择了 ${keys.length} 个关键变量，请按顺序一一对应`);
    }
    const otherKeys = otherNames.map((n) => {
      const v = other.variables.find((x) => x.name === n);
      if (!v) {
        throw new ToolInputError(
          typed === ''
            ? `文件“${other.filename}”中没有变量“${n}”，请在“另一文件中的关键变量”中填写对应的变量名`
            : `文件“${other.filename}”中没有变量“${n}”`,
        );
      }
      return v;
    });
    if (new Set(otherNames).size !== otherNames.length) throw new ToolInputError('“另一文件中的关键变量”中有重复的变量');
    const pairs = keys.map((k, i) => keyPair(k, otherKeys[i]!));
    const on = pairs.map((k) => `${k.a('a')} = ${k.b('b')}`).join(' AND ');

    // Columns: all of this file (a key shows the other file's value on rows only the other file has),
    // then the other file's non-key columns, renamed with _2 where a name is taken.
    const keyIndex = new Map(keys.map((k, i) => [k.name, i]));
    const used = new Set(ctx.variables.map((v) => v.name.toLowerCase()));
    const select = ctx.variables.map((v) => {
      const i = keyIndex.get(v.name);
      if (i === undefined || how !== 'full') return `a.${ident(v.name)}`;
      return `coalesce(${pairs[i]!.a('a')}, ${pairs[i]!.b('b')}) AS ${ident(v.name)}`;
    });
    const renamed: string[] = [];
    const otherKeySet = new Set(otherNames);
    for (const v of other.variables) {
      if (otherKeySet.has(v.name)) continue;
      const name = freeName(v.name, used);
      if (name !== v.name) renamed.push(`${v.name} → ${name}`);
      select.push(`b.${ident(v.name)} AS ${ident(name)}`);
    }
    const from = `src a ${JOIN[how]} ${rel} b ON ${on}`;

    const keyListA = pairs.map((k, i) => `${k.a('a')} AS k${i}`).join(', ');
    const keyListB = pairs.map((k, i) => `${k.b('b')} AS k${i}`).join(', ');
    const notNull = pairs.map((_, i) => `k${i} IS NOT NULL`).join(' AND ');
    const groupBy = pairs.map((_, i) => `k${i}`).join(', ');
    const dupSql = (list: string, table: string) =>
      `SELECT ${groupBy} FROM (SELECT ${list} FROM ${table}) WHERE ${notNull} GROUP BY ${groupBy} HAVING count(*) > 1`;
    const [s] = await ctx.query(`SELECT
      (SELECT count(*) FROM src a WHERE EXISTS (SELECT 1 FROM ${rel} b WHERE ${on})) AS a_matched,
      (SELECT count(*) FROM ${rel}) AS b_rows,
      (SELECT count(*) FROM ${rel} b WHERE EXISTS (SELECT 1 FROM src a WHERE ${on})) AS b_matched,
      (SELECT count(*) FROM (${dupSql(keyListA, 'src a')})) AS a_dup,
      (SELECT count(*) FROM (${dupSql(keyListB, `${rel} b`)})) AS b_dup,
      (SELECT count(*) FROM (${dupSql(keyListA, 'src a')}) x JOIN (${dupSql(keyListB, `${rel} b`)}) y USING (${groupBy})) AS both_dup,
      (SELECT count(*) FROM src a WHERE ${pairs.map((k) => `${k.a('a')} IS NULL`).join(' OR ')}) AS a_nullkey,
      (SELECT count(*) FROM ${from}) AS out_rows`);
    const aMatched = num(s?.a_matched);
    const bRows = num(s?.b_rows);
    const bMatched = num(s?.b_matched);
    const outRows = num(s?.out_rows);
    if (outRows > MAX_MERGED_ROWS) {
      throw new ToolInputError(`合并结果将有 ${outRows} 行，超过上限 ${MAX_MERGED_ROWS} 行；关键变量可能在两个文件中都有大量重复，请检查关键变量`);
    }
    const keyZh = `“${keys.map((k) => k.name).join('”“')}”`;
    const notes = [
      `按${keyZh}${typed === '' ? '' : `（对应另一文件的“${otherNames.join('”“')}”）`}与“${other.filename}”${HOW_ZH[how]}合并，结果共 ${outRows} 行、${select.length} 个变量。`,
      `本文件 ${ctx.rows} 行中 ${aMatched} 行在另一文件中找到匹配，${ctx.rows - aMatched} 行没有匹配${how === 'inner' ? '（未纳入结果）' : '（新增的变量为空）'}。`,
      `另一文件 ${bRows} 行中 ${bMatched} 行被匹配，${bRows - bMatched} 行没有匹配${how === 'full' ? '（作为新行加在最后，本文件的变量为空）' : '（未纳入结果）'}。`,
    ];
    if (num(s?.a_nullkey) > 0) notes.push(`本文件有 ${num(s?.a_nullkey)} 行关键变量缺失，这些行不会与任何行匹配。`);
    if (num(s?.a_dup) > 0) notes.push(`本文件中有 ${num(s?.a_dup)} 个关键变量取值出现了不止一次。`);
    if (num(s?.b_dup) > 0) notes.push(`另一文件中有 ${num(s?.b_dup)} 个关键变量取值出现了不止一次，与之匹配的本文件行会被复制成多行。`);
    if (num(s?.both_dup) > 0) {
      notes.push(`警告：有 ${num(s?.both_dup)} 个关键变量取值在两个文件中都重复出现（多对多匹配），结果中这些行会成倍增加，请确认关键变量能唯一标识每个对象。`);
    }
    if (renamed.length > 0) notes.push(`另一文件中与本文件重名的变量已改名：${renamed.join('，')}。`);
    const differing = pairs.map((k, i) => (k.same ? null : `${keys[i]!.name}`)).filter((x) => x !== null);
    if (differing.length > 0) notes.push(`关键变量“${differing.join('”“')}”在两个文件中的类型不同，按显示的文本进行匹配。`);
    return {
      outputs: [{ sql: `SELECT ${select.join(', ')} FROM ${from} ORDER BY a.__row NULLS LAST, b.__row`, suffix: '合并' }],
      notes,
    };
  },
};
