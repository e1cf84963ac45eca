import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident, lit } from '../sql.js';
import { checkNewNames, columnText, num, variable } from '../columns.js';
import { definition } from './definition.js';

/** The most rows a reshape may write. */
export const MAX_LONG_ROWS = 50_000_000;

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const measures = (p.measures as string[]).map((n) => variable(ctx.variables, String(n)));
    if (measures.length < 2) throw new ToolInputError('请至少选择 2 个“测量变量”');
    const measureSet = new Set(measures.map((m) => m.name));
    const chosenIds = (p.ids as string[]).map(String);
    const inBoth = chosenIds.find((n) => measureSet.has(n));
    if (inBoth) throw new ToolInputError(`“${inBoth}”不能既是标识变量又是测量变量`);
    const ids = chosenIds.length > 0 ? chosenIds : ctx.variables.filter((v) => !measureSet.has(v.name)).map((v) => v.name);
    const [keyName, valueName] = checkNewNames([String(p.keyName ?? ''), String(p.valueName ?? '')], ids);
    const total = ctx.rows * measures.length;
    if (total > MAX_LONG_ROWS) throw new ToolInputError(`转换后将有 ${total} 行，超过上限 ${MAX_LONG_ROWS} 行，请减少测量变量或先筛选数据`);

    // One value column needs one type: numbers stay numbers (dates dates) when all measures agree.
    const types = new Set(measures.map((m) => m.type));
    const mixed = types.size > 1;
    const value = (m: (typeof measures)[number]) => (mixed ? columnText(m) : ident(m.name));
    const idList = ids.map((n) => `${ident(n)}, `).join('');
    const parts = measures.map((m, i) => `SELECT ${idList}${lit(m.name)} AS ${ident(keyName!)}, ${value(m)} AS ${ident(valueName!)}, __row, ${i} AS __k FROM src`);
    const drop = p.dropMissing === true;
    const [c] = await ctx.query(`SELECT ${measures.map((m, i) => `count(*) - count(${ident(m.name)}) AS m${i}`).join(', ')} FROM src`);
    const missing = measures.reduce((s, _, i) => s + num(c?.[`m${i}`]), 0);
    const outRows = drop ? total - missing : total;
    const notes = [
      `把 ${measures.length} 个测量变量（${measures.map((m) => m.name).join('、')}）转为长格式：原来的每一行变为 ${measures.length} 行，${ctx.rows} 行变为 ${outRows} 行。`,
      `新变量“${keyName}”记录原变量名，“${valueName}”记录测量值${ids.length > 0 ? `；每行保留 ${ids.length} 个标识变量（${ids.join('、')}）` : ''}。`,
    ];
    if (missing > 0) notes.push(drop ? `去掉了 ${missing} 个缺失的测量值。` : `其中 ${missing} 个测量值缺失，保留为空。`);
    if (mixed) notes.push('测量变量的类型不一致（有数值也有文本或日期），“' + valueName + '”按文本保存。');
    return {
      outputs: [
        {
          sql: `SELECT ${idList}${ident(keyName!)}, ${ident(valueName!)} FROM (${parts.join(' UNION ALL ')})${drop ? ` WHERE ${ident(valueName!)} IS NOT NULL` : ''} ORDER BY __row, __k`,
          suffix: '长格式',
        },
      ],
      notes,
    };
  },
};
