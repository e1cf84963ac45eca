import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { method, parseLabels } from './method.js';

// 性别 coded 1/2 with a stray 3 and a missing cell, 血糖 text with 未测, like the awkward file.
const CODED = `编号,性别,血糖
1,1,5.6
2,2,未测
3,2,6.1
4,,5.0
5,3,NA
6,1,未测
`;

describe('值标签', () => {
  it('labels numeric codes into a new variable after the original, keeping codes without a label', async () => {
    const r = await processCsv(method, CODED, { var: '性别', labels: '1=男\n2=女\n9=未知' });
    expect(r.header).toEqual(['编号', '性别', '性别_标签', '血糖']);
    expect(r.rows.map((x) => x[2])).toEqual(['男', '女', '女', null, '3', '男']);
    expect(r.rows[1]).toEqual(['2', '2', '女', '未测']);
    expect(r.plan.notes).toEqual([
      '为“性别”的 3 个代码加上标签，生成新变量“性别_标签”，4 行已换成标签。',
      '另有 1 行（1 个代码，如“3”）没有对应的标签，保留原代码。',
      '“性别”缺失的 1 行，新变量也为缺失。',
      '代码“9”在数据中没有出现。',
    ]);
    expect(r.plan.tables![0]!.rows).toEqual([
      ['1', '男', 2],
      ['2', '女', 2],
      ['9', '未知', 0],
    ]);
  });

  it('labels text codes, with another separator and a chosen name', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '分组', labels: 'A＝对照组；B：试验组', name: '组别' });
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '组别', '就诊日期']);
    expect(r.rows.map((x) => x[6])).toEqual(['对照组', '试验组', '对照组', '试验组', '对照组', '试验组', '对照组', '试验组']);
    const t = await processCsv(method, CODED, { var: '血糖', labels: '未测=未检测' });
    expect(t.rows.map((x) => x[3])).toEqual(['5.6', '未检测', '6.1', '5.0', null, '未检测']);
  });

  it('reads the label text and refuses what it cannot read', () => {
    expect(parseLabels(' 1 = 男 , 2=女\n\n')).toEqual([
      { code: '1', label: '男' },
      { code: '2', label: '女' },
    ]);
    expect(() => parseLabels('')).toThrow('请填写“值标签”');
    expect(() => parseLabels('1=男\n2女')).toThrow('值标签“2女”缺少“=”');
    expect(() => parseLabels('1=男\n1=女')).toThrow('代码“1”的标签写了不止一次');
    expect(() => parseLabels('=男')).toThrow('代码和标签都不能为空');
  });

  it('refuses a non-number code for a numeric variable and a name already used', async () => {
    await expect(processCsv(method, CODED, { var: '性别', labels: 'M=男' })).rejects.toThrow('“性别”是数值变量，代码“M”不是数字');
    await expect(processCsv(method, CODED, { var: '性别', labels: '1=男', name: '血糖' })).rejects.toThrow('新变量名“血糖”与已有变量重名');
    await expect(processCsv(method, CODED, { var: '性别' })).rejects.toThrow('请填写“值标签”');
  });
});
