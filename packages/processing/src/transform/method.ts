import { ToolInputError } from '@labstat/tools';
import type { ProcessingMethod } from '../method.js';
import { fmt, newVariableName, numericColumn, selectList, textCellNote } from '../columns.js';
import { numLit } from '../sql.js';
import { boxcoxLambda, LAMBDA_RANGE } from './boxcox.js';
import { definition } from './definition.js';

const TAG: Record<string, string> = { log: 'ln', log10: 'log10', sqrt: 'sqrt', reciprocal: '倒数', zscore: 'z', minmax: '缩放', boxcox: 'boxcox', rank: '秩' };
const ZH: Record<string, string> = { log: '自然对数', log10: '常用对数', sqrt: '平方根', reciprocal: '倒数', zscore: '标准化（Z 分数）', minmax: '最小-最大缩放', boxcox: 'Box–Cox 变换', rank: '秩变换' };

export const method: ProcessingMethod = {
  definition,
  async plan(ctx, p) {
    const name = String(p.var);
    const how = String(p.how);
    const c = await numericColumn(ctx, name, '变量变换');
    const target = newVariableName(ctx, p.newName, `${name}_${TAG[how]}`);
    const x = c.sql;
    const notes: string[] = [];
    // Values outside the method's domain become missing; counted first, refused when nothing is left.
    const domain: Record<string, [string, string] | undefined> = {
      log: [`${x} > 0`, '小于或等于 0'],
      log10: [`${x} > 0`, '小于或等于 0'],
      boxcox: [`${x} > 0`, '小于或等于 0'],
      sqrt: [`${x} >= 0`, '为负数'],
      reciprocal: [`${x} <> 0`, '为 0'],
    };
    const dom = domain[how];
    const ok = dom ? dom[0] : 'TRUE';
    const [s] = await ctx.query(
      `SELECT count(*) FILTER (WHERE ${x} IS NOT NULL AND NOT (${ok}))::BIGINT AS bad, count(*) FILTER (WHERE ${ok})::BIGINT AS n,
       avg(${x}) AS mean, stddev_samp(${x}) AS sd, min(${x}) AS lo, max(${x}) AS hi,
       exp(avg(CASE WHEN ${x} > 0 THEN ln(${x}) END)) AS gm FROM src`,
    );
    const bad = Number(s?.bad ?? 0);
    const n = Number(s?.n ?? 0);
    if (dom && n === 0) throw new ToolInputError(`“${name}”的取值全部${dom[1]}，无法做${ZH[how]}`);
    if (dom && bad > 0) notes.push(`“${name}”有 ${bad} 个值${dom[1]}，无法做${ZH[how]}，结果设为缺失。`);
    const inDomain = (e: string) => (dom ? `CASE WHEN ${ok} THEN ${e} END` : e);
    let expr: string;
    let join = '';
    switch (how) {
      case 'log':
        expr = inDomain(`ln(${x})`);
        break;
      case 'log10':
        expr = inDomain(`log10(${x})`);
        break;
      case 'sqrt':
        expr = inDomain(`sqrt(${x})`);
        break;
      case 'reciprocal':
        expr = inDomain(`1.0 / ${x}`);
        break;
      case 'zscore': {
        const sd = Number(s?.sd);
        if (!(sd > 0)) throw new ToolInputError(`“${name}”的有效值少于 2 个或全部相同，无法标准化`);
        expr = `(${x} - ${numLit(Number(s?.mean))}) / ${numLit(sd)}`;
        notes.push(`标准化使用均数 ${fmt(Number(s?.mean))}、标准差 ${fmt(sd)}（与 R 的 scale() 相同）。`);
        break;
      }
      case 'minmax': {
        const lo = Number(s?.lo);
        const hi = Number(s?.hi);
        if (!(hi > lo)) throw new ToolInputError(`“${name}”的取值全部相同，无法缩放`);
        expr = `(${x} - ${numLit(lo)}) / ${numLit(hi - lo)}`;
        notes.push(`按最小值 ${fmt(lo)}、最大值 ${fmt(hi)} 缩放到 0～1。`);
        break;
      }
      case 'boxcox': {
        if (n < 3) throw new ToolInputError(`“${name}”的正值少于 3 个，无法估计 Box–Cox 的 λ`);
        const y = `CASE WHEN ${ok} THEN ${x} END`;
        const lambda = Number((await boxcoxLambda(ctx, y, Number(s?.gm))).toFixed(4));
        expr = lambda === 0 ? inDomain(`ln(${x})`) : inDomain(`(pow(${x}, ${numLit(lambda)}) - 1) / ${numLit(lambda)}`);
        notes.push(`Box–Cox 的 λ 按轮廓似然最大估计为 ${lambda}（同 R 的 MASS::boxcox(y ~ 1)），变换为 ${lambda === 0 ? 'ln(x)' : '(x^λ − 1)/λ'}。`);
        if (Math.abs(lambda - LAMBDA_RANGE[0]) < 1e-3 || Math.abs(lambda - LAMBDA_RANGE[1]) < 1e-3) notes.push(`λ 落在搜索范围 [${LAMBDA_RANGE[0]}, ${LAMBDA_RANGE[1]}] 的边界上，数据可能不适合 Box–Cox 变换。`);
        break;
      }
      default:
        // Ties get the average rank, missing values stay missing (R's rank(x, na.last = "keep")): the
        // values before a value plus (its count + 1)/2, joined back by value (one sort of the distinct values).
        expr = `__ranks.__rank`;
        join = `LEFT JOIN (SELECT __v, sum(__n) OVER (ORDER BY __v) - __n + (__n + 1) / 2.0 AS __rank FROM (SELECT ${x} AS __v, count(*) AS __n FROM src WHERE ${x} IS NOT NULL GROUP BY 1)) AS __ranks ON ${x} = __ranks.__v`;
        notes.push('取值相同者取平均秩。');
    }
    notes.unshift(`对“${name}”做${ZH[how]}，结果存入新变量“${target}”。`);
    notes.push(...textCellNote(c));
    return { outputs: [{ sql: `SELECT ${selectList(ctx, {}, [[target, expr]])} FROM src ${join} ORDER BY __row`, suffix: '变换' }], notes };
  },
};
