import type { VariableInfo } from '@labstat/contracts';
import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod, ProcessingPlan } from '../method.js';
import { ident } from '../sql.js';
import { checkNewNames, columnText, dateOf, num, variable } from '../columns.js';
import { definition } from './definition.js';

/** How many levels per variable the coding table lists. */
const SHOWN_LEVELS = 100;

const TO_ZH: Record<string, string> = { numeric: '数值', text: '文本', date: '日期', code: '分类编码' };

/** SQL for the converted value of `v` (code is built apart: it needs a window over the file). */
function converted(v: VariableInfo, to: string): string {
  const col = ident(v.name);
  switch (to) {
    case 'numeric':
      // 'inf' and 'nan' parse as doubles but are not measurements.
      if (v.type === 'numeric') return col;
      return `CASE WHEN isfinite(TRY_CAST(trim(${columnText(v)}) AS DOUBLE)) THEN TRY_CAST(trim(${columnText(v)}) AS DOUBLE) END`;
    case 'date':
      return dateOf(v);
    default:
      return columnText(v);
  }
}

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const to = String(p.to || 'numeric');
    const vars = (p.vars as string[]).map((n) => variable(ctx.variables, String(n)));
    if (to === 'numeric') {
      const d = vars.find((v) => v.type === 'date');
      if (d) throw new ToolInputError(`“${d.name}”是日期变量，不能转换为数值；可用“日期拆分”得到年、月、日或间隔天数`);
    }
    const suffix = String(p.suffix ?? '').trim();
    const names = suffix === '' ? vars.map((v) => v.name) : checkNewNames(vars.map((v) => `${v.name}${suffix}`), ctx.variables.map((v) => v.name));
    const index = new Map(vars.map((v, i) => [v.name, i]));

    // Code: rank of each level's first row, missing values left out of the ranking.
    const first = (i: number) => `__first${i}`;
    const expr = (v: VariableInfo, i: number) =>
      to === 'code'
        ? `CASE WHEN ${ident(v.name)} IS NULL THEN NULL ELSE dense_rank() OVER (ORDER BY CASE WHEN ${ident(v.name)} IS NOT NULL THEN ${first(i)} END NULLS LAST) END`
        : converted(v, to);
    const select: string[] = [];
    for (const v of ctx.variables) {
      const i = index.get(v.name);
      if (i === undefined) select.push(ident(v.name));
      else if (suffix === '') select.push(`${expr(v, i)} AS ${ident(v.name)}`);
      else select.push(ident(v.name), `${expr(v, i)} AS ${ident(names[i]!)}`);
    }
    const from =
      to === 'code' ? `(SELECT *, ${vars.map((v, i) => `min(__row) OVER (PARTITION BY ${ident(v.name)}) AS ${first(i)}`).join(', ')} FROM src)` : 'src';
    const verb = suffix === '' ? '' : `，新变量${names.map((n) => `“${n}”`).join('')}`;
    const notes: string[] = [`把 ${vars.length} 个变量（${vars.map((v) => v.name).join('、')}）转换为${TO_ZH[to]}${verb}${suffix === '' ? '，替换原变量' : ''}。`];
    const tables: NonNullable<ProcessingPlan['tables']> = [];

    if (to === 'numeric' || to === 'date') {
      const failed = await ctx.query(
        `SELECT ${vars
          .map(
            (v, i) =>
              `count(${ident(v.name)}) AS v${i}, count(*) FILTER (WHERE ${ident(v.name)} IS NOT NULL AND (${converted(v, to)}) IS NULL) AS n${i}, arg_min(${columnText(v)}, __row) FILTER (WHERE ${ident(v.name)} IS NOT NULL AND (${converted(v, to)}) IS NULL) AS e${i}`,
          )
          .join(', ')} FROM src`,
      );
      const r = failed[0] ?? {};
      const rows = vars.map((v, i) => [v.name, num(r[`v${i}`]), num(r[`v${i}`]) - num(r[`n${i}`]), num(r[`n${i}`]), r[`e${i}`] === null || r[`e${i}`] === undefined ? null : String(r[`e${i}`])] as Array<string | number | null>);
      const total = rows.reduce((s, x) => s + Number(x[3]), 0);
      for (const [name, , , n, e] of rows) {
        if (Number(n) > 0) notes.push(`“${name}”有 ${n} 个单元格无法转换为${TO_ZH[to]}（如“${e}”），已设为缺失。`);
      }
      if (total === 0) notes.push('所有非缺失的单元格都转换成功。');
      if (to === 'date') notes.push('可识别的日期格式：YYYY-MM-DD、YYYY/MM/DD、YYYYMMDD。');
      tables.push({ title: '转换结果', columns: ['变量', '原有取值数', '转换成功', '无法转换（设为缺失）', '示例'], rows });
    } else if (to === 'text') {
      notes.push('数值写作原样（整数不带“.0”），日期写作 YYYY-MM-DD。新文件读入时，全部为数字的变量仍会被识别为数值型。');
    } else {
      const rows: Array<Array<string | number | null>> = [];
      for (const [i, v] of vars.entries()) {
        const [c] = await ctx.query(`SELECT count(DISTINCT ${ident(v.name)}) AS d, count(*) - count(${ident(v.name)}) AS m FROM src`);
        const distinct = num(c?.d);
        const missing = num(c?.m);
        const levels = await ctx.query(
          `SELECT ${columnText(v)} AS k, count(*) AS n, min(__row) AS first FROM src WHERE ${ident(v.name)} IS NOT NULL GROUP BY ${ident(v.name)} ORDER BY first LIMIT ${SHOWN_LEVELS}`,
        );
        levels.forEach((l, j) => rows.push([names[i]!, String(l.k), j + 1, num(l.n)]));
        const more = distinct > SHOWN_LEVELS ? `（表中列出前 ${SHOWN_LEVELS} 个）` : '';
        notes.push(`“${v.name}”的 ${distinct} 个取值按第一次出现的顺序编为 1–${distinct}${more}${missing > 0 ? `，${missing} 个缺失值仍为缺失` : ''}。`);
      }
      tables.push({ title: '编码对照', columns: ['变量', '原取值', '编码', '行数'], rows });
    }
    return { outputs: [{ sql: `SELECT ${select.join(', ')} FROM ${from} ORDER BY __row`, suffix: '类型转换' }], notes, tables };
  },
};
