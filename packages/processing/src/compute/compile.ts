// Turns a parsed compute expression into one SQL expression over `src`, with types checked first
// so the user gets a Chinese message rather than a DuckDB error. Columns are quoted identifiers,
// numbers pass through numLit, text through lit; function names map to a fixed list.
import { ToolInputError } from '@labstat/tools';
import type { ProcessingContext } from '../method.js';
import { numericColumn, textCellNote } from '../columns.js';
import { ident, lit, numLit } from '../sql.js';
import { at, parseExpression, type Node } from './expression.js';

export type ExprType = 'num' | 'bool' | 'text' | 'date' | 'null';

interface Compiled {
  sql: string;
  type: ExprType;
  /** A bare column of text type (may be read as numbers or dates); a string literal's text. */
  column?: string;
  literal?: string;
}

/** A division the data must not make by zero: its denominator and the condition under which it is evaluated. */
interface DivisionCheck {
  denominator: string;
  guard: string | null;
  pos: number;
}

export interface CompiledExpression {
  sql: string;
  type: ExprType;
  /** Text columns read as numbers: their text cells count as missing. */
  numericTextColumns: string[];
  divisions: DivisionCheck[];
}

const TYPE_ZH: Record<ExprType, string> = { num: '数值', bool: '条件（是/否）', text: '文字', date: '日期', null: '缺失' };
const DATE_RE = /^\d{4}-\d{1,2}-\d{1,2}$/;
const UNITS: Record<string, 'day' | 'month' | 'year'> = { day: 'day', days: 'day', 天: 'day', 日: 'day', month: 'month', months: 'month', 月: 'month', year: 'year', years: 'year', 年: 'year' };

function dateLiteral(text: string, pos: number): string {
  const t = text.trim().replace(/\//g, '-');
  if (!DATE_RE.test(t) || Number.isNaN(Date.parse(t.replace(/-(\d)(?!\d)/g, '-0$1')))) throw at(pos, `的“${text}”不是 YYYY-MM-DD 形式的日期`);
  return `DATE ${lit(t.replace(/-(\d)(?!\d)/g, '-0$1'))}`;
}

export function compileExpression(text: string, ctx: Pick<ProcessingContext, 'variables'>): CompiledExpression {
  const vars = new Map(ctx.variables.map((v) => [v.name, v]));
  const tree = parseExpression(text, new Set(vars.keys()));
  const numericText = new Set<string>();
  const divisions: DivisionCheck[] = [];
  const guards: string[] = [];

  const num = (c: Compiled, node: Node, what: string): string => {
    if (c.type === 'num' || c.type === 'null') return c.sql;
    if (c.type === 'bool') return `CAST(${c.sql} AS DOUBLE)`;
    if (c.column !== undefined) {
      numericText.add(c.column);
      return `TRY_CAST(${c.sql} AS DOUBLE)`;
    }
    if (c.literal !== undefined) {
      const x = Number(c.literal.trim());
      if (c.literal.trim() === '' || !Number.isFinite(x)) throw at(node.pos, `的文字“${c.literal}”不是数字，不能用于${what}`);
      return numLit(x);
    }
    throw at(node.pos, `的${TYPE_ZH[c.type]}不能用于${what}`);
  };
  const date = (c: Compiled, node: Node): string => {
    if (c.type === 'date' || c.type === 'null') return c.sql;
    if (c.literal !== undefined) return dateLiteral(c.literal, node.pos);
    if (c.column !== undefined) return `TRY_CAST(${c.sql} AS DATE)`;
    throw at(node.pos, `处需要日期，这里是${TYPE_ZH[c.type]}`);
  };
  const bool = (c: Compiled, node: Node): string => {
    if (c.type === 'bool' || c.type === 'null') return c.sql;
    if (c.type === 'num') return `(${c.sql} <> 0)`;
    throw at(node.pos, `处需要条件（如比较“年龄 > 40”），这里是${TYPE_ZH[c.type]}`);
  };
  const guarded = <T>(g: string, f: () => T): T => {
    guards.push(g);
    try {
      return f();
    } finally {
      guards.pop();
    }
  };
  // Any null argument makes the result missing (R's NA rules), which least/greatest would not do.
  const allPresent = (args: string[], sql: string) => `CASE WHEN ${args.map((a) => `${a} IS NULL`).join(' OR ')} THEN NULL ELSE ${sql} END`;

  const compare = (op: string, a: Compiled, b: Compiled, n: Node): string => {
    const sqlOp = op;
    const types = [a.type, b.type];
    if (types.includes('null')) throw at(n.pos, '处与 NA 比较的结果总是缺失，判断缺失请用 isna()');
    if (types.includes('date')) return `(${date(a, n)} ${sqlOp} ${date(b, n)})`;
    if (types.includes('num') || types.includes('bool')) {
      for (const c of [a, b]) if (c.column !== undefined && vars.get(c.column)?.type === 'date') throw at(n.pos, `处不能把日期变量“${c.column}”与数字比较`);
      return `(${num(a, n, '比较')} ${sqlOp} ${num(b, n, '比较')})`;
    }
    // Text with text: compared as text (“性别 = '男'”).
    return `(${a.sql} ${sqlOp} ${b.sql})`;
  };

  const go = (n: Node): Compiled => {
    switch (n.k) {
      case 'num':
        return { sql: numLit(n.v), type: 'num' };
      case 'str':
        return { sql: lit(n.v), type: 'text', literal: n.v };
      case 'na':
        return { sql: 'NULL', type: 'null' };
      case 'col': {
        const v = vars.get(n.name);
        if (!v) throw new ToolInputError(`表达式中的变量“${n.name}”不在数据中`);
        const t: ExprType = v.type === 'numeric' ? 'num' : v.type === 'date' ? 'date' : 'text';
        return { sql: ident(n.name), type: t, ...(t === 'text' ? { column: n.name } : {}) };
      }
      case 'neg':
        return { sql: `(-${num(go(n.a), n, '取负号')})`, type: 'num' };
      case 'not':
        return { sql: `(NOT ${bool(go(n.a), n.a)})`, type: 'bool' };
      case 'bin': {
        if (n.op === 'and' || n.op === 'or') {
          // The right side matters only when the left does not decide (b <> 0 且 a / b > 1 divides by no zero).
          const left = bool(go(n.a), n.a);
          const right = guarded(n.op === 'and' ? left : `NOT ${left}`, () => bool(go(n.b), n.b));
          return { sql: `(${left} ${n.op.toUpperCase()} ${right})`, type: 'bool' };
        }
        const a = go(n.a);
        const b = go(n.b);
        if (['=', '<>', '<', '<=', '>', '>='].includes(n.op)) return { sql: compare(n.op, a, b, n), type: 'bool' };
        if (n.op === '-' && a.type === 'date' && (b.type === 'date' || b.literal !== undefined)) return { sql: `CAST(date_diff('day', ${date(b, n.b)}, ${date(a, n.a)}) AS DOUBLE)`, type: 'num' };
        const what = ({ '+': '加法', '-': '减法', '*': '乘法', '/': '除法', '^': '乘方' } as Record<string, string>)[n.op] ?? '运算';
        const x = num(a, n.a, what);
        const y = num(b, n.b, what);
        if (n.op === '/') {
          divisions.push({ denominator: y, guard: guards.length ? guards.map((g) => `(${g})`).join(' AND ') : null, pos: n.pos });
          return { sql: `(${x} / ${y})`, type: 'num' };
        }
        return { sql: n.op === '^' ? `pow(${x}, ${y})` : `(${x} ${n.op} ${y})`, type: 'num' };
      }
      case 'call':
        return call(n);
    }
  };

  const call = (n: Extract<Node, { k: 'call' }>): Compiled => {
    const { fn, args } = n;
    const arity = (lo: number, hi = lo) => {
      if (args.length < lo || args.length > hi) {
        const want = lo === hi ? `${lo} 个` : hi === Infinity ? `至少 ${lo} 个` : `${lo}～${hi} 个`;
        throw at(n.pos, `的函数 ${fn}() 需要${want}参数，现在有 ${args.length} 个`);
      }
    };
    const numArg = (i: number) => num(go(args[i]!), args[i]!, `${fn}()`);
    const domain = (cond: string, sql: string): Compiled => ({ sql: `CASE WHEN ${cond} THEN ${sql} END`, type: 'num' });
    switch (fn) {
      case 'if': {
        arity(3);
        const c = bool(go(args[0]!), args[0]!);
        const a = guarded(c, () => go(args[1]!));
        const b = guarded(`NOT ${c}`, () => go(args[2]!));
        let type: ExprType;
        let x = a.sql;
        let y = b.sql;
        if (a.type === b.type || b.type === 'null') type = a.type;
        else if (a.type === 'null') type = b.type;
        else if ([a.type, b.type].every((t) => t === 'num' || t === 'bool') || ((a.type === 'num' || b.type === 'num') && (a.literal ?? b.literal) !== undefined && Number.isFinite(Number((a.literal ?? b.literal)!.trim())))) {
          type = 'num';
          x = num(a, args[1]!, 'if()');
          y = num(b, args[2]!, 'if()');
        } else if ([a.type, b.type].includes('date') && (a.literal ?? b.literal) !== undefined) {
          type = 'date';
          x = date(a, args[1]!);
          y = date(b, args[2]!);
        } else throw at(n.pos, `的 if() 两个结果的类型不一致（${TYPE_ZH[a.type]}与${TYPE_ZH[b.type]}）`);
        // A missing condition gives a missing result, as R's ifelse does.
        return { sql: `CASE WHEN ${c} THEN ${x} WHEN NOT ${c} THEN ${y} END`, type };
      }
      case 'log':
      case 'ln': {
        arity(1, fn === 'log' ? 2 : 1);
        const x = numArg(0);
        if (args.length === 2) {
          const base = numArg(1);
          return domain(`${x} > 0 AND ${base} > 0 AND ${base} <> 1`, `ln(${x}) / ln(${base})`);
        }
        return domain(`${x} > 0`, `ln(${x})`);
      }
      case 'log10':
      case 'log2': {
        arity(1);
        const x = numArg(0);
        return domain(`${x} > 0`, `${fn}(${x})`);
      }
      case 'exp': {
        arity(1);
        const x = numArg(0);
        return domain(`${x} < 709`, `exp(${x})`);
      }
      case 'sqrt': {
        arity(1);
        const x = numArg(0);
        return domain(`${x} >= 0`, `sqrt(${x})`);
      }
      case 'abs':
      case 'floor':
      case 'ceil':
      case 'ceiling':
        arity(1);
        return { sql: `${fn === 'ceiling' ? 'ceil' : fn}(${numArg(0)})`, type: 'num' };
      case 'round': {
        arity(1, 2);
        const x = numArg(0);
        if (args.length === 1) return { sql: `round(${x})`, type: 'num' };
        const d = args[1]!;
        const digits = d.k === 'num' ? d.v : d.k === 'neg' && d.a.k === 'num' ? -d.a.v : NaN;
        if (!Number.isInteger(digits) || Math.abs(digits) > 15) throw at(d.pos, '的 round() 第二个参数应为 −15～15 的整数（保留的小数位数）');
        return { sql: `round(${x}, ${digits})`, type: 'num' };
      }
      case 'min':
      case 'max':
      case 'mean':
      case 'sum': {
        arity(1, Infinity);
        const xs = args.map((_, i) => numArg(i));
        const sql = fn === 'min' ? `least(${xs.join(', ')})` : fn === 'max' ? `greatest(${xs.join(', ')})` : fn === 'sum' ? `(${xs.join(' + ')})` : `((${xs.join(' + ')}) / ${xs.length})`;
        return { sql: allPresent(xs, sql), type: 'num' };
      }
      case 'datediff': {
        arity(3);
        const u = args[0]!;
        const unitText = u.k === 'str' ? u.v.trim().toLowerCase() : u.k === 'col' ? u.name.toLowerCase() : '';
        const unit = Object.hasOwn(UNITS, unitText) ? UNITS[unitText] : undefined;
        if (!unit || (u.k !== 'str')) throw at(u.pos, "的 datediff() 第一个参数应为 'day'、'month' 或 'year'（加引号）");
        const a = date(go(args[1]!), args[1]!);
        const b = date(go(args[2]!), args[2]!);
        // Days between the dates; whole months or years completed (age in full years), as lubridate's %/% gives.
        const sql = unit === 'day' ? `date_diff('day', ${a}, ${b})` : `date_sub('${unit}', ${a}, ${b})`;
        return { sql: `CAST(${sql} AS DOUBLE)`, type: 'num' };
      }
      case 'today':
        arity(0);
        return { sql: 'current_date', type: 'date' };
      case 'isna': {
        arity(1);
        return { sql: `(${go(args[0]!).sql} IS NULL)`, type: 'bool' };
      }
      default:
        throw at(n.pos, `的函数“${fn}”不存在`);
    }
  };

  const out = go(tree);
  return { sql: out.sql, type: out.type, numericTextColumns: [...numericText], divisions };
}

/** The expression as the new column: numbers finite or missing, conditions as 1/0. */
export function outputSql(c: CompiledExpression): string {
  if (c.type === 'num') return `CASE WHEN isfinite(CAST(${c.sql} AS DOUBLE)) THEN CAST(${c.sql} AS DOUBLE) END`;
  if (c.type === 'bool') return `CASE WHEN ${c.sql} THEN 1 WHEN NOT ${c.sql} THEN 0 END`;
  if (c.type === 'null') throw new ToolInputError('表达式的结果全部为缺失');
  return c.sql;
}

/**
 * Checks the data before the plan runs: a division by zero anywhere it would be evaluated names the
 * first such row; text columns read as numbers are checked to hold numbers and give notes.
 */
export async function checkExpression(ctx: ProcessingContext, c: CompiledExpression): Promise<string[]> {
  const notes: string[] = [];
  for (const name of c.numericTextColumns) notes.push(...textCellNote(await numericColumn(ctx, name, '数值运算')));
  if (c.divisions.length > 0) {
    const terms = c.divisions.map((d, i) => `min(__row) FILTER (WHERE ${d.guard ? `(${d.guard}) AND ` : ''}(${d.denominator}) = 0) AS d${i}`);
    const [row] = await ctx.query(`SELECT ${terms.join(', ')} FROM src`);
    for (const [i, d] of c.divisions.entries()) {
      const r = row?.[`d${i}`];
      if (r !== null && r !== undefined) throw new ToolInputError(`第 ${Number(r)} 行数据使表达式第 ${d.pos} 个字符处的除数为 0，请检查数据，或用 if() 排除除数为 0 的情形`);
    }
  }
  return notes;
}
