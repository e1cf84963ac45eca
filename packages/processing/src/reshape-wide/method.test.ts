import { describe, expect, it } from 'vitest';
import { processCsv } from '../test-helpers.js';
import { method } from './method.js';

// Long data with the awkward file's habits: Chinese names, a text cell (未测) among numbers, NA, a
// missing time, a patient without a 6-month visit, visits out of order; 血糖 is text, so 5.0 stays 5.0.
const LONG = `编号,性别,时间,血糖
1,男,基线,5.6
1,男,3月,5.2
2,女,基线,6.1
1,男,6月,5.0
2,女,3月,未测
3,女,基线,NA
3,女,,7.0
3,女,6月,6.6
`;

describe('长转宽', () => {
  it('makes one row per id and one variable per key level, in first-appearance order', async () => {
    const r = await processCsv(method, LONG, { ids: ['编号', '性别'], key: '时间', value: '血糖' });
    expect(r.header).toEqual(['编号', '性别', '血糖_基线', '血糖_3月', '血糖_6月']);
    expect(r.rows).toEqual([
      ['1', '男', '5.6', '5.2', '5.0'],
      ['2', '女', '6.1', '未测', null],
      ['3', '女', null, null, '6.6'],
    ]);
    expect(r.plan.notes).toEqual([
      '按“编号”“性别”把 8 行转为宽格式，共 3 行；“时间”的 3 个取值各成为一个新变量（血糖_基线、血糖_3月、血糖_6月），取值来自“血糖”。',
      '“时间”缺失的 1 行无法确定放入哪个新变量，未纳入结果。',
      '某个对象缺少某个取值的行时，对应的新变量为空。',
    ]);
  });

  it('uses a prefix, numeric key levels written without .0, and says which variables were dropped', async () => {
    const csv = `编号,次数,血压,备注\n1,1,120,a\n1,2,118,b\n2,1,135,\n`;
    const r = await processCsv(method, csv, { ids: ['编号'], key: '次数', value: '血压', prefix: 'SBP' });
    expect(r.header).toEqual(['编号', 'SBP_1', 'SBP_2']);
    expect(r.rows).toEqual([
      ['1', '120', '118'],
      ['2', '135', null],
    ]);
    expect(r.plan.notes).toContain('其他变量（备注）未保留；需要保留时请把它们也选为标识变量。');
  });

  it('names a duplicated id × key pair, and refuses overlapping roles and too many levels', async () => {
    const dup = `${LONG}2,女,3月,6.0\n`;
    await expect(processCsv(method, dup, { ids: ['编号'], key: '时间', value: '血糖' })).rejects.toThrow('“编号”=2、“时间”=3月 的行出现了 2 次');
    await expect(processCsv(method, LONG, { ids: ['编号'], key: '时间', value: '时间' })).rejects.toThrow('“名称变量”与“取值变量”不能是同一个变量');
    await expect(processCsv(method, LONG, { ids: ['编号', '时间'], key: '时间', value: '血糖' })).rejects.toThrow('“时间”不能同时作为标识变量');
    const many = ['编号,项目,值', ...Array.from({ length: 201 }, (_, i) => `1,项目${i},${i}`)].join('\n') + '\n';
    await expect(processCsv(method, many, { ids: ['编号'], key: '项目', value: '值' })).rejects.toThrow('“项目”有超过 200 个不同取值');
    const clash = `编号,血糖_基线,时间,血糖\n1,9,基线,3\n`;
    await expect(processCsv(method, clash, { ids: ['编号', '血糖_基线'], key: '时间', value: '血糖' })).rejects.toThrow('新变量名“血糖_基线”与已有变量重名');
  });
});
