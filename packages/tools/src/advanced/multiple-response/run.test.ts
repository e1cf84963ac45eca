// Multiple response tool on the example (示例数据_健康信息调查.csv) against R: reference/advanced-x2.R
// counts the six 渠道_ columns as SPSS MULT RESPONSE (cases with at least one channel) and runs
// chisq.test(correct = FALSE) of each channel by 年龄组. Tolerances: counts exact, percentages and χ²
// 1e-9 relative through results, printed column percentages at half a unit of their last digit.
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError, type DataTable } from '../../tool.js';
import { closeTo, exampleSetup, readReference } from '../run-test-setup.js';
import { CHANNELS_EXAMPLE, definition } from './definition.js';
import { optionLabels, run } from './run.js';

const R = readReference('advanced-x2.json').mr;
// The age groups in their natural order, as in the R reference (the example keeps first-appearance order).
const { table, example } = exampleSetup(definition, { groupOrder: '18-34岁, 35-49岁, 50-64岁, 65岁及以上' });
const close = closeTo(1e-9, 1e-12);
const textCols = (base: DataTable, map: (v: string | null) => string | null): DataTable => ({
  ...base,
  text: (n) => (CHANNELS_EXAMPLE.includes(n) ? base.text(n).map(map) : base.text(n)),
});

describe('multiple response tool on the survey example', () => {
  const out = run(table, example);

  it('frequencies equal the R counts (responses %, cases %)', () => {
    expect(out.results.n).toBe(R.valid);
    expect(out.results.excluded).toBe(R.excluded);
    expect(out.results.noneChosen).toBe(R.none);
    expect(out.results.responses).toBe(R.responses);
    R.count.forEach((c: number, j: number) => {
      expect(out.results[`count.${j + 1}`]).toBe(c);
      close(out.results[`responsesPct.${j + 1}`], R.respPct[j], `responses % ${j}`);
      close(out.results[`casesPct.${j + 1}`], R.casePct[j], `cases % ${j}`);
    });
  });

  it('cross-tab column percentages and the χ² per channel equal chisq.test', () => {
    R.chisq.forEach((v: number, j: number) => {
      close(out.results[`chi2.${j + 1}`], v, `χ² ${j}`);
      close(out.results[`p.${j + 1}`], R.p[j], `P ${j}`);
    });
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith('表2'));
    if (t?.type !== 'table') throw new Error('no 表2');
    expect(t.columns.slice(1, 5)).toEqual(['18-34岁', '35-49岁', '50-64岁', '65岁及以上']);
    expect(t.rows[0]![0]).toBe('电视');
    t.rows.slice(0, 6).forEach((row, j) =>
      R.colpct[j].forEach((pct: number, k: number) => close(Number(/（([\d.]+)%）/.exec(String(row[k + 1]))![1]), pct, `col % ${j},${k}`, 0, 0.05)),
    );
    expect(out.results.significantOptions).toBe(R.p.filter((p: number) => p < 0.05).length);
    expect(out.sections.flatMap((s) => s.blocks).filter((b) => b.type === 'chart').length).toBe(2);
  });

  it('是/否 coding, a given chosen value and the all-respondents base', () => {
    const yes = run(textCols(table, (v) => (v === '1' ? '是' : v === '0' ? '否' : v)), example);
    expect(yes.results.responses).toBe(R.responses);
    const two = run(textCols(table, (v) => (v === '1' ? '2' : v)), { ...example, chosen: '2' });
    expect(two.results['count.2']).toBe(R.count[1]);
    const all = run(table, { ...example, base: 'all', group: '' });
    expect(all.results.n).toBe(R.complete);
    close(all.results['casesPct.1'], (100 * R.count[0]) / R.complete, 'cases % on all');
    expect(optionLabels(['渠道_电视', '渠道_网络'])).toEqual(['电视', '网络']);
    expect(optionLabels(['电视', '网络'])).toEqual(['电视', '网络']);
    expect(rScript('multiple-response', example, 'data.csv')).toContain('chisq.test');
  });

  it('bad input becomes a Chinese ToolInputError naming the column', () => {
    expect(() => run(table, { ...example, vars: ['渠道_电视'] })).toThrow(ToolInputError);
    expect(() => run(textCols(table, (v) => (v === '1' ? '2' : v)), example)).toThrow(/“渠道_电视”第 \d+ 行的值“2”/);
    expect(() => run(table, { ...example, group: '编号', groupOrder: '' })).toThrow(/“编号”有 \d+ 个类别/);
    expect(() => run(textCols(table, (v) => (v === null ? v : '0')), example)).toThrow(/没有任何“选中”/);
  });
});
