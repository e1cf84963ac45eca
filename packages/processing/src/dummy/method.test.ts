import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

describe('哑变量', () => {
  it('makes one 0/1 variable per level but the first-appearing one, missing staying missing', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '性别' });
    expect(r.header).toEqual(['编号', '性别', '性别_女', '年龄', '血糖', '体重', '分组', '就诊日期']);
    expect(r.rows.map((x) => x[2])).toEqual(['0', '1', '1', '0', null, '1', '0', '1']);
    expect(r.rows[2]).toEqual(['3', '女', '1', '45', '未测', '62.3', 'A', '2024-02-11']);
    expect(r.plan.notes).toEqual([
      '“性别”有 2 个取值，以“男”为参照水平，生成 1 个 0/1 哑变量（性别_女），取值为 1 表示属于该类。',
      '“性别”缺失的 1 行，哑变量也为缺失。',
    ]);
    expect(r.plan.tables![0]!.rows).toEqual([
      ['男', '（参照水平）', 3],
      ['女', '性别_女', 4],
    ]);
  });

  it('takes a chosen reference level, a prefix and numeric codes', async () => {
    const csv = `编号,病情\n1,2\n2,1\n3,3\n4,2\n5,NA\n`;
    const r = await processCsv(method, csv, { var: '病情', ref: '1', prefix: 'G' });
    expect(r.header).toEqual(['编号', '病情', 'G_2', 'G_3']);
    expect(r.rows.map((x) => x.slice(2))).toEqual([
      ['1', '0'],
      ['0', '0'],
      ['0', '1'],
      ['1', '0'],
      [null, null],
    ]);
    expect(r.plan.notes[0]).toContain('以“1”为参照水平，生成 2 个 0/1 哑变量（G_2、G_3）');
  });

  it('refuses an unknown reference level, one level and a name already used', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { var: '性别', ref: '未知' })).rejects.toThrow('参照水平“未知”不是“性别”的取值（取值有：男、女）');
    await expect(processCsv(method, '组,值\nA,1\nA,2\n', { var: '组' })).rejects.toThrow('“组”只有 1 个取值，无法生成哑变量');
    await expect(processCsv(method, '组,组_B\nA,1\nB,2\n', { var: '组' })).rejects.toThrow('新变量名“组_B”与已有变量重名');
  });
});
