import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { compileExpression } from './compile.js';
import { parseExpression } from './expression.js';
import { method } from './method.js';

const col = (r: { header: string[]; rows: Array<Array<string | null>> }, name: string) => r.rows.map((x) => x[r.header.indexOf(name)]);
const nums = (cells: Array<string | null>) => cells.map((c) => (c === null ? null : Number(c)));
const run = (expression: string, csv = AWKWARD_CSV) => processCsv(method, csv, { newName: '结果', expression });
const COLS = new Set(['年龄', '体重', '性别', '年龄且体重', 'log', 'a', 'ab', 'b']);

describe('计算新变量: parser', () => {
  it('follows R precedence and accepts Chinese operators and brackets', () => {
    const t = parseExpression('-2^2 + 3 × 4 ÷ 2', COLS);
    expect(t).toMatchObject({ k: 'bin', op: '+', a: { k: 'neg', a: { k: 'bin', op: '^' } }, b: { k: 'bin', op: '/', a: { k: 'bin', op: '*' } } });
    expect(parseExpression('【年龄】>40 且 [体重]≤70', COLS)).toMatchObject({ k: 'bin', op: 'and', a: { op: '>' }, b: { op: '<=', a: { k: 'col', name: '体重' } } });
    // Bare names split around 且 when exactly one split exists; a column named so wins outright.
    expect(parseExpression('年龄且体重', COLS)).toMatchObject({ k: 'col', name: '年龄且体重' });
    expect(parseExpression('年龄>40且体重<70', COLS)).toMatchObject({ k: 'bin', op: 'and' });
    expect(parseExpression('if（年龄 ≥ 60，1，0）', COLS)).toMatchObject({ k: 'call', fn: 'if', args: [{ op: '>=' }, { k: 'num' }, { k: 'num' }] });
  });

  it('reports parse errors with the position', () => {
    expect(() => parseExpression('(年龄 + 1', COLS)).toThrow('表达式第 8 个字符处缺少右括号');
    expect(() => parseExpression('年龄 + * 2', COLS)).toThrow('表达式第 6 个字符处的“*”用法不对');
    expect(() => parseExpression('年龄 +', COLS)).toThrow('表达式不完整');
    expect(() => parseExpression('年龄 # 2', COLS)).toThrow('表达式第 4 个字符处有无法识别的符号“#”');
    expect(() => parseExpression('foo(年龄)', COLS)).toThrow('函数“foo”不存在');
    expect(() => parseExpression('1 < 年龄 < 3', COLS)).toThrow('不能连续比较');
    expect(() => parseExpression('log(log)', COLS)).toThrow('作为变量请写成【log】');
    expect(() => parseExpression('ab且b', new Set(['a', 'b', 'ab']))).toThrow('“ab且b”有多种理解，请用【】标出变量名');
    expect(() => parseExpression('身高 / 2', COLS)).toThrow('表达式中的变量“身高”不在数据中');
    expect(() => parseExpression('【身高】', COLS)).toThrow('表达式中的变量“身高”不在数据中');
    expect(() => parseExpression("'abc", COLS)).toThrow('引号没有结束');
    expect(() => parseExpression('  ', COLS)).toThrow('请填写表达式');
    expect(() => parseExpression('('.repeat(100) + '1' + ')'.repeat(100), COLS)).toThrow('嵌套过深');
  });

  it('never lets text through as SQL', () => {
    const vars = [{ name: 'x"; DROP', type: 'categorical' as const, valid: 1, missing: 0, distinct: 1, min: null, max: null, mean: null, levels: [] }];
    expect(compileExpression("【x\"; DROP】 = 'a OR 1=1 --'", { variables: vars }).sql).toBe(`("x""; DROP" = 'a OR 1=1 --')`);
    expect(compileExpression('【x"; DROP】 = "it\'s"', { variables: vars }).sql).toBe(`("x""; DROP" = 'it''s')`);
    // A quote cannot be escaped, so text after a closing quote is parsed (and refused), never passed on.
    expect(() => compileExpression("【x\"; DROP】 = 'a'' OR 1=1 --'", { variables: vars })).toThrow('用法不对');
  });
});

describe('计算新变量', () => {
  it('computes arithmetic with missing values and text cells (未测) as missing', async () => {
    const r = await run('【体重】 / (血糖 ^ 2) + 1');
    const out = nums(col(r, '结果'));
    expect(out[0]).toBeCloseTo(70.5 / 5.6 ** 2 + 1, 12);
    expect(out[2]).toBeNull(); // 未测
    expect(out[3]).toBeNull(); // 体重 missing
    expect(out[6]).toBeNull(); // 血糖 missing
    const notes = r.plan.notes.join('');
    expect(notes).toContain('“血糖”中有 1 个文字单元格（如“未测”）');
    expect(notes).toContain('有 3 个缺失值');
  });

  it('writes conditions as 1/0 and if() as R ifelse (missing condition → missing)', async () => {
    const r = await run('年龄 >= 45 且 性别 = "女"');
    // Row 5: TRUE and a missing 性别 is missing, as TRUE & NA in R.
    expect(col(r, '结果')).toEqual(['0', null, '1', '0', null, '0', '0', '1']);
    const g = await run("if(年龄 >= 45, '中老年', '青年')");
    expect(col(g, '结果')).toEqual(['青年', null, '中老年', '中老年', '中老年', '青年', '青年', '中老年']);
    const m = await run('if(isna(体重), 0, 体重)');
    expect(col(m, '结果')[3]).toBe('0');
  });

  it('evaluates functions: round, log, sqrt domain, min/max/mean of a row, datediff, today', async () => {
    const r = await run('round(log(年龄), 2)');
    expect(col(r, '结果')[0]).toBe(String(Math.round(Math.log(34) * 100) / 100));
    const d = await run("sqrt(年龄 - 40) + mean(年龄, 体重) - max(年龄, 体重) + min(1, 2)");
    expect(nums(col(d, '结果'))[2]).toBeCloseTo(Math.sqrt(5) + (45 + 62.3) / 2 - 62.3 + 1, 12);
    expect(col(d, '结果')[0]).toBeNull(); // sqrt of a negative
    const dd = await run("datediff('day', '2024-01-01', 就诊日期)");
    expect(col(dd, '结果')).toEqual(['2', '4', '41', '50', '60', null, '74', '92']);
    const mm = await run("datediff('月', 就诊日期, '2024-04-02')");
    expect(col(mm, '结果')).toEqual(['2', '2', '1', '1', '1', null, '0', '0']);
    const t = await run("datediff('day', 就诊日期, today()) > 0");
    expect(col(t, '结果')[0]).toBe('1');
  });

  it('names the first row where a division by zero happens, unless if() excludes it', async () => {
    const csv = 'id,a,b\n1,4,2\n2,3,1\n3,5,0\n4,1,0\n';
    await expect(run('a / (b - 1)', csv)).rejects.toThrow('第 2 行数据使表达式第 3 个字符处的除数为 0');
    await expect(run('a / b', csv)).rejects.toThrow('第 3 行');
    const guarded = await run('b <> 0 且 a / b > 1', csv);
    expect(col(guarded, '结果')).toEqual(['1', '1', '0', '0']);
    await expect(run('b = 0 且 a / b > 1', csv)).rejects.toThrow('第 3 行');
    const ok = await run('if(b = 0, NA, a / b)', csv);
    expect(col(ok, '结果')).toEqual(['2', '3', null, null]);
  });

  it('refuses bad input in Chinese', async () => {
    await expect(run('性别 + 1')).rejects.toThrow('“性别”没有数值，不能用于数值运算');
    await expect(run('年龄 = "男"')).rejects.toThrow('的文字“男”不是数字');
    await expect(run("if(年龄 > 40, 1, '老')")).rejects.toThrow('if() 两个结果的类型不一致');
    await expect(run('round(年龄, 1.5)')).rejects.toThrow('round() 第二个参数');
    await expect(run('sqrt(1, 2)')).rejects.toThrow('sqrt() 需要1 个参数');
    await expect(run("datediff(1, 就诊日期, today())")).rejects.toThrow("'day'");
    await expect(run("就诊日期 > '2024-13-45'")).rejects.toThrow('不是 YYYY-MM-DD 形式的日期');
    await expect(run('身高 * 2')).rejects.toThrow('表达式中的变量“身高”不在数据中');
    await expect(processCsv(method, AWKWARD_CSV, { newName: '年龄', expression: '1' })).rejects.toThrow('重名');
  });
});
