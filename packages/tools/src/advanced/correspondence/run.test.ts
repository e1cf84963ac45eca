// Correspondence analysis tool on the example (示例数据_健康信息调查.csv) against R:
// reference/advanced-x2.R runs ca::ca on 年龄组 × 首选就医机构 and writes reference/advanced-x2.json.
// Tolerances: 1e-9 relative for inertias and χ² (exact through results); table cells are rounded
// (coordinates 3 decimals, contributions 1 decimal in %), compared at half a unit of the last digit.
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError } from '../../tool.js';
import { closeTo, exampleSetup, readReference, tableOf } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

const R = readReference('advanced-x2.json').ca;
// The age groups in their natural order, as in the R reference (the example keeps first-appearance order).
const { table, defaults, example } = exampleSetup(definition, { rowOrder: '18-34岁, 35-49岁, 50-64岁, 65岁及以上' });
const close = closeTo(1e-9, 1e-12);
const blocks = (out: ReturnType<typeof run>) => out.sections.flatMap((s) => s.blocks);

describe('correspondence analysis tool on the survey example', () => {
  const out = run(table, example);

  it('χ², inertias and their percentages equal ca::ca', () => {
    expect(out.results.n).toBe(R.n);
    expect(out.results.excluded).toBe(R.excluded);
    expect(out.results.dims).toBe(3);
    close(out.results.chiSquare, R.chisq, 'χ²');
    expect(out.results.df).toBe(R.df);
    close(out.results.pValue, R.p, 'P');
    const total = R.eig.reduce((s: number, v: number) => s + v, 0);
    close(out.results.totalInertia, total, 'total inertia');
    R.eig.forEach((v: number, k: number) => {
      close(out.results[`inertia.${k + 1}`], v, `inertia ${k + 1}`);
      close(out.results[`proportion.${k + 1}`], (100 * v) / total, `proportion ${k + 1}`);
    });
  });

  it('row and column tables: masses, principal coordinates, contributions and cos² equal ca::ca', () => {
    const rows = tableOf(out, '表3');
    expect(rows.rows.map((r) => r[0])).toEqual(['18-34岁', '35-49岁', '50-64岁', '65岁及以上']);
    rows.rows.forEach((row, i) => {
      close(row[1], R.rowmass[i], `row mass ${i}`, 0, 5e-4);
      for (let k = 0; k < 2; k++) {
        close(row[3 + k], R.rowpc[i][k], `row coord ${i},${k}`, 0, 5e-4);
        close(row[5 + k], 100 * R.rowctr[i][k], `row ctr ${i},${k}`, 0, 0.05);
      }
    });
    const cols = tableOf(out, '表4');
    expect(cols.rows.map((r) => r[0])).toEqual(R.cols);
    cols.rows.forEach((row, j) => {
      close(row[1], R.colmass[j], `col mass ${j}`, 0, 5e-4);
      for (let k = 0; k < 2; k++) {
        close(row[3 + k], R.colpc[j][k], `col coord ${j},${k}`, 0, 5e-4);
        close(row[7 + k], R.colcos2[j][k], `col cos2 ${j},${k}`, 0, 5e-4);
      }
    });
    const chart = blocks(out).find((b) => b.type === 'chart');
    expect(chart?.title).toContain('对称图');
    const conclusion = blocks(out).filter((b) => b.type === 'text').map((b) => (b.type === 'text' ? b.markdown : '')).join('');
    expect(conclusion).toContain('“65岁及以上”靠近“社区卫生服务中心”');
    expect(tableOf(out, '表1').footnotes.join('')).toContain('2 行因');
    expect(tableOf(out, '表1').rows.at(-1)!.at(-1)).toBe(R.n);
  });

  it('a 2-level variable gives one dimension and no map; R code runs ca', () => {
    const two = run(table, { ...defaults, row: '年龄组', col: '渠道_网络' });
    expect(two.results.dims).toBe(1);
    expect(blocks(two).some((b) => b.type === 'chart')).toBe(false);
    expect(rScript('correspondence', example, 'data.csv')).toContain('ca(tab)');
  });

  it('bad input becomes a Chinese ToolInputError naming the column', () => {
    expect(() => run(table, { ...defaults, row: '年龄组', col: '年龄组' })).toThrow(ToolInputError);
    expect(() => run(table, { ...defaults, row: '年龄组', col: '编号' })).toThrow(/编号/);
    const one = { ...table, text: (n: string) => (n === '文化程度' ? table.text(n).map(() => '高中/中专') : table.text(n)) };
    expect(() => run(one, { ...defaults, row: '年龄组', col: '文化程度' })).toThrow(/“文化程度”至少需要 2 个类别/);
  });
});
