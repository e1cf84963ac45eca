// Nomogram tool on the example against R: reference/nomogram-validation.R prints the numbers
// checked here (rms lrm/cph and nomogram, cph(surv = TRUE) survival at 12/24/36 months). lrm with
// its default tolerance stops a little before our IRLS, so logistic numbers are checked at 1e-6
// relative (1e-5 for the two coefficients nearest 0); cph is run there with eps = 1e-12 and the Cox
// numbers are checked at 1e-8 (coefficients) and 1e-9 (centre, baseline survival); rms places the survival marks by
// interpolating on a 1000-point grid and the table rounds points to 0.1, so those are checked to 0.06.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'prediction-model')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams, reference: '性别=女; 糖尿病=否; 肿瘤分期=I期,II期,III期' };
const survival: Params = { ...defaults, outcomeType: 'survival', time: '随访时间(月)', status: '生存结局', x: ['年龄', '白蛋白(g/L)', 'NLR'], factors: ['肿瘤分期'], reference: '肿瘤分期=I期,II期,III期', times: '12, 24, 36' };
const close = (got: unknown, want: number, label: string, rel = 1e-6) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};
const blocks = (r: ReturnType<typeof run>) => r.sections.flatMap((s) => s.blocks);
const tableOf = (r: ReturnType<typeof run>, prefix: string) => blocks(r).find((b): b is Extract<typeof b, { type: 'table' }> => b.type === 'table' && b.title.startsWith(prefix))!;

describe('列线图 Nomogram', () => {
  it('logistic model on the example matches rms::lrm and rms::nomogram', () => {
    const r = run(table, example);
    const res = r.results;
    expect(res.n).toBe(296);
    expect(res.events).toBe(90);
    expect(res.excluded).toBe(4);
    close(res['estimate.(Intercept)'], -2.1165558758925131, 'b0', 1e-5);
    close(res['estimate.年龄'], 0.0637791686340886, '年龄');
    close(res['estimate.白蛋白(g/L)'], -0.1224833572172918, '白蛋白');
    close(res['estimate.C反应蛋白(mg/L)'], 0.0724004754063362, 'CRP');
    close(res['estimate.NLR'], 0.1801382733845948, 'NLR');
    close(res['estimate.性别男'], 0.6448222213323103, '性别');
    close(res['estimate.糖尿病是'], 0.6938683857995014, '糖尿病');
    close(res['estimate.肿瘤分期II期'], -0.1688299612060831, 'II', 1e-5);
    close(res['estimate.肿瘤分期III期'], 0.820599175950061, 'III');
    close(res.pointsPerUnit, 26.1318343020211, 'sc');
    close(res.lpAtZeroPoints, -6.98611206780969, 'Intercept');
    expect(res.totalPointsMax).toBe(260);
    close(res['maxPoints.肿瘤分期'], 25.85559826575609, '肿瘤分期 points');
    const points = tableOf(r, '表3').rows;
    // rms: 肿瘤分期 I期 4.41, II期 0, III期 25.86 points; the table rounds to 0.1.
    expect(points.find((row) => row[1] === 'I期')![2]).toBe(4.4);
    expect(points.find((row) => row[1] === 'II期')![2]).toBe(0);
    const risk = tableOf(r, '表4').rows;
    // rms: risk 0.1, 0.5, 0.9 at 125.14, 182.56, 239.98 total points.
    expect(Math.abs(Number(risk.find((row) => row[1] === 0.5)![2]) - 182.559922971353)).toBeLessThan(0.06);
    expect(Math.abs(Number(risk.find((row) => row[1] === 0.9)![2]) - 239.977561677969)).toBeLessThan(0.06);
    const calc = blocks(r).find((b) => b.type === 'calculator');
    expect(calc && calc.type === 'calculator' && calc.model.kind).toBe('logistic');
    if (calc?.type === 'calculator') {
      close(calc.model.intercept, -2.1165558758925131, 'calculator intercept', 1e-5);
      expect(calc.model.inputs.map((i) => i.name)).toEqual(['年龄', '白蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR', '性别', '糖尿病', '肿瘤分期']);
    }
    expect(blocks(r).some((b) => b.type === 'chart' && b.title.startsWith('图2'))).toBe(true);
  });

  it('Cox model: baseline survival at the centre and the survival axes match rms::cph and nomogram', () => {
    const r = run(table, survival);
    const res = r.results;
    expect(res.model).toBe('cox');
    expect(res.n).toBe(297);
    expect(res.events).toBe(111);
    close(res['estimate.年龄'], 0.0624823846747897, '年龄', 1e-8);
    close(res['estimate.肿瘤分期III期'], 1.5721326815369598, 'III', 1e-8);
    close(res.centre, 3.5849483545492, 'centre', 1e-9);
    close(res['baselineSurvival.12'], 0.904662854278431, 'S12', 1e-9);
    close(res['baselineSurvival.24'], 0.796118942814845, 'S24', 1e-9);
    close(res['baselineSurvival.36'], 0.661302036485267, 'S36', 1e-9);
    close(res.pointsPerUnit, 26.6741846576661, 'sc', 1e-8);
    close(res.lpAtZeroPoints, -3.5229857131665, 'Intercept', 1e-8);
    expect(res.totalPointsMax).toBe(180);
    const s36 = tableOf(r, '表4').rows.filter((row) => String(row[0]).startsWith('36 月'));
    const at = (p: number) => Number(s36.find((row) => row[1] === p)![2]);
    // rms: S36 = 0.2, 0.5, 0.8 at 130.22, 107.75, 77.52 points (the table rounds to 0.1).
    expect(Math.abs(at(0.2) - 130.2196702361751)).toBeLessThan(0.06);
    expect(Math.abs(at(0.5) - 107.7493568316189)).toBeLessThan(0.06);
    expect(Math.abs(at(0.8) - 77.5160732363298)).toBeLessThan(0.06);
    const calc = blocks(r).find((b) => b.type === 'calculator');
    if (calc?.type !== 'calculator') throw new Error('no calculator');
    expect(calc.model.baseline!.map((b) => b.time)).toEqual([12, 24, 36]);
    close(calc.model.centre, 3.5849483545492, 'calculator centre', 1e-9);
  });

  it('picks survival times inside the follow-up when none are given, and drops times past it', () => {
    const auto = run(table, { ...survival, times: '' });
    expect(String(auto.results.times).split('、').length).toBeGreaterThan(0);
    const late = run(table, { ...survival, times: '12, 60' });
    expect(auto.sections.length).toBe(late.sections.length);
    expect(late.results.times).toBe('12');
    expect(JSON.stringify(late.sections.at(-1))).toContain('超过最长随访时间');
  });

  it('refuses bad inputs with Chinese messages naming the problem', () => {
    const refuse = (p: Params, re: RegExp) => {
      try {
        run(table, p);
      } catch (e) {
        expect(e).toBeInstanceOf(ToolInputError);
        expect((e as Error).message).toMatch(re);
        return;
      }
      throw new Error('not refused');
    };
    refuse({ ...example, x: [], factors: [] }, /至少选择一个预测变量/);
    refuse({ ...example, y: '' }, /结局变量/);
    refuse({ ...example, y: '编号' }, /二分类/);
    refuse({ ...survival, times: '60, 72' }, /超过最长随访时间/);
    // 20 rows, 6 parameters: at most 10 in the smaller outcome class, EPV < 2.
    const head: DataTable = { ...table, rows: 20, numeric: (n) => table.numeric(n).slice(0, 20), text: (n) => table.text(n).slice(0, 20) };
    expect(() => run(head, example)).toThrow(/EPV/);
    const oneSex: DataTable = { ...table, text: (n) => (n === '性别' ? table.text(n).map(() => '男') : table.text(n)) };
    expect(() => run(oneSex, { ...example, reference: '' })).toThrow(/“性别”.*只有一个类别/);
    const flatNlr: DataTable = { ...table, numeric: (n) => (n === 'NLR' ? table.numeric(n).map(() => 5) : table.numeric(n)) };
    expect(() => run(flatNlr, example)).toThrow(/“NLR”.*恒定/);
  });
});
