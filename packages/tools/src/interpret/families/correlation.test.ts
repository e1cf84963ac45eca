// The correlation explainers on second datasets: a Spearman matrix, the guided flow choosing
// Spearman for a skewed variable, and a scatter plot without its line. Each explanation must follow
// the report's branch and every answer must use the report's numbers only.
import { describe, expect, it } from 'vitest';
import { columnsTable } from '../../small_process/test-data.js';
import { explain } from '../interpret.js';
import { checked, reportOnDefaults } from '../test-helpers.js';

// Deterministic data: a skewed x (cubes) and a y that rises with it, plus an unrelated z.
const idx = Array.from({ length: 30 }, (_, i) => i + 1);
const x = idx.map((i) => i ** 3);
const y = idx.map((i) => 2 * i + ((i * 7) % 5));
const z = idx.map((i) => (i * 13) % 11);

describe('correlation explainers', () => {
  it('相关分析: three variables with Spearman give a matrix reading', () => {
    const report = reportOnDefaults('correlation', columnsTable({ x, y, z }), { vars: ['x', 'y', 'z'], method: 'spearman' });
    const e = explain(report);
    expect(e.method).toContain('Spearman 秩相关');
    expect(e.method).toContain('两两');
    expect(e.conclusion).toContain('x与y');
    expect(e.caveats.join('')).toContain('成对删除');
    checked(report);
  });

  it('相关分析: an unrelated pair is read as non-significant', () => {
    const report = reportOnDefaults('correlation', columnsTable({ y: y.slice(0, 20), z: z.slice(0, 20) }), { vars: ['y', 'z'], method: 'pearson' });
    const e = explain(report);
    expect(e.conclusion).toContain('未发现');
    expect(e.caveats.join('')).toContain('n < 30');
    checked(report);
  });

  it('相关分析 flow: a skewed variable sends the flow to Spearman and the path says why', () => {
    const report = reportOnDefaults('flow-correlation', columnsTable({ x, y }), { x: 'x', y: 'y' });
    expect(report.results.chosenTest).toBe('spearman');
    const e = explain(report);
    expect(e.method).toContain('引导流程');
    expect(e.method).toContain('改用 Spearman 秩相关');
    expect(e.method).toMatch(/x.*偏离正态/);
    expect(e.caveats.join('')).toContain('单调关系');
    checked(report);
  });

  it('散点图: no line drawn and no groups', () => {
    const report = reportOnDefaults('scatter', columnsTable({ y, z }), { x: 'y', y: 'z', fit: false });
    const e = explain(report);
    expect(e.caveats.join('')).toContain('未显示拟合线');
    expect(e.caveats.join('')).not.toContain('着色');
    expect(e.method).not.toContain('置信带');
    checked(report);
  });
});
