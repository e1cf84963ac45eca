import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident } from '../sql.js';
import { definition } from './definition.js';

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const by = String(p.by);
    const by2 = String(p.by2 ?? '');
    if (by2 !== '' && by2 === by) throw new ToolInputError('第二排序变量不能与第一排序变量相同');
    const dir = (o: unknown) => (o === 'desc' ? 'DESC' : 'ASC');
    const keys = [`${ident(by)} ${dir(p.order)} NULLS LAST`];
    if (by2) keys.push(`${ident(by2)} ${dir(p.order2)} NULLS LAST`);
    const cols = ctx.variables.map((v) => ident(v.name)).join(', ');
    const missing = ctx.variables.find((v) => v.name === by)?.missing ?? 0;
    const zh = (o: unknown) => (o === 'desc' ? '降序' : '升序');
    return {
      outputs: [{ sql: `SELECT ${cols} FROM src ORDER BY ${keys.join(', ')}, __row`, suffix: '排序' }],
      notes: [
        `按“${by}”${zh(p.order)}${by2 ? `、再按“${by2}”${zh(p.order2)}` : ''}排列了 ${ctx.rows} 行。`,
        ...(missing > 0 ? [`“${by}”有 ${missing} 个缺失值，排在最后。`] : []),
        '取值相同的行保持原来的先后次序。',
      ],
    };
  },
};
