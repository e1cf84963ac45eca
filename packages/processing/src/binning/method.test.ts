import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method, parseCuts } from './method.js';

const R = JSON.parse(fs.readFileSync(new URL('./r-fixture.json', import.meta.url), 'utf8')) as {
  x: number[];
  quartileBreaks: number[];
  quartileCountsLeft: number[];
  quartileCountsRight: number[];
  width3Breaks: number[];
  width3CountsLeft: number[];
};
// The fixture's values with awkward cells added: a missing value and a text cell.
const FIXTURE_CSV = `id,x\n${R.x.map((v, i) => `${i + 1},${v}`).join('\n')}\n16,NA\n17,未测\n`;
const col = (r: { header: string[]; rows: Array<Array<string | null>> }, name: string) => r.rows.map((x) => x[r.header.indexOf(name)]);
const counts = (table: Array<Array<string | number | null>>) => table.map((row) => row[2]);

describe('分组（离散化）', () => {
  it('cuts at custom points into open-ended groups with auto labels', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '年龄', method: 'custom', cuts: '40，50 60' });
    expect(r.header.at(-1)).toBe('年龄_分组');
    expect(col(r, '年龄_分组')).toEqual(['<40', null, '[40,50)', '[50,60)', '≥60', '<40', '<40', '[40,50)']);
    expect(r.plan.tables![0]!.rows).toEqual([['<40', '<40', 3], ['[40,50)', '[40,50)', 2], ['[50,60)', '[50,60)', 1], ['≥60', '≥60', 1]]);
    expect(r.plan.notes.join('')).toContain('1 行“年龄”缺失');
  });

  it('puts a value on a cut point in the right group for right-closed intervals, with typed labels', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '年龄', method: 'custom', cuts: '45', closed: 'right', labels: '低,高', newName: '年龄组' });
    expect(col(r, '年龄组')).toEqual(['低', null, '低', '高', '高', '低', '低', '高']);
  });

  it('matches R quantile type 7 cut points and cut(include.lowest = TRUE) counts', async () => {
    const left = await processCsv(method, FIXTURE_CSV, { var: 'x', method: 'quantile', k: 4 });
    const labels = left.plan.tables![0]!.rows.map((row) => row[0]);
    expect(labels).toEqual([`[${R.quartileBreaks[0]},${R.quartileBreaks[1]})`, `[${R.quartileBreaks[1]},${R.quartileBreaks[2]})`, `[${R.quartileBreaks[2]},${R.quartileBreaks[3]})`, `[${R.quartileBreaks[3]},${R.quartileBreaks[4]}]`]);
    expect(counts(left.plan.tables![0]!.rows)).toEqual(R.quartileCountsLeft);
    const notes = left.plan.notes.join('');
    expect(notes).toContain('“x”中有 1 个文字单元格（如“未测”）');
    expect(notes).toContain('2 行“x”缺失或不是数字');
    expect(col(left, 'x_分组').slice(-2)).toEqual([null, null]);
    const right = await processCsv(method, FIXTURE_CSV, { var: 'x', method: 'quantile', k: 4, closed: 'right' });
    expect(counts(right.plan.tables![0]!.rows)).toEqual(R.quartileCountsRight);
    const width = await processCsv(method, FIXTURE_CSV, { var: 'x', method: 'width', k: 3 });
    expect(width.plan.tables![0]!.rows.map((row) => row[0])).toEqual([`[${R.width3Breaks[0]},${R.width3Breaks[1]})`, `[${R.width3Breaks[1]},${R.width3Breaks[2]})`, `[${R.width3Breaks[2]},${R.width3Breaks[3]}]`]);
    expect(counts(width.plan.tables![0]!.rows)).toEqual(R.width3CountsLeft);
  });

  it('collapses tied quantile cut points', async () => {
    const r = await processCsv(method, 'x\n1\n1\n1\n1\n1\n2\n3\n', { var: 'x', method: 'quantile', k: 4 });
    expect(r.plan.notes.join('')).toContain('实际分为 2 组');
    expect(col(r, 'x_分组')).toEqual(['[1,1.5)', '[1,1.5)', '[1,1.5)', '[1,1.5)', '[1,1.5)', '[1.5,3]', '[1.5,3]']);
  });

  it('refuses bad input in Chinese', async () => {
    expect(() => parseCuts('18,abc')).toThrow('切点“abc”不是数字');
    expect(() => parseCuts('40,18')).toThrow('从小到大');
    await expect(processCsv(method, AWKWARD_CSV, { var: '年龄', method: 'custom', cuts: '' })).rejects.toThrow('请填写切点');
    await expect(processCsv(method, AWKWARD_CSV, { var: '年龄', method: 'custom', cuts: '40', labels: 'a,b,c' })).rejects.toThrow('需要 2 个');
    await expect(processCsv(method, AWKWARD_CSV, { var: '性别', method: 'width', k: 3 })).rejects.toThrow('“性别”没有数值');
    await expect(processCsv(method, AWKWARD_CSV, { var: '就诊日期', method: 'width', k: 3 })).rejects.toThrow('日期变量');
    await expect(processCsv(method, AWKWARD_CSV, { var: '年龄', newName: '体重' })).rejects.toThrow('重名');
    await expect(processCsv(method, AWKWARD_CSV, { var: '年龄', k: 1 })).rejects.toThrow('不能小于 2');
  });
});
