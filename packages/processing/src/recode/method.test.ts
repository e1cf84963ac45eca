import { describe, expect, it } from 'vitest';
import { AWKWARD_CSV, processCsv } from '../test-helpers.js';
import { parseMapping } from './mapping.js';
import { method } from './method.js';

const col = (r: { header: string[]; rows: Array<Array<string | null>> }, name: string) => r.rows.map((x) => x[r.header.indexOf(name)]);

describe('重新编码', () => {
  it('recodes text into a new variable, keeping missing values missing', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '性别', mapping: '男=1\n女 = 2' });
    expect(r.header.at(-1)).toBe('性别_编码');
    expect(col(r, '性别_编码')).toEqual(['1', '2', '2', '1', null, '2', '1', '2']);
    expect(col(r, '性别')[0]).toBe('男');
    expect(r.plan.tables![0]!.rows).toEqual([['男', '1', 3], ['女', '2', 4]]);
    expect(r.plan.notes.join('')).toContain('“性别”的 7 个单元格重新编码');
    expect(r.plan.notes.join('')).toContain('原有的 1 个缺失值保持缺失');
  });

  it('matches numbers in a numeric column and overwrites it, unmapped values set missing', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '年龄', mapping: '34=青年；61.0=老年；99=未知', target: 'same', unmapped: 'missing' });
    expect(r.header).toEqual(['编号', '性别', '年龄', '血糖', '体重', '分组', '就诊日期']);
    expect(col(r, '年龄')).toEqual(['青年', null, null, null, '老年', null, null, null]);
    const notes = r.plan.notes.join('');
    expect(notes).toContain('未列出的 5 个单元格设为缺失');
    expect(notes).toContain('旧值“99”在数据中没有出现');
  });

  it('keeps unmapped values as typed (text 未测 and numbers without .0) and maps a value to missing', async () => {
    const r = await processCsv(method, AWKWARD_CSV, { var: '血糖', mapping: '未测=', newName: '血糖2' });
    expect(col(r, '血糖2')).toEqual(['5.6', '6.1', null, '7.8', '5.2', '6.6', null, '5.9']);
    const w = await processCsv(method, AWKWARD_CSV, { var: '编号', mapping: '1=一', newName: 'n' });
    expect(col(w, 'n')).toEqual(['一', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('parses the table safely and refuses bad input in Chinese', async () => {
    expect(parseMapping("a'b=1\n\n x = y=z ")).toEqual([{ line: 1, from: "a'b", to: '1' }, { line: 3, from: 'x', to: 'y=z' }]);
    expect(() => parseMapping('男1')).toThrow('缺少“=”');
    expect(() => parseMapping('=1')).toThrow('缺少旧值');
    expect(() => parseMapping('a=1\na=2')).toThrow('出现了不止一次');
    expect(() => parseMapping(' \n ')).toThrow('请填写对照表');
    await expect(processCsv(method, AWKWARD_CSV, { var: '年龄', mapping: '青年=1' })).rejects.toThrow('“年龄”是数值变量，对照表中的旧值“青年”不是数字');
    await expect(processCsv(method, AWKWARD_CSV, { var: '性别', mapping: '男=1', newName: '年龄' })).rejects.toThrow('新变量名“年龄”与已有变量重名');
    // A quote in a value stays a value.
    const q = await processCsv(method, AWKWARD_CSV, { var: '分组', mapping: "A=it's\nB=\") OR 1=1 --" });
    expect(col(q, '分组_编码').slice(0, 2)).toEqual(["it's", '") OR 1=1 --']);
  });
});
