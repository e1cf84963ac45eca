import { ToolInputError } from '@labstat/tools';
import type { ProcessingContext, ProcessingMethod, ProcessingPlan } from '../method.js';
import { cellText, fmt, numericColumn, selectList, textCellNote, variableOf } from '../columns.js';
import { ident, lit, numLit } from '../sql.js';
import { definition } from './definition.js';

/** The missing-pattern table looks at no more than this many variables (those with missing values). */
const PATTERN_VARS = 30;
const PATTERN_ROWS = 10;
const FILL_ZH: Record<string, string> = { mean: '均数', median: '中位数', mode: '众数', constant: '指定值', locf: '前值（LOCF）' };

const pct = (n: number, total: number) => (total === 0 ? 0 : Number(((100 * n) / total).toFixed(1)));

async function summary(ctx: ProcessingContext, vars: string[]): Promise<{ missing: Map<string, number>; tables: NonNullable<ProcessingPlan['tables']> }> {
  const [counts] = await ctx.query(`SELECT ${vars.map((v, i) => `(count(*) - count(${ident(v)}))::BIGINT AS m${i}`).join(', ')} FROM src`);
  const missing = new Map(vars.map((v, i) => [v, Number(counts?.[`m${i}`] ?? 0)]));
  const perVar = {
    title: '各变量缺失情况',
    columns: ['变量', '缺失数', '缺失比例(%)'],
    rows: vars.map((v) => [v, missing.get(v)!, pct(missing.get(v)!, ctx.rows)] as Array<string | number | null>),
  };
  const withMissing = vars.filter((v) => missing.get(v)! > 0).slice(0, PATTERN_VARS);
  const tables = [perVar];
  if (withMissing.length > 0) {
    const flags = withMissing.map((v, i) => `(${ident(v)} IS NULL) AS f${i}`);
    const rows = await ctx.query(
      `SELECT ${withMissing.map((_, i) => `f${i}`).join(', ')}, count(*)::BIGINT AS n FROM (SELECT ${flags.join(', ')} FROM src) GROUP BY ALL ORDER BY n DESC, ${withMissing.map((_, i) => `f${i}`).join(', ')} LIMIT ${PATTERN_ROWS}`,
    );
    tables.push({
      title: `缺失模式（最常见的 ${Math.min(rows.length, PATTERN_ROWS)} 种，“缺”表示缺失）`,
      columns: [...withMissing, '行数', '比例(%)'],
      rows: rows.map((r) => [...withMissing.map((_, i) => (r[`f${i}`] ? '缺' : '')), Number(r.n), pct(Number(r.n), ctx.rows)]),
    });
  }
  return { missing, tables };
}

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const chosen = (p.vars as string[] | undefined) ?? [];
    const vars = chosen.length > 0 ? chosen : ctx.variables.map((v) => v.name);
    const action = String(p.action);
    const { missing, tables } = await summary(ctx, vars);
    const total = [...missing.values()].reduce((a, b) => a + b, 0);
    const scope = chosen.length > 0 ? `所选 ${vars.length} 个变量` : `全部 ${vars.length} 个变量`;
    const notes = [`${scope}共有 ${total} 个缺失值（共 ${ctx.rows} 行）。`];
    const mice = '如需多重插补，请使用 MICE 多重插补工具（即将上线）。';

    if (action === 'view') {
      notes.push('仅查看缺失情况，新文件与原数据相同。', mice);
      return { outputs: [{ sql: `SELECT ${selectList(ctx)} FROM src ORDER BY __row`, suffix: '缺失值处理' }], notes, tables };
    }

    if (action === 'drop') {
      const anyMissing = vars.map((v) => `${ident(v)} IS NULL`).join(' OR ');
      const [row] = await ctx.query(`SELECT count(*)::BIGINT AS n FROM src WHERE ${anyMissing}`);
      const dropped = Number(row?.n ?? 0);
      if (dropped === ctx.rows) throw new ToolInputError('每一行都至少有一个所选变量缺失，删除后没有数据，请减少所选变量');
      notes.push(`删除了 ${dropped} 行（${scope}中任一缺失），保留 ${ctx.rows - dropped} 行。`, mice);
      return { outputs: [{ sql: `SELECT ${selectList(ctx)} FROM src WHERE NOT (${anyMissing}) ORDER BY __row`, suffix: '删除缺失' }], notes, tables };
    }

    // Fill each chosen variable by the chosen rule.
    const fill = String(p.fill);
    const replace: Record<string, string> = {};
    const fillTable = { title: '填补情况', columns: ['变量', '填补方法', '填补值', '填补个数'], rows: [] as Array<Array<string | number | null>> };
    for (const name of vars) {
      const v = variableOf(ctx, name);
      const col = ident(name);
      const m = missing.get(name)!;
      if (fill === 'mean' || fill === 'median') {
        const num = await numericColumn(ctx, name, `${FILL_ZH[fill]}填补`);
        const [row] = await ctx.query(`SELECT ${fill === 'mean' ? 'avg' : 'median'}(${num.sql}) AS s FROM src`);
        const s = Number(row?.s);
        replace[name] = `COALESCE(${num.sql}, ${numLit(s)})`;
        notes.push(...textCellNote(num));
        fillTable.rows.push([name, FILL_ZH[fill]!, fmt(s), m + num.textCells]);
      } else if (fill === 'mode') {
        if (v.valid === 0) throw new ToolInputError(`“${name}”全部缺失，无法用众数填补`);
        // Ties go to the value seen first in row order.
        const [row] = await ctx.query(
          `SELECT ${cellText(v)} AS t, ${col} AS raw, count(*) AS n, min(__row) AS first FROM src WHERE ${col} IS NOT NULL GROUP BY ${col} ORDER BY n DESC, first LIMIT 1`,
        );
        const t = String(row?.t);
        const value = v.type === 'numeric' ? numLit(Number(row?.raw)) : v.type === 'date' ? `DATE ${lit(t)}` : lit(t);
        replace[name] = `COALESCE(${col}, ${value})`;
        fillTable.rows.push([name, '众数', String(row?.t), m]);
      } else if (fill === 'constant') {
        const text = String(p.constant ?? '').trim();
        if (text === '') throw new ToolInputError('请填写“指定的填补值”');
        let value: string;
        if (v.type === 'numeric') {
          const x = Number(text);
          if (!Number.isFinite(x)) throw new ToolInputError(`“${name}”是数值变量，填补值“${text}”应为数字`);
          value = numLit(x);
        } else if (v.type === 'date') {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) throw new ToolInputError(`“${name}”是日期变量，填补值应为 YYYY-MM-DD 形式的日期`);
          value = `DATE ${lit(text)}`;
        } else value = lit(text);
        replace[name] = `COALESCE(${col}, ${value})`;
        fillTable.rows.push([name, '指定值', text, m]);
      } else {
        // LOCF in the file's row order; leading missing values have nothing before them.
        const prev = `last_value(${col} IGNORE NULLS) OVER (ORDER BY __row ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)`;
        const [row] = await ctx.query(`SELECT count(*) FILTER (WHERE ${col} IS NULL AND p IS NULL)::BIGINT AS lead FROM (SELECT ${col}, ${prev} AS p FROM src)`);
        const lead = Number(row?.lead ?? 0);
        replace[name] = `COALESCE(${col}, ${prev})`;
        fillTable.rows.push([name, '前值（LOCF）', '', m - lead]);
        if (lead > 0) notes.push(`“${name}”开头的 ${lead} 个缺失值前面没有观测值，仍为缺失。`);
      }
    }
    const filled = fillTable.rows.reduce((a, r) => a + Number(r[3]), 0);
    notes.push(`用${FILL_ZH[fill]}填补了 ${filled} 个单元格。`);
    if (fill === 'mean' || fill === 'median' || fill === 'mode' || fill === 'constant') notes.push('单一值填补会低估变异、使标准误偏小，仅适合缺失很少的情形。');
    notes.push(mice);
    return { outputs: [{ sql: `SELECT ${selectList(ctx, replace)} FROM src ORDER BY __row`, suffix: '缺失值填补' }], notes, tables: [...tables, fillTable] };
  },
};
