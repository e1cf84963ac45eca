import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';
import fixture from './r-fixture.json' with { type: 'json' };

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'sankey')!.file);
const stages = ['治疗方案', '最佳疗效', '十二个月状态'];
const params = { stages, weight: '', missing: 'exclude', order: '' };
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
type Out = ReturnType<typeof run>;
const tableOf = (out: Out, prefix: string) => out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith(prefix)) as { rows: Array<Array<string | number | null>> };
const sankeyOf = (out: Out) => {
  const chart = out.sections[0]!.blocks[0]!;
  if (chart.type !== 'chart') throw new Error('chart expected');
  return (chart.option as { series: Array<{ type: string; data: Array<{ name: string; depth: number }>; links: Array<{ source: string; target: string; value: number }> }> }).series[0]!;
};

/** A DataTable of text columns and an optional numeric column, for the weighted case. */
function tableFrom(cols: Record<string, Array<string | null>>, numeric: Record<string, Array<number | null>> = {}): DataTable {
  const names = [...Object.keys(cols), ...Object.keys(numeric)];
  const rows = (Object.values(cols)[0] ?? Object.values(numeric)[0] ?? []).length;
  const variables: VariableInfo[] = names.map((name) => ({ name, type: name in numeric ? 'numeric' : 'categorical', valid: rows, missing: 0, distinct: 0, min: null, max: null, mean: null, levels: [] }));
  return { rows, variables, text: (n) => cols[n] ?? numeric[n]!.map((v) => (v === null ? null : String(v))), numeric: (n) => numeric[n] ?? cols[n]!.map(() => null) };
}

// Reference values: r-fixture.R (table() of adjacent stages, chisq.test with R's defaults).
describe('桑基图 on the example, against R', () => {
  it('counts every stage and every flow as R table() does', () => {
    const out = run(table, params);
    expect(out.results.n).toBe(fixture.n);
    expect(out.results.excluded).toBe(table.rows - fixture.n);
    stages.forEach((s, k) => {
      for (const [level, n] of Object.entries(fixture.counts[k]!)) expect(out.results[`count.${s}.${level}`], `${s}.${level}`).toBe(n);
    });
    const flows = fixture.flows.map((f) => [`${stages[f.stage - 1]} → ${stages[f.stage]}`, f.from, f.to, f.count]);
    expect(tableOf(out, '表2').rows.map((r) => r.slice(0, 4))).toEqual(flows);
    // The chart draws the same flows, nodes in the order of first appearance, one column per stage.
    const s = sankeyOf(out);
    expect(s.type).toBe('sankey');
    expect(s.links.map((l) => [l.source, l.target, l.value])).toEqual(fixture.flows.map((f) => [f.from, f.to, f.count]));
    expect(s.data.map((d) => d.name)).toEqual(Object.values(fixture.levels).flat());
    expect(s.data.map((d) => d.depth)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
  });

  it('tests adjacent stages as chisq.test', () => {
    const out = run(table, params);
    fixture.tests.forEach((t, k) => {
      close(out.results[`statistic.${k + 1}`], t.statistic);
      expect(out.results[`df.${k + 1}`]).toBe(t.df);
      close(out.results[`p.${k + 1}`], t.p, 1e-7);
      close(out.results[`cramersV.${k + 1}`], t.cramersV);
    });
    expect(out.results.topFlowFrom).toBe('客观缓解');
    expect(out.results.topFlowTo).toBe('无进展生存');
  });

  it('gives the same flows from a frequency table (weighted rows)', () => {
    const cells = fixture.flows.filter((f) => f.stage === 2);
    const w = tableFrom({ 疗效: cells.map((c) => c.from), 状态: cells.map((c) => c.to) }, { 人数: cells.map((c) => c.count) });
    const out = run(w, { stages: ['疗效', '状态'], weight: '人数', missing: 'exclude', order: '' });
    expect(out.results.n).toBe(fixture.n);
    close(out.results['statistic.1'], fixture.tests[1]!.statistic);
    close(out.results['p.1'], fixture.tests[1]!.p, 1e-7);
  });

  it('keeps missing values as their own category and follows the given order', () => {
    const out = run(table, { ...params, missing: 'category', order: '疾病进展, 死亡' });
    expect(out.results.n).toBe(table.rows);
    const names = sankeyOf(out).data.map((d) => d.name);
    // “缺失” occurs in two stages, so its nodes carry the stage name.
    expect(names).toContain('缺失（最佳疗效）');
    expect(names).toContain('缺失（十二个月状态）');
    expect(names.slice(3, 7)).toEqual(['疾病进展', '客观缓解', '疾病稳定', '缺失（最佳疗效）']);
    expect(names[7]).toBe('死亡');
    expect(names.at(-1)).toBe('缺失（十二个月状态）');
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...params, stages: ['治疗方案'] })).toThrow('请按先后顺序选择 2–4 个阶段变量');
    expect(() => run(table, { ...params, stages: ['治疗方案', '不存在'] })).toThrow('数据中没有变量“不存在”');
    expect(() => run(table, { ...params, stages: ['治疗方案', '治疗方案'] })).toThrow('同一列被选择了两次');
    expect(() => run(table, { ...params, stages: ['患者编号', '治疗方案'] })).toThrow('每个阶段最多 20 个');
    expect(() => run(table, { ...params, stages: ['性别', '治疗方案', '最佳疗效', '十二个月状态', 'PD-L1表达'] })).toThrow('最多 4 个阶段');
    const neg = tableFrom({ a: ['x', 'y'], b: ['u', 'v'] }, { n: [3, -1] });
    expect(() => run(neg, { stages: ['a', 'b'], weight: 'n' })).toThrow('频数须为非负数');
  });
});
