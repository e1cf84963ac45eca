// What the two margin tools (means, proportions) share: the three designs, the margin typed as a
// positive size and turned into the engine's signed margin, the power for the curve, the fields.
import { normalCdf, normalQuantile } from '@labstat/stats';
import { option, ToolInputError, type FieldSpec } from '../tool.js';
import { alphaField } from './sample-size.js';

export type MarginDesign = 'non-inferiority' | 'superiority' | 'equivalence';
export const DESIGN_ZH: Record<MarginDesign, string> = { 'non-inferiority': '非劣效', superiority: '优效', equivalence: '等效' };

export const designField = (): FieldSpec => ({
  filed: 'design',
  name: '研究设计',
  type: 'select_single',
  value: 'non-inferiority',
  option: [option('非劣效', 'non-inferiority'), option('优效（按界值）', 'superiority'), option('等效', 'equivalence')],
});
export const marginField = (value: number, step: number): FieldSpec => ({
  filed: 'margin',
  name: '界值 Δ（正数）',
  type: 'input_number',
  value,
  props: { min: 0, step },
  tips: '非劣效：可接受的最大劣差；优效：需超过的最小临床意义差值；等效：等效区间 ±Δ',
});
/** Each of these is a one-sided test (equivalence: two of them), so α is one-sided. */
export const oneSidedAlphaField = (): FieldSpec => ({ ...alphaField(), name: '检验水准 α（单侧）', value: 0.025, tips: '非劣效、优效与等效检验均为单侧检验，常用 0.025' });

export function designOfForm(v: string): MarginDesign {
  return v === 'superiority' || v === 'equivalence' ? v : 'non-inferiority';
}

/**
 * The signed margin of Chow, Shao & Wang (H₁: δ > m): −Δ for non-inferiority, +Δ for superiority
 * (the same formula, so the engine's non-inferiority branch serves both), Δ for equivalence
 * (|δ| < Δ). Refuses a design whose alternative the expected difference does not satisfy.
 */
export function signedMargin(design: MarginDesign, delta: number, margin: number, what: string): number {
  if (!(margin > 0)) throw new ToolInputError('界值 Δ 必须大于 0');
  if (design === 'non-inferiority') {
    if (!(delta + margin > 0)) throw new ToolInputError(`非劣效设计要求预期${what}大于 −Δ（试验组不比对照组差 Δ 以上）`);
    return -margin;
  }
  if (design === 'superiority') {
    if (!(delta > margin)) throw new ToolInputError(`优效设计要求预期${what}大于界值 Δ`);
    return margin;
  }
  if (!(margin > Math.abs(delta))) throw new ToolInputError(`等效设计要求界值 Δ 大于预期${what}的绝对值`);
  return margin;
}

/**
 * Power at n per group for a difference whose SD per unit n is `s` (√(2σ²) for means, √(p₁q₁+p₂q₂)
 * for proportions): Φ(√n(δ − m)/s − z₁₋α) for one-sided designs, and for equivalence the
 * approximation 2Φ(√n(Δ − |δ|)/s − z₁₋α) − 1 that the sample-size formula inverts.
 */
export function marginPower(n: number, design: MarginDesign, delta: number, m: number, s: number, alpha: number): number {
  const za = normalQuantile(1 - alpha);
  if (design === 'equivalence') return Math.max(0, 2 * normalCdf((Math.sqrt(n) * (m - Math.abs(delta))) / s - za) - 1);
  return normalCdf((Math.sqrt(n) * (delta - m)) / s - za);
}
