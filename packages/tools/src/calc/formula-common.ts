// Pieces the converter and clinical-formula calculation tools share (issue 19, group C): the
// headline table, the clinical caveat, physiologic range checks and the serum creatinine unit.
// Not a tool folder: nothing here is registered.
import type { ReportBlock } from '@labstat/contracts';
import { text } from '../report-helpers.js';
import { option, ToolInputError, type FieldSpec } from '../tool.js';

/** The line every clinical formula result carries. */
export const CLINICAL_CAVEAT = '提示：以上结果由公式估算，仅供科研与临床参考，不能替代临床判断；诊断、分期与用药剂量请结合患者具体情况，以临床医生的综合评估为准。';

export const caveatBlock = (): ReportBlock => text(CLINICAL_CAVEAT);

/** The three-line headline table: item, value, unit. */
export function resultTable(title: string, rows: Array<[string, string | number | null, string]>, footnotes: string[] = []): ReportBlock {
  return { type: 'table', title, columns: ['项目', '结果', '单位'], rows: rows.map(([k, v, u]) => [k, v, u]), footnotes };
}

/**
 * A value inside a plausible range, else the Chinese message `${what}应在 lo–hi ${unit}` (the
 * form's own min/max only rule out the impossible; this rules out the implausible).
 */
export function requireRange(value: number, lo: number, hi: number, what: string, unit: string): number {
  if (!(value >= lo && value <= hi)) throw new ToolInputError(`${what}应在 ${lo}–${hi} ${unit}`.trimEnd());
  return value;
}

/** μmol/L per mg/dL of creatinine (molar mass 113.12 g/mol), as KDIGO and the CKD-EPI papers use. */
export const CREATININE_UMOL_PER_MG_DL = 88.4;

export const creatinineUnitField = (): FieldSpec => ({
  filed: 'scrUnit',
  name: '肌酐单位',
  type: 'select_single',
  value: 'umol',
  option: [option('μmol/L', 'umol'), option('mg/dL', 'mgdl')],
});

/** Serum creatinine in mg/dL from the typed value and unit, checked against 0.1–25 mg/dL (9–2210 μmol/L). */
export function creatinineMgDl(value: number, unit: string): number {
  if (unit === 'mgdl') return requireRange(value, 0.1, 25, '血肌酐', 'mg/dL');
  return requireRange(value, 9, 2210, '血肌酐', 'μmol/L') / CREATININE_UMOL_PER_MG_DL;
}

export const sexField = (): FieldSpec => ({ filed: 'sex', name: '性别', type: 'select_single', value: 'male', option: [option('男', 'male'), option('女', 'female')] });

/** A number for R code: up to 10 significant digits, no exponent surprises for ordinary inputs. */
export const rNum = (x: number): string => String(Number(x.toPrecision(10)));

/** Body surface area (m²) from height (cm) and weight (kg): Du Bois & Du Bois, Arch Intern Med 1916;17:863. */
export const bsaDuBois = (h: number, w: number) => 0.007184 * w ** 0.425 * h ** 0.725;
/** Mosteller, N Engl J Med 1987;317:1098. */
export const bsaMosteller = (h: number, w: number) => Math.sqrt((h * w) / 3600);
/** Stevenson, Chin J Physiol 1937;12:327 (derived in Chinese subjects). */
export const bsaStevenson = (h: number, w: number) => 0.0061 * h + 0.0128 * w - 0.1529;
