import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { ident } from '../sql.js';
import { definition } from './definition.js';

/**
 * The rank key of a row: md5 of "row:seed". DuckDB's own sampling is not repeatable across runs and
 * versions; md5 is the same everywhere, so a seed names one sample for good (and can be recomputed
 * outside LabStat).
 */
export const sampleKey = (seed: number): string => `md5(CAST(__row AS VARCHAR) || ':' || '${seed}')`;

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const seed = Number(p.seed);
    if (!Number.isInteger(seed)) throw new ToolInputError('“随机种子”应为整数');
    let n: number;
    let how: string;
    if (p.mode === 'percent') {
      const pct = Number(p.percent);
      if (!(pct > 0 && pct <= 100)) throw new ToolInputError('“抽取百分比”应在 0 到 100 之间');
      n = Math.round((ctx.rows * pct) / 100);
      if (n < 1) throw new ToolInputError(`数据只有 ${ctx.rows} 行，按 ${pct}% 抽取不到 1 行，请增大百分比`);
      how = `按 ${pct}% `;
    } else {
      n = Number(p.count);
      if (!Number.isInteger(n) || n < 1) throw new ToolInputError('“抽取行数”应为正整数');
      if (n > ctx.rows) throw new ToolInputError(`“抽取行数”（${n}）超过了数据的行数（${ctx.rows}）`);
      how = '';
    }
    const cols = ctx.variables.map((v) => ident(v.name)).join(', ');
    return {
      outputs: [
        {
          sql: `SELECT ${cols} FROM (SELECT * FROM src ORDER BY ${sampleKey(seed)}, __row LIMIT ${n}) ORDER BY __row`,
          suffix: '抽样',
        },
      ],
      notes: [`从 ${ctx.rows} 行中${how}随机抽取了 ${n} 行（随机种子 ${seed}），保持原来的行序。`, '使用相同的随机种子再次抽样会得到相同的行。'],
    };
  },
};
