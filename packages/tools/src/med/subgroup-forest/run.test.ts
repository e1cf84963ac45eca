// Subgroup tool on its example (subgroup-trial) against R: r-fixture.R fits glm / coxph (Efron) / lm
// in every level with the covariates and compares the models with and without the interaction by
// anova(). Logistic and Cox are iterative fits (~1e-7 from R's fits to 1e-14 / 1e-12): 1e-6
// relative, P values 1e-5 (Wald P magnifies the SE error by about z²). Linear: QR, 1e-9.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'subgroup-trial')!.file);
const R = JSON.parse(readFileSync(new URL('./r-fixture.json', import.meta.url), 'utf8'));
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams, event: '是', exposureReference: '对照组', reference: '分期=I期,II期,III期; 性别=男; 糖尿病=否' };
const OUTCOMES: Record<string, Params> = {
  binary: {},
  survival: { outcomeType: 'survival', time: '随访时间(月)', status: '生存状态', event: '' },
  continuous: { outcomeType: 'continuous', score: '生活质量评分变化' },
};

for (const [type, extra] of Object.entries(OUTCOMES)) {
  describe(`亚组分析森林图 (${type}) agrees with R`, () => {
    const out = run(table, { ...example, ...extra });
    const ref = R[type] as Record<string, number>;
    it('every effect, CI, P, count and interaction test', () => {
      const linear = type === 'continuous';
      for (const [k, want] of Object.entries(ref)) {
        const got = out.results[k];
        expect(typeof got, k).toBe('number');
        const rel = k.startsWith('n.') || k.startsWith('interactionDf.') ? 0 : linear ? 1e-9 : k.startsWith('p') ? 1e-5 : 1e-6;
        expect(Math.abs((got as number) - want), `${k}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
      }
    });
    it('draws the forest plot with the overall row first and one heading per subgroup', () => {
      const chart = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart') as { option: { yAxis: Array<{ data?: string[] }> } };
      const labels = chart.option.yAxis[0]!.data!;
      expect(labels[0]).toContain('亚组');
      expect(labels[1]).toContain('总体');
      for (const s of ['年龄', '性别', '糖尿病', '分期', 'ECOG评分']) expect(labels.some((l) => l === `{b|${s}}`), s).toBe(true);
      const pCol = chart.option.yAxis[4]!.data!;
      expect(pCol.filter((p) => p !== '' && !p.includes('交互')).length).toBe(5);
    });
  });
}

describe('亚组分析森林图: inputs', () => {
  const refuses = (p: Params, msg: RegExp) => {
    expect(() => run(table, p)).toThrow(ToolInputError);
    expect(() => run(table, p)).toThrow(msg);
  };
  it('refuses a subgroup variable with one level, naming it', () => {
    const rows = table.rows;
    const one = { ...table, variables: [...table.variables, { ...table.variables[1]!, name: '中心', type: 'categorical' as const }], text: (n: string) => (n === '中心' ? Array.from({ length: rows }, () => 'A') : table.text(n)), numeric: table.numeric };
    expect(() => run(one, { ...example, subgroups: ['性别', '中心'] })).toThrow(/亚组变量“中心”在分析的行中只有一个水平/);
  });
  it('refuses the exposure as a subgroup, no subgroups, and an unknown reference', () => {
    refuses({ ...example, subgroups: ['治疗组'] }, /不能同时作为亚组变量/);
    refuses({ ...example, subgroups: [] }, /至少选择一个亚组变量/);
    refuses({ ...example, exposureReference: '安慰剂' }, /没有取值“安慰剂”/);
  });
  it('recognises 对照组 as the reference when none is given', () => {
    const out = run(table, { ...example, exposureReference: '' });
    expect(out.results.exposureReference).toBe('对照组');
    expect(out.results['estimate.总体']).toBe(run(table, example).results['estimate.总体']);
  });
  it('says where numeric subgroups were cut', () => {
    const out = run(table, example);
    expect(JSON.stringify(out.sections[0])).toContain('“年龄”按中位数 61 分为两组');
  });
});
