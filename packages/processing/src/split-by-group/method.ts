import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident, lit } from '../sql.js';
import { columnText, num, variable } from '../columns.js';
import { definition } from './definition.js';

/** The most files one split may make. */
export const MAX_GROUPS = 50;
const MAX_SUFFIX = 40;

/** A level as part of a file name: no characters file systems refuse, not empty, not too long. */
export function fileSuffix(level: string): string {
  const s = level
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '_');
  return [...s].slice(0, MAX_SUFFIX).join('') || '空';
}

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const by = variable(ctx.variables, String(p.by));
    const text = columnText(by);
    const levels = await ctx.query(
      `SELECT ${text} AS k, count(*) AS n, min(__row) AS first FROM src WHERE ${ident(by.name)} IS NOT NULL GROUP BY 1 ORDER BY first LIMIT ${MAX_GROUPS + 1}`,
    );
    const [m] = await ctx.query(`SELECT count(*) AS n FROM src WHERE ${ident(by.name)} IS NULL`);
    const missing = num(m?.n);
    const withMissing = p.missing !== false && missing > 0;
    const count = levels.length + (withMissing ? 1 : 0);
    if (levels.length === 0) throw new ToolInputError(`“${by.name}”全部缺失，无法拆分`);
    if (count > MAX_GROUPS) throw new ToolInputError(`“${by.name}”的取值超过 ${MAX_GROUPS} 个，最多拆分为 ${MAX_GROUPS} 个文件，请换一个分组变量或先合并取值`);

    const cols = ctx.variables.map((v) => ident(v.name)).join(', ');
    const used = new Set<string>();
    const unique = (s: string) => {
      let out = s;
      for (let i = 2; used.has(out.toLowerCase()); i++) out = `${s}(${i})`;
      used.add(out.toLowerCase());
      return out;
    };
    const groups = levels.map((r) => ({ level: String(r.k), rows: num(r.n), where: `${text} = ${lit(String(r.k))}` }));
    if (withMissing) groups.push({ level: '（缺失）', rows: missing, where: `${ident(by.name)} IS NULL` });
    const outputs = groups.map((g) => ({
      sql: `SELECT ${cols} FROM src WHERE ${g.where} ORDER BY __row`,
      suffix: unique(g.level === '（缺失）' ? '缺失' : fileSuffix(g.level)),
    }));
    const notes = [
      `按“${by.name}”的 ${levels.length} 个取值拆分为 ${outputs.length} 个文件：${groups.map((g) => `${g.level}（${g.rows} 行）`).join('、')}。`,
    ];
    if (missing > 0) notes.push(withMissing ? `“${by.name}”缺失的 ${missing} 行单独保存为一个文件。` : `“${by.name}”缺失的 ${missing} 行未输出。`);
    if (levels.length === 1) notes.push(`“${by.name}”只有 1 个取值，结果与原数据${withMissing ? '（除缺失行外）' : ''}相同。`);
    return {
      outputs,
      notes,
      tables: [{ title: '拆分结果', columns: ['取值', '文件名后缀', '行数'], rows: groups.map((g, i) => [g.level, outputs[i]!.suffix, g.rows]) }],
    };
  },
};
