import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { fmt, newVariableName, numericColumn, selectList, textCellNote } from '../columns.js';
import { lit, numLit } from '../sql.js';
import { definition } from './definition.js';

/** Cut points typed as “18,40,60” (ASCII or full-width commas, 、 or spaces). */
export function parseCuts(text: string): number[] {
  const parts = text.split(/[,，、\s]+/).filter((s) => s !== '');
  if (parts.length === 0) throw new ToolInputError('请填写切点，如“18,40,60”');
  const cuts = parts.map((s) => {
    const x = Number(s);
    if (!Number.isFinite(x)) throw new ToolInputError(`切点“${s}”不是数字`);
    return x;
  });
  for (let i = 1; i < cuts.length; i++) if (!(cuts[i]! > cuts[i - 1]!)) throw new ToolInputError('切点应从小到大排列且不能重复');
  if (cuts.length > 49) throw new ToolInputError('切点最多 49 个');
  return cuts;
}

const num = (x: number) => String(Number(x.toPrecision(6)));

/**
 * Interval labels. `open` means the outer groups are open-ended (custom cut points); otherwise the
 * breaks run from the minimum to the maximum and the extreme at the open end is included, as R's
 * cut(..., include.lowest = TRUE) does.
 */
function autoLabels(breaks: number[], left: boolean, open: boolean): string[] {
  if (open) {
    const inner = breaks.slice(1).map((b, i) => (left ? `[${num(breaks[i]!)},${num(b)})` : `(${num(breaks[i]!)},${num(b)}]`));
    return [left ? `<${num(breaks[0]!)}` : `≤${num(breaks[0]!)}`, ...inner, left ? `≥${num(breaks.at(-1)!)}` : `>${num(breaks.at(-1)!)}`];
  }
  const k = breaks.length - 1;
  return Array.from({ length: k }, (_, i) => {
    const a = num(breaks[i]!);
    const b = num(breaks[i + 1]!);
    if (left) return i === k - 1 ? `[${a},${b}]` : `[${a},${b})`;
    return i === 0 ? `[${a},${b}]` : `(${a},${b}]`;
  });
}

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const name = String(p.var);
    const c = await numericColumn(ctx, name, '分组');
    const target = newVariableName(ctx, p.newName, `${name}_分组`);
    const left = p.closed !== 'right';
    const how = String(p.method);
    const notes: string[] = [];
    // `inner` are the boundaries a value is compared with; `breaks` label the groups.
    let inner: number[];
    let breaks: number[];
    let open = false;
    if (how === 'custom') {
      inner = parseCuts(String(p.cuts ?? ''));
      breaks = inner;
      open = true;
    } else {
      const k = Number(p.k);
      if (!Number.isInteger(k)) throw new ToolInputError('“组数”应为整数');
      const probs = Array.from({ length: k + 1 }, (_, i) => i / k);
      const [row] = await ctx.query(
        how === 'width'
          ? `SELECT min(${c.sql}) AS lo, max(${c.sql}) AS hi FROM src`
          : `SELECT quantile_cont(${c.sql}, [${probs.map(numLit).join(', ')}]) AS q FROM src`,
      );
      if (how === 'width') {
        const lo = Number(row?.lo);
        const hi = Number(row?.hi);
        if (!(hi > lo)) throw new ToolInputError(`“${name}”的取值全部相同，无法分组`);
        breaks = probs.map((q, i) => (i === k ? hi : lo + q * (hi - lo)));
      } else {
        // R quantile type 7 (DuckDB quantile_cont); tied cut points collapse into one group.
        const q = (row?.q as number[]).map(Number);
        breaks = q.filter((x, i) => i === 0 || x > q[i - 1]!);
        if (breaks.length < 2) throw new ToolInputError(`“${name}”的取值全部相同，无法分组`);
        if (breaks.length < q.length) notes.push(`有相同的分位数切点，实际分为 ${breaks.length - 1} 组。`);
      }
      inner = breaks.slice(1, -1);
    }
    const groups = inner.length + 1;
    const typed = String(p.labels ?? '').trim();
    let labels: string[];
    if (typed === '') labels = autoLabels(breaks, left, open);
    else {
      labels = typed.split(/[,，、]/).map((s) => s.trim());
      if (labels.length !== groups) throw new ToolInputError(`共分为 ${groups} 组，“组标签”需要 ${groups} 个（用逗号分隔），现在有 ${labels.length} 个`);
      if (labels.some((s) => s === '')) throw new ToolInputError('“组标签”中有空的标签');
      if (new Set(labels).size !== labels.length) throw new ToolInputError('“组标签”中有重复的标签');
    }
    const op = left ? '<' : '<=';
    const whens = inner.map((b, i) => `WHEN ${c.sql} ${op} ${numLit(b)} THEN ${lit(labels[i]!)}`);
    const expr = `CASE WHEN ${c.sql} IS NULL THEN NULL ${whens.join(' ')} ELSE ${lit(labels[groups - 1]!)} END`;
    const counts = await ctx.query(`SELECT g, count(*)::BIGINT AS n FROM (SELECT ${expr} AS g FROM src) WHERE g IS NOT NULL GROUP BY g`);
    const byLabel = new Map(counts.map((r) => [String(r.g), Number(r.n)]));
    const methodZh = how === 'custom' ? `自定义切点（${inner.map(fmt).join('、')}）` : how === 'width' ? `等宽区间（${groups} 组）` : `分位数（${groups} 组，切点按 R 的 quantile 第 7 型计算）`;
    notes.unshift(`按${methodZh}把“${name}”分组，存入新变量“${target}”，区间${left ? '左闭右开' : '左开右闭'}。`);
    const blank = ctx.rows - [...byLabel.values()].reduce((a, b) => a + b, 0);
    if (blank > 0) notes.push(`${blank} 行“${name}”缺失${c.textCells > 0 ? '或不是数字' : ''}，分组也为缺失。`);
    notes.push(...textCellNote(c));
    return {
      outputs: [{ sql: `SELECT ${selectList(ctx, {}, [[target, expr]])} FROM src ORDER BY __row`, suffix: '分组' }],
      notes,
      tables: [
        {
          title: '分组结果',
          columns: ['组别', '区间', '例数'],
          rows: labels.map((l, i) => [l, autoLabels(breaks, left, open)[i]!, byLabel.get(l) ?? 0]),
        },
      ],
    };
  },
};
