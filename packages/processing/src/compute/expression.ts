// The compute language: a tokenizer and a recursive-descent parser turning the user's formula into
// a small syntax tree. Nothing here is evaluated; compile.ts turns the tree into SQL where every
// column is a quoted identifier and every value a literal. User text never reaches SQL as code.
import { ToolInputError } from '@labstat/tools';

export type BinaryOp = '+' | '-' | '*' | '/' | '^' | 'and' | 'or' | '=' | '<>' | '<' | '<=' | '>' | '>=';

export type Node =
  | { k: 'num'; v: number; pos: number }
  | { k: 'str'; v: string; pos: number }
  | { k: 'na'; pos: number }
  | { k: 'col'; name: string; pos: number }
  | { k: 'neg' | 'not'; a: Node; pos: number }
  | { k: 'bin'; op: BinaryOp; a: Node; b: Node; pos: number }
  | { k: 'call'; fn: string; args: Node[]; pos: number };

type TokKind = 'num' | 'str' | 'col' | 'name' | 'op' | 'lp' | 'rp' | 'comma' | 'end';
interface Tok {
  kind: TokKind;
  text: string;
  /** 1-based character position in the expression. */
  pos: number;
}

/** Function names the language knows (lower case). */
export const FUNCTIONS = ['if', 'log', 'ln', 'log10', 'log2', 'exp', 'sqrt', 'abs', 'round', 'floor', 'ceil', 'ceiling', 'min', 'max', 'mean', 'sum', 'datediff', 'today', 'isna'] as const;
const KEYWORDS: Record<string, string> = { and: 'and', or: 'or', not: 'not', 且: 'and', 并且: 'and', 或: 'or', 或者: 'or', 非: 'not', na: 'na', null: 'na' };
const CJK_KEYWORDS = ['且', '并且', '或', '或者', '非'];
const keyword = (w: string): string | undefined => (Object.hasOwn(KEYWORDS, w) ? KEYWORDS[w] : undefined);
const OPS: Record<string, string> = {
  '+': '+', '-': '-', '−': '-', '*': '*', '×': '*', '/': '/', '÷': '/', '^': '^',
  '=': '=', '==': '=', '<>': '<>', '!=': '<>', '≠': '<>', '<': '<', '<=': '<=', '≤': '<=', '>': '>', '>=': '>=', '≥': '>=',
  '&&': 'and', '&': 'and', '||': 'or', '|': 'or', '!': 'not',
};
const QUOTES: Record<string, string> = { "'": "'", '"': '"', '“': '”', '‘': '’' };
const IDENT = /[\p{L}_][\p{L}\p{N}_.]*/uy;
const NUMBER = /(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/y;

export const at = (pos: number, msg: string) => new ToolInputError(`表达式第 ${pos} 个字符处${msg}`);
export const unknownColumn = (name: string) => new ToolInputError(`表达式中的变量“${name}”不在数据中`);

/**
 * Splits a run of letters into column names and Chinese keywords (“年龄且体重” → 年龄, 且, 体重),
 * when exactly one split exists; otherwise null.
 */
function segment(word: string, columns: ReadonlySet<string>): string[] | null | 'ambiguous' {
  const pieces = [...columns, ...CJK_KEYWORDS].filter((p) => p !== '' && word.includes(p));
  const ways: Array<{ count: number; first: string[] | null }> = Array.from({ length: word.length + 1 }, () => ({ count: 0, first: null }));
  ways[word.length] = { count: 1, first: [] };
  for (let i = word.length - 1; i >= 0; i--) {
    for (const p of pieces) {
      if (!word.startsWith(p, i)) continue;
      const rest = ways[i + p.length]!;
      if (rest.count === 0) continue;
      ways[i]!.count += rest.count;
      ways[i]!.first ??= [p, ...rest.first!];
    }
  }
  const w = ways[0]!;
  return w.count === 0 ? null : w.count > 1 ? 'ambiguous' : w.first;
}

export function tokenize(text: string, columns: ReadonlySet<string>): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const pos = i + 1;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '【' || ch === '[') {
      const close = ch === '【' ? '】' : ']';
      const end = text.indexOf(close, i + 1);
      if (end < 0) throw at(pos, `的“${ch}”缺少对应的“${close}”`);
      const name = text.slice(i + 1, end).trim();
      if (!columns.has(name)) throw unknownColumn(name);
      toks.push({ kind: 'col', text: name, pos });
      i = end + 1;
      continue;
    }
    if (Object.hasOwn(QUOTES, ch)) {
      const end = text.indexOf(QUOTES[ch]!, i + 1);
      if (end < 0) throw at(pos, '的引号没有结束');
      toks.push({ kind: 'str', text: text.slice(i + 1, end), pos });
      i = end + 1;
      continue;
    }
    if (ch === '(' || ch === '（') {
      toks.push({ kind: 'lp', text: '(', pos });
      i++;
      continue;
    }
    if (ch === ')' || ch === '）') {
      toks.push({ kind: 'rp', text: ')', pos });
      i++;
      continue;
    }
    if (ch === ',' || ch === '，') {
      toks.push({ kind: 'comma', text: ',', pos });
      i++;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(text);
    if (num) {
      toks.push({ kind: 'num', text: num[0], pos });
      i += num[0].length;
      continue;
    }
    IDENT.lastIndex = i;
    const id = IDENT.exec(text);
    if (id) {
      const word = id[0];
      i += word.length;
      const lower = word.toLowerCase();
      const callNext = /^\s*[(（]/.test(text.slice(i));
      const isFn = (FUNCTIONS as readonly string[]).includes(lower);
      if (columns.has(word)) {
        if ((isFn && callNext) || keyword(lower)) throw at(pos, `的“${word}”既是变量名又是函数名或关键字，作为变量请写成【${word}】`);
        toks.push({ kind: 'col', text: word, pos });
      } else if (keyword(lower)) {
        const kw = keyword(lower)!;
        toks.push(kw === 'na' ? { kind: 'name', text: 'na', pos } : { kind: 'op', text: kw, pos });
      } else if (isFn && callNext) toks.push({ kind: 'name', text: lower, pos });
      else if (callNext) throw at(pos, `的函数“${word}”不存在（可用：${FUNCTIONS.join('、')}）`);
      else {
        const parts = segment(word, columns);
        if (parts === 'ambiguous') throw at(pos, `的“${word}”有多种理解，请用【】标出变量名`);
        if (!parts) throw unknownColumn(word);
        let p = pos;
        for (const part of parts) {
          const kw = keyword(part);
          toks.push(kw ? { kind: 'op', text: kw, pos: p } : { kind: 'col', text: part, pos: p });
          p += part.length;
        }
      }
      continue;
    }
    const two = text.slice(i, i + 2);
    const op = Object.hasOwn(OPS, two) ? two : Object.hasOwn(OPS, ch) ? ch : null;
    if (!op) throw at(pos, `有无法识别的符号“${ch}”`);
    toks.push({ kind: 'op', text: OPS[op]!, pos });
    i += op.length;
  }
  toks.push({ kind: 'end', text: '', pos: text.length + 1 });
  return toks;
}

const MAX_DEPTH = 60;

/** Parses `text` into a tree; `columns` are the file's column names (for bare names). */
export function parseExpression(text: string, columns: ReadonlySet<string>): Node {
  if (text.trim() === '') throw new ToolInputError('请填写表达式');
  const toks = tokenize(text, columns);
  let i = 0;
  let depth = 0;
  const peek = () => toks[i]!;
  const isOp = (...ops: string[]) => peek().kind === 'op' && ops.includes(peek().text);
  const fail = (t: Tok): never => {
    if (t.kind === 'end') throw new ToolInputError('表达式不完整，末尾缺少内容');
    throw at(t.pos, `的“${t.text}”用法不对`);
  };
  const deeper = <T>(f: () => T): T => {
    if (++depth > MAX_DEPTH) throw new ToolInputError('表达式嵌套过深');
    try {
      return f();
    } finally {
      depth--;
    }
  };

  const or = (): Node => deeper(() => {
    let a = and();
    while (isOp('or')) {
      const t = toks[i++]!;
      a = { k: 'bin', op: 'or', a, b: and(), pos: t.pos };
    }
    return a;
  });
  const and = (): Node => {
    let a = not();
    while (isOp('and')) {
      const t = toks[i++]!;
      a = { k: 'bin', op: 'and', a, b: not(), pos: t.pos };
    }
    return a;
  };
  const not = (): Node => {
    if (isOp('not')) {
      const t = toks[i++]!;
      return deeper(() => ({ k: 'not', a: not(), pos: t.pos }));
    }
    return cmp();
  };
  const cmp = (): Node => {
    const a = add();
    if (isOp('=', '<>', '<', '<=', '>', '>=')) {
      const t = toks[i++]!;
      const b = add();
      if (isOp('=', '<>', '<', '<=', '>', '>=')) throw at(peek().pos, '不能连续比较，请用“且”连接两个比较');
      return { k: 'bin', op: t.text as BinaryOp, a, b, pos: t.pos };
    }
    return a;
  };
  const add = (): Node => {
    let a = mul();
    while (isOp('+', '-')) {
      const t = toks[i++]!;
      a = { k: 'bin', op: t.text as BinaryOp, a, b: mul(), pos: t.pos };
    }
    return a;
  };
  const mul = (): Node => {
    let a = unary();
    while (isOp('*', '/')) {
      const t = toks[i++]!;
      a = { k: 'bin', op: t.text as BinaryOp, a, b: unary(), pos: t.pos };
    }
    return a;
  };
  // Unary minus binds looser than ^, as in R: -2^2 is -4.
  const unary = (): Node => {
    if (isOp('-', '+')) {
      const t = toks[i++]!;
      return deeper(() => {
        const a = unary();
        return t.text === '-' ? { k: 'neg', a, pos: t.pos } : a;
      });
    }
    return power();
  };
  const power = (): Node => {
    const a = primary();
    if (isOp('^')) {
      const t = toks[i++]!;
      return { k: 'bin', op: '^', a, b: deeper(unary), pos: t.pos };
    }
    return a;
  };
  const primary = (): Node => {
    const t = toks[i]!;
    switch (t.kind) {
      case 'num':
        i++;
        return { k: 'num', v: Number(t.text), pos: t.pos };
      case 'str':
        i++;
        return { k: 'str', v: t.text, pos: t.pos };
      case 'col':
        i++;
        return { k: 'col', name: t.text, pos: t.pos };
      case 'lp': {
        i++;
        const e = or();
        if (peek().kind !== 'rp') throw at(peek().pos, '缺少右括号“)”');
        i++;
        return e;
      }
      case 'name': {
        i++;
        if (t.text === 'na') return { k: 'na', pos: t.pos };
        // A function call: the tokenizer saw the “(”.
        i++;
        const args: Node[] = [];
        if (peek().kind !== 'rp') {
          args.push(or());
          while (peek().kind === 'comma') {
            i++;
            args.push(or());
          }
        }
        if (peek().kind !== 'rp') throw at(peek().pos, `缺少函数 ${t.text}() 的右括号“)”`);
        i++;
        return { k: 'call', fn: t.text, args, pos: t.pos };
      }
      default:
        return fail(t);
    }
  };

  const tree = or();
  if (peek().kind !== 'end') fail(peek());
  return tree;
}
