// Pieces every sample-size calculation reports (issue 19): the common fields (α, power, sides,
// dropout), inflation for dropout, the paragraph for a grant or protocol, the power curve and the
// R code block. Shared, never copied per tool.
import type { ReportBlock, ReportSection } from '@labstat/contracts';
import { option, type FieldSpec, type Params } from '../tool.js';
import { formNumber, formText } from './calc-tool.js';

export const alphaField = (): FieldSpec => ({ filed: 'alpha', name: '检验水准 α', type: 'input_number', value: 0.05, props: { min: 0.001, max: 0.2, step: 0.01 } });
export const powerField = (): FieldSpec => ({ filed: 'power', name: '把握度（1−β）', type: 'input_number', value: 0.9, props: { min: 0.5, max: 0.99, step: 0.05 } });
export const sidesField = (): FieldSpec => ({
  filed: 'sides',
  name: '检验方向',
  type: 'select_single',
  value: 'two',
  option: [option('双侧', 'two'), option('单侧', 'one')],
});
export const dropoutField = (): FieldSpec => ({ filed: 'dropout', name: '预计脱落率（%）', type: 'input_number', value: 10, props: { min: 0, max: 80, step: 1 } });

export interface DesignParams {
  alpha: number;
  power: number;
  twoSided: boolean;
  /** 0–0.8 */
  dropout: number;
}
export function designOf(form: Params): DesignParams {
  return { alpha: formNumber(form, 'alpha'), power: formNumber(form, 'power'), twoSided: formText(form, 'sides') !== 'one', dropout: formNumber(form, 'dropout') / 100 };
}

/** Subjects to enrol so that `n` remain after a share `dropout` is lost: ⌈n / (1 − dropout)⌉. */
export function inflateForDropout(n: number, dropout: number): number {
  return Math.ceil(Math.ceil(n - 1e-9) / (1 - dropout) - 1e-9);
}

const pct = (x: number) => `${Number((x * 100).toFixed(1))}%`;

/**
 * The sentence a protocol states: “按双侧 α=0.05、把握度 90% … 计算，每组需 N 例；考虑 10% 的脱落，
 * 每组需纳入 M 例，共 T 例。” `basis` says what the calculation assumed; `unit` is 每组 or 共.
 */
export function protocolParagraph(o: { design: DesignParams; basis: string; method: string; n: number; unit: '每组' | '共'; groups: number }): string {
  const { design: d } = o;
  const need = Math.ceil(o.n - 1e-9);
  const enrol = inflateForDropout(o.n, d.dropout);
  const side = d.twoSided ? '双侧' : '单侧';
  const total = o.unit === '每组' ? `，共 ${enrol * o.groups} 例` : '';
  const drop = d.dropout > 0 ? `；考虑 ${pct(d.dropout)} 的脱落率，${o.unit}需纳入 ${enrol} 例${total}` : total ? `，共 ${need * o.groups} 例` : '';
  return `${o.basis}，按${side}检验水准 α=${d.alpha}、把握度 ${pct(d.power)}，采用${o.method}计算，${o.unit}需 ${need} 例${drop}。`;
}

/** The headline table of a sample-size result. */
export function sampleSizeTable(rows: Array<[string, string | number]>, footnotes: string[] = []): ReportBlock {
  return { type: 'table', title: '样本量计算结果', columns: ['项目', '结果'], rows: rows.map(([k, v]) => [k, v]), footnotes };
}

/** Power against sample size, with the planned n marked. */
export function powerCurveChart(points: ReadonlyArray<readonly [number, number]>, o: { xName: string; planned: number; target: number }): ReportBlock {
  return {
    type: 'chart',
    title: '把握度曲线',
    option: {
      grid: { left: 60, right: 30, top: 30, bottom: 50 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value', name: o.xName, nameLocation: 'middle', nameGap: 30, min: 'dataMin' },
      yAxis: { type: 'value', name: '把握度', min: 0, max: 1 },
      series: [
        {
          type: 'line',
          showSymbol: false,
          data: points.map(([n, p]) => [n, Number(p.toFixed(4))]),
          markLine: {
            symbol: 'none',
            lineStyle: { type: 'dashed' },
            data: [{ xAxis: Math.ceil(o.planned - 1e-9), name: '所需样本量' }, { yAxis: o.target, name: '目标把握度' }],
          },
        },
      ],
    },
  };
}

/** n values from a fifth to twice the planned n, for the curve. */
export function curveRange(planned: number, steps = 60): number[] {
  const lo = Math.max(2, Math.floor(planned / 5));
  const hi = Math.max(lo + 10, Math.ceil(planned * 2));
  const out: number[] = [];
  for (let i = 0; i <= steps; i++) out.push(lo + ((hi - lo) * i) / steps);
  return out;
}

/**
 * The section 不同把握度下的样本量 (or 事件数): what `sizeAt(alpha, power)` gives at powers 80–95% and
 * three α levels (0.01/0.05/0.10, or 0.01/0.025/0.05 for one-sided margin designs).
 */
export function sizeGridSection(sizeAt: (alpha: number, power: number) => number, o: { note: string; oneSided?: boolean; events?: boolean }): ReportSection {
  const alphas = o.oneSided ? [0.01, 0.025, 0.05] : [0.01, 0.05, 0.1];
  const tableTitle = o.events ? '不同把握度与检验水准下所需的事件数' : `不同把握度与检验水准${o.oneSided ? '（单侧）' : ''}下的样本量`;
  const header = ['把握度', ...alphas.map((a) => `α=${a === 0.1 ? '0.10' : a}`)];
  const rows = [0.8, 0.85, 0.9, 0.95].map((p) => [`${p * 100}%`, ...alphas.map((a) => sizeAt(a, p))]);
  return { title: o.events ? '不同把握度下的事件数' : '不同把握度下的样本量', blocks: [{ type: 'table', title: tableTitle, columns: header, rows, footnotes: [o.note] }] };
}

/** The R code that reproduces the headline number. */
export const rSection = (code: string): ReportSection => ({ title: '可复现R代码', blocks: [{ type: 'code', language: 'r', code }] });
