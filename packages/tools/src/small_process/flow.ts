// Pieces the guided flows (小流程工具) share: the decision-path chart, the normality check that
// steers a flow, and embedding the chosen test's report (its run function) under the flow's steps.
// A flow never recomputes a test itself: the numbers come from the med tool it chose.
import type { ReportBlock, ReportSection } from '@labstat/contracts';
import { shapiroWilk, StatsError, type NormalityResult } from '@labstat/stats';
import { PALETTE } from '../charts.js';
import { formatP, num } from '../report-helpers.js';
import type { FieldSpec, Params, ToolOutput } from '../tool.js';

/** The significance level of the assumption checks that steer a flow. */
export const checkAlphaField = (): FieldSpec => ({
  filed: 'checkAlpha',
  name: '前提检验的检验水准 α',
  type: 'input_number',
  value: 0.05,
  props: { min: 0.001, max: 0.2, step: 0.01 },
  tips: '正态性、方差齐性等前提检验的 P 值小于该水准时判为不满足前提（默认 0.05）。',
});

export const checkAlphaOf = (params: Params): number => (typeof params.checkAlpha === 'number' && params.checkAlpha > 0 && params.checkAlpha < 1 ? params.checkAlpha : 0.05);

/** “P = 0.123” / “P < 0.001” in a step sentence. */
export const pText = (p: number): string => (p < 0.001 ? 'P < 0.001' : `P = ${p.toFixed(3)}`);

/** Shapiro–Wilk on one sample, with what the flow concludes from it. */
export interface NormalityCheck {
  name: string;
  n: number;
  test: NormalityResult | null;
  /** normal / nonNormal by the test; small (n < 3) and constant cannot be tested; large (n > 5000) is taken as normal. */
  verdict: 'normal' | 'nonNormal' | 'small' | 'constant' | 'large';
}

/** Shapiro–Wilk of each sample at level `alpha`. */
export function normalityChecks(samples: ReadonlyArray<{ name: string; values: readonly number[] }>, alpha: number): NormalityCheck[] {
  return samples.map(({ name, values }) => {
    const n = values.length;
    if (n < 3) return { name, n, test: null, verdict: 'small' };
    if (n > 5000) return { name, n, test: null, verdict: 'large' };
    try {
      const test = shapiroWilk(values);
      return { name, n, test, verdict: test.pValue < alpha ? 'nonNormal' : 'normal' };
    } catch (err) {
      if (err instanceof StatsError) return { name, n, test: null, verdict: 'constant' };
      throw err;
    }
  });
}

/** Whether every sample counts as normal. */
export const allNormal = (checks: readonly NormalityCheck[]): boolean => checks.every((c) => c.verdict === 'normal' || c.verdict === 'large');

/** One clause per sample: “对照组 W = 0.974，P = 0.173”. */
export function normalityClause(checks: readonly NormalityCheck[]): string {
  return checks
    .map((c) =>
      c.test
        ? `${c.name}（n = ${c.n}）W = ${num(c.test.statistic, 4)}，${pText(c.test.pValue)}`
        : c.verdict === 'small'
          ? `${c.name}仅 ${c.n} 例，无法检验正态性`
          : c.verdict === 'large'
            ? `${c.name}样本量 ${c.n} 超过 5000，Shapiro-Wilk 不适用，按中心极限定理视为近似正态`
            : `${c.name}的数值全部相同，无法检验正态性`,
    )
    .join('；');
}

/** Why the normality step failed, for the step sentence. */
export function nonNormalReason(checks: readonly NormalityCheck[], alpha: number): string {
  const bad = checks.filter((c) => c.verdict === 'nonNormal').map((c) => c.name);
  const untestable = checks.filter((c) => c.verdict === 'small' || c.verdict === 'constant').map((c) => c.name);
  const parts: string[] = [];
  if (bad.length > 0) parts.push(`${bad.join('、')}的 P < ${alpha}，偏离正态分布`);
  if (untestable.length > 0) parts.push(`${untestable.join('、')}无法确认正态性`);
  return parts.join('；');
}

/** Rows of the assumption table for the normality checks: [检验, 统计量, P, 判断]. */
export function normalityRows(checks: readonly NormalityCheck[], label = (c: NormalityCheck) => c.name): Array<Array<string | number | null>> {
  return checks.map((c) => [
    `Shapiro-Wilk 正态性（${label(c)}）`,
    num(c.test?.statistic, 4),
    c.test ? formatP(c.test.pValue) : '—',
    c.verdict === 'normal' ? '未见偏离正态' : c.verdict === 'nonNormal' ? '偏离正态' : c.verdict === 'large' ? '样本量大，视为近似正态' : c.verdict === 'small' ? '样本量不足，无法检验' : '数值全部相同',
  ]);
}

/** The Shapiro–Wilk P of each sample as results (`shapiroP.<name>`), null where untested. */
export function normalityResults(checks: readonly NormalityCheck[], prefix = 'shapiroP'): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const c of checks) out[`${prefix}.${c.name}`] = c.test ? c.test.pValue : null;
  return out;
}

/** A box of the decision chart: a question (diamond), the data at the start, or a test to end on. */
export interface FlowNode {
  id: string;
  label: string;
  kind: 'start' | 'check' | 'test';
  /** Grid position: column (may be fractional) and row from the top. */
  x: number;
  y: number;
}
export interface FlowLink {
  from: string;
  to: string;
  label?: string;
}

const CHOSEN = PALETTE[0]!;
const IDLE = '#C0C4CC';

/**
 * The decision path as an ECharts graph: every branch drawn, the path taken (`path`, node ids from
 * the start to the chosen test) filled and drawn bold, the others grey and dashed.
 */
export function flowChart(title: string, nodes: readonly FlowNode[], links: readonly FlowLink[], path: readonly string[]): ReportBlock {
  const on = new Set(path);
  const chosenTest = path[path.length - 1];
  const onPath = (l: FlowLink) => path.some((id, i) => id === l.from && path[i + 1] === l.to);
  const size = (n: FlowNode): [number, number] => (n.kind === 'check' ? [190, 64] : [170, 44]);
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      series: [
        {
          type: 'graph',
          layout: 'none',
          roam: false,
          // Node centres are fitted into this box; the margins leave room for the boxes themselves.
          left: 100,
          right: 100,
          top: 45,
          bottom: 45,
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: 9,
          data: nodes.map((n) => {
            const taken = on.has(n.id);
            const final = n.id === chosenTest;
            return {
              name: n.id,
              x: n.x * 220,
              y: n.y * 110,
              symbol: n.kind === 'check' ? 'diamond' : n.kind === 'start' ? 'roundRect' : 'rect',
              symbolSize: size(n),
              itemStyle: {
                color: final ? CHOSEN : taken ? '#ECF5FF' : '#F5F7FA',
                borderColor: taken ? CHOSEN : IDLE,
                borderWidth: taken ? 2 : 1,
              },
              label: {
                show: true,
                formatter: n.label,
                color: final ? '#FFFFFF' : taken ? '#303133' : '#909399',
                fontSize: 12,
                fontWeight: final ? 'bold' : 'normal',
                lineHeight: 16,
              },
            };
          }),
          links: links.map((l) => {
            const taken = onPath(l);
            return {
              source: l.from,
              target: l.to,
              lineStyle: { color: taken ? CHOSEN : IDLE, width: taken ? 3 : 1, type: taken ? 'solid' : 'dashed', opacity: 1 },
              label: { show: Boolean(l.label), formatter: l.label ?? '', color: taken ? CHOSEN : '#909399', fontSize: 12, fontWeight: taken ? 'bold' : 'normal' },
            };
          }),
        },
      ],
    },
  };
}

/**
 * The sections of the chosen test's own report, without those the flow shows itself (its
 * assumption checks, and its conclusion when the flow words its own).
 */
export function chosenSections(out: ToolOutput, drop: readonly string[]): ReportSection[] {
  return out.sections.filter((s) => !drop.includes(s.title));
}

/** The missing-rows footnote, or none. */
export const excludedNote = (excluded: number, what: string): string[] => (excluded > 0 ? [`${excluded} 行因${what}缺失未纳入分析（列表删除）。`] : []);

/** Step numbers in Chinese, as the report's sentences use them. */
export const STEP = ['第一步', '第二步', '第三步', '第四步', '第五步'];
