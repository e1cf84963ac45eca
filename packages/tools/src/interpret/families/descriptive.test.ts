// The descriptive explainers on second datasets: skewed data in descriptive statistics and in the
// normality test, and a Table 1 without tests and one without groups. Each explanation must follow
// the report's branch and every answer must use the report's numbers only.
import { normalQuantile } from '@labstat/stats';
import { describe, expect, it } from 'vitest';
import { columnsTable } from '../../small_process/test-data.js';
import { explain } from '../interpret.js';
import { checked, reportOnDefaults } from '../test-helpers.js';

const idx = Array.from({ length: 40 }, (_, i) => i + 1);
/** Right-skewed (exponential-like) values and a symmetric one. */
const skewed = idx.map((i) => Number(Math.exp(i / 8).toFixed(2)));
/** Normal scores: as close to a normal sample as 40 values get. */
const even = idx.map((i) => Number((50 + 5 * normalQuantile((i - 0.5) / 40)).toFixed(2)));
const group = idx.map((i) => (i % 2 === 0 ? '甲组' : '乙组'));
const sex = idx.map((i) => (i % 3 === 0 ? '女' : '男'));

describe('descriptive explainers', () => {
  it('描述性统计: a skewed variable is flagged for median (P25, P75)', () => {
    const report = reportOnDefaults('descriptive', columnsTable({ skewed, even }), { vars: ['skewed', 'even'], group: '' });
    const e = explain(report);
    expect(e.caveats.join('')).toMatch(/skewed的偏度或峰度绝对值大于 1/);
    expect(e.paper).toContain('偏态资料以中位数');
    expect(e.nonsignificant).toContain('不做假设检验');
    checked(report);
  });

  it('正态性检验: skewed data are read as non-normal and the paper line uses M (P25, P75)', () => {
    const report = reportOnDefaults('normality', columnsTable({ skewed, even }), { vars: ['skewed', 'even'], group: '' });
    const e = explain(report);
    expect(e.conclusion).toMatch(/skewed（W = [^）]+）偏离正态分布/);
    expect(e.paper).toContain('不服从正态分布');
    expect(e.nonsignificant).toContain('P < 0.05');
    checked(report);
  });

  it('基线特征表: tests switched off → SMD only, no P values', () => {
    const report = reportOnDefaults('baseline-table', columnsTable({ group, skewed, even, sex }), { group: 'group', vars: ['skewed', 'even', 'sex'], tests: false });
    const e = explain(report);
    expect(e.method).toContain('关闭了组间检验');
    expect(e.conclusion).toContain('SMD');
    expect(e.numbers.join('')).not.toMatch(/Mann-Whitney|t 检验|χ² 检验|Fisher/);
    expect(e.effect).toContain('SMD');
    checked(report);
  });

  it('基线特征表: grouped with tests names each variable’s test and why', () => {
    const report = reportOnDefaults('baseline-table', columnsTable({ group, skewed, even, sex }), { group: 'group', vars: ['skewed', 'even', 'sex'] });
    const e = explain(report);
    const text = e.numbers.join('\n');
    expect(text).toMatch(/skewed（M \(P25, P75\)）.*Mann-Whitney U 检验.*按偏态处理/);
    expect(text).toMatch(/sex（n \(%\)）.*(χ² 检验|Fisher 精确检验)/);
    expect(e.caveats.join('')).toContain('CONSORT');
    checked(report);
  });

  it('基线特征表: without a group it only describes', () => {
    const report = reportOnDefaults('baseline-table', columnsTable({ skewed, even, sex }), { group: '', vars: ['skewed', 'even', 'sex'] });
    const e = explain(report);
    expect(e.conclusion).toContain('不分组');
    expect(e.effect).toBeUndefined();
    checked(report);
  });
});
