import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

interface FixtureRow {
  start: string;
  end: string;
  year: number;
  month: number;
  day: number;
  weekday: number;
  quarter: number;
  to_end: number;
  to_fixed: number;
}
const fixture = JSON.parse(fs.readFileSync(new URL('./r-fixture.json', import.meta.url), 'utf8')) as { fixed: string; rows: FixtureRow[] };

// Text dates in the three forms, an impossible date and a blank, and an end date with a gap.
const VISITS = `编号,入院,出院
1,2024/01/05,2024-01-10
2,20240203,2024-02-08
3,2024-2-30,2024-03-05
4,2023-12-31,
`;

describe('日期拆分', () => {
  it('takes year, month, day, weekday and quarter from a date column, after it', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '就诊日期' });
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期', '就诊日期_年', '就诊日期_月', '就诊日期_日', '就诊日期_星期', '就诊日期_季度']);
    // 2024-01-03 was a Wednesday, 2024-02-11 a Sunday.
    expect(r.rows[0]!.slice(6)).toEqual(['2024-01-03', '2024', '1', '3', '3', '1']);
    expect(r.rows[2]!.slice(3, 12)).toEqual(['未测', '62.3', 'A', '2024-02-11', '2024', '2', '11', '7', '1']);
    expect(r.rows[7]!.slice(7)).toEqual(['2024', '4', '2', '2', '2']);
    // Weekdays against JavaScript's calendar (getUTCDay: 0 = Sunday).
    for (const x of r.rows.filter((row) => row[6] !== null)) expect(x[10]).toBe(String(new Date(`${x[6]}T00:00:00Z`).getUTCDay() || 7));
    expect(r.rows[5]!.slice(6)).toEqual([null, null, null, null, null, null]);
    expect(r.plan.notes).toEqual([
      '从“就诊日期”取出年、月、日、星期、季度，生成新变量“就诊日期_年”“就诊日期_月”“就诊日期_日”“就诊日期_星期”“就诊日期_季度”。',
      '星期以 1–7 表示星期一至星期日。',
      '“就诊日期”缺失的 1 行，新变量也为缺失。',
    ]);
  });

  it('counts days to another date column, parsing text dates', async () => {
    const r = await processCsv(method, VISITS, { var: '入院', parts: ['month'], diff: 'column', date2: '出院', diffName: '住院天数', prefix: '入' });
    expect(r.header).toEqual(['编号', '入院', '入_月', '住院天数', '出院']);
    expect(r.rows.map((x) => x.slice(2, 4))).toEqual([
      ['1', '5'],
      ['2', '5'],
      [null, null],
      ['12', null],
    ]);
    expect(r.plan.notes).toContain('新变量“住院天数”为“出院”减去“入院”的天数。');
    expect(r.plan.notes).toContain('“入院”有 1 个单元格不是可识别的日期（如“2024-2-30”），按缺失处理。');
    expect(r.plan.notes).toContain('“出院”缺失的 1 行，间隔天数为缺失。');
  });

  it('counts days to a fixed date', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '就诊日期', parts: [], diff: 'fixed', fixed: '2024/12/31' });
    expect(r.header.slice(6)).toEqual(['就诊日期', '间隔天数']);
    const days = (iso: string | null) => (iso === null ? null : String((Date.UTC(2024, 11, 31) - Date.parse(`${iso}T00:00:00Z`)) / 86_400_000));
    expect(r.rows.map((x) => x[7])).toEqual(r.rows.map((x) => days(x[6]!)));
    expect(r.rows[0]![7]).toBe('363');
    expect(r.plan.notes[0]).toBe('新变量“间隔天数”为固定日期 2024-12-31 减去“就诊日期”的天数。');
  });

  it('refuses nothing to do, a bad fixed date, a missing second date and a name already used', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { var: '就诊日期', parts: [] })).rejects.toThrow('请至少选择一项');
    await expect(processCsv(method, AWKWARD_CSV, { var: '就诊日期', diff: 'fixed', fixed: '2024-13-01' })).rejects.toThrow('“固定日期”“2024-13-01”不是有效的日期');
    await expect(processCsv(method, AWKWARD_CSV, { var: '就诊日期', diff: 'column' })).rejects.toThrow('请选择“另一个日期变量”');
    await expect(processCsv(method, AWKWARD_CSV, { var: '就诊日期', parts: ['year'], prefix: '体', diff: 'fixed', fixed: '2024-01-01', diffName: '体_年' })).rejects.toThrow('新变量名“体_年”与已有变量重名');
  });
});

describe('日期拆分 against R (r-fixture.R: format %Y %m %d %u, quarters(), date differences)', () => {
  it('gives R’s parts and day counts for 45 dates, leap days and year ends included', async () => {
    const csv = `编号,开始,结束\n${fixture.rows.map((r, i) => `${i + 1},${r.start},${r.end}`).join('\n')}\n`;
    const col = await processCsv(method, csv, { var: '开始', diff: 'column', date2: '结束' });
    expect(col.header.slice(2, 8)).toEqual(['开始_年', '开始_月', '开始_日', '开始_星期', '开始_季度', '间隔天数']);
    expect(col.rows.map((x) => x.slice(2, 8).map(Number))).toEqual(fixture.rows.map((r) => [r.year, r.month, r.day, r.weekday, r.quarter, r.to_end]));
    const fixed = await processCsv(method, csv, { var: '开始', parts: [], diff: 'fixed', fixed: fixture.fixed });
    expect(fixed.rows.map((x) => Number(x[2]))).toEqual(fixture.rows.map((r) => r.to_fixed));
  });
});
