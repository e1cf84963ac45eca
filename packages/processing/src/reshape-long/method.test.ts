import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method } from './method.js';

// Repeated measures with the awkward file's habits: Chinese names, NA, a text cell (未测) in one
// measure column, a blank cell.
const WIDE = `编号,性别,血压_基线,血压_3月,血压_6月
1,男,130,125,120
2,女,142,NA,133
3,女,未测,128,
`;

describe('宽转长', () => {
  it('turns measures into rows, keeping every other variable, in row then measure order', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { measures: ['年龄', '体重'] });
    expect(r.header).toEqual(['编号', '性别', '血糖', '分组', '就诊日期', '测量项目', '测量值']);
    expect(r.rows).toHaveLength(16);
    expect(r.rows.slice(0, 4)).toEqual([
      ['1', '男', '5.6', 'A', '2024-01-03', '年龄', '34'],
      ['1', '男', '5.6', 'A', '2024-01-03', '体重', '70.5'],
      ['2', '女', '6.1', 'B', '2024-01-05', '年龄', null],
      ['2', '女', '6.1', 'B', '2024-01-05', '体重', '55'],
    ]);
    expect(r.plan.notes).toEqual([
      '把 2 个测量变量（年龄、体重）转为长格式：原来的每一行变为 2 行，8 行变为 16 行。',
      '新变量“测量项目”记录原变量名，“测量值”记录测量值；每行保留 5 个标识变量（编号、性别、血糖、分组、就诊日期）。',
      '其中 2 个测量值缺失，保留为空。',
    ]);
  });

  it('keeps the chosen ids, names the new columns, drops missing values and stores mixed types as text', async () => {
    const r = await processCsv(method, WIDE, { ids: ['编号'], measures: ['血压_基线', '血压_3月', '血压_6月'], keyName: '时间', valueName: '收缩压', dropMissing: true });
    expect(r.header).toEqual(['编号', '时间', '收缩压']);
    expect(r.rows).toEqual([
      ['1', '血压_基线', '130'],
      ['1', '血压_3月', '125'],
      ['1', '血压_6月', '120'],
      ['2', '血压_基线', '142'],
      ['2', '血压_6月', '133'],
      ['3', '血压_基线', '未测'],
      ['3', '血压_3月', '128'],
    ]);
    expect(r.plan.notes).toContain('去掉了 2 个缺失的测量值。');
    expect(r.plan.notes.at(-1)).toContain('“收缩压”按文本保存');
  });

  it('refuses one measure, a variable both id and measure, and a new name already used', async () => {
    await expect(processCsv(method, AWKWARD_CSV, { measures: ['年龄'] })).rejects.toThrow('请至少选择 2 个“测量变量”');
    await expect(processCsv(method, AWKWARD_CSV, { ids: ['年龄'], measures: ['年龄', '体重'] })).rejects.toThrow('“年龄”不能既是标识变量又是测量变量');
    await expect(processCsv(method, AWKWARD_CSV, { measures: ['年龄', '体重'], keyName: '性别' })).rejects.toThrow('新变量名“性别”与已有变量重名');
    await expect(processCsv(method, AWKWARD_CSV, { measures: ['年龄', '体重'], keyName: '值', valueName: '值' })).rejects.toThrow('新变量名“值”与已有变量重名');
  });
});
