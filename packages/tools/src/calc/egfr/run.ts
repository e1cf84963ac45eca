// eGFR from serum creatinine: CKD-EPI 2021 race-free (Inker et al., N Engl J Med 2021;385:1737) and
// the IDMS-traceable MDRD equation (Levey et al., Ann Intern Med 2006;145:247), with the KDIGO 2012
// GFR category.
import { num, text } from '../../report-helpers.js';
import type { ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { caveatBlock, creatinineMgDl, requireRange, resultTable, rNum } from '../formula-common.js';

/** CKD-EPI 2021 creatinine equation, mL/min/1.73 m²; `scr` in mg/dL. */
export function ckdEpi2021(scr: number, age: number, female: boolean): number {
  const k = female ? 0.7 : 0.9;
  const a = female ? -0.241 : -0.302;
  return 142 * Math.min(scr / k, 1) ** a * Math.max(scr / k, 1) ** -1.2 * 0.9938 ** age * (female ? 1.012 : 1);
}

/** IDMS-traceable 4-variable MDRD equation without the race term, mL/min/1.73 m²; `scr` in mg/dL. */
export function mdrd(scr: number, age: number, female: boolean): number {
  return 175 * scr ** -1.154 * age ** -0.203 * (female ? 0.742 : 1);
}

const STAGES = [
  [90, 'G1', '正常或升高'],
  [60, 'G2', '轻度下降'],
  [45, 'G3a', '轻到中度下降'],
  [30, 'G3b', '中到重度下降'],
  [15, 'G4', '重度下降'],
  [-Infinity, 'G5', '肾衰竭'],
] as const;

/** KDIGO 2012 GFR category of an eGFR as reported (a whole number). */
export function gfrStage(egfr: number): { stage: string; label: string } {
  const e = Math.round(egfr);
  const [, stage, label] = STAGES.find(([lo]) => e >= lo)!;
  return { stage, label };
}

export function run({ form }: CalcInput): ToolOutput {
  const unit = formText(form, 'scrUnit');
  const typed = formNumber(form, 'scr');
  const scr = creatinineMgDl(typed, unit);
  const age = requireRange(formNumber(form, 'age'), 18, 120, '年龄', '岁');
  const female = formText(form, 'sex') === 'female';
  const e1 = ckdEpi2021(scr, age, female);
  const e2 = mdrd(scr, age, female);
  const s1 = gfrStage(e1);
  const s2 = gfrStage(e2);
  const unitZh = unit === 'mgdl' ? 'mg/dL' : 'μmol/L';
  const rows: Array<[string, string | number | null, string]> = [
    ['血肌酐', unit === 'mgdl' ? `${typed}（${num(typed * 88.4, 1)} μmol/L）` : `${typed}（${num(scr, 3)} mg/dL）`, unitZh],
    ['eGFR（CKD-EPI 2021）', num(e1, 1), 'mL/min/1.73 m²'],
    ['GFR 分期（CKD-EPI 2021）', `${s1.stage}（${s1.label}）`, ''],
    ['eGFR（MDRD）', num(e2, 1), 'mL/min/1.73 m²'],
    ['GFR 分期（MDRD）', `${s2.stage}（${s2.label}）`, ''],
  ];
  const notes = [
    'KDIGO 2012 GFR 分期（按取整后的 eGFR）：G1 ≥90，G2 60～89，G3a 45～59，G3b 30～44，G4 15～29，G5 <15 mL/min/1.73 m²。',
    'G1、G2 期只有同时存在肾损伤证据（如白蛋白尿、影像或病理异常）持续 3 个月以上时才诊断为慢性肾脏病。',
    'CKD-EPI 2021 不含种族系数，为 KDIGO 与美国 NKF-ASN 推荐的公式；MDRD 在 eGFR>60 时低估较多，仅供对照。',
    '肌酐 μmol/L 与 mg/dL 的换算系数为 88.4。',
  ];
  const sentence = `${female ? '女性' : '男性'}，${age} 岁，血肌酐 ${typed} ${unitZh}：按 CKD-EPI 2021 公式估算 eGFR 为 ${num(e1, 1)} mL/min/1.73 m²，GFR 分期 ${s1.stage}（${s1.label}）；按 MDRD 公式为 ${num(e2, 1)} mL/min/1.73 m²。`;
  const code = [
    `scr <- ${rNum(typed)}${unit === 'mgdl' ? '' : ' / 88.4'}  # mg/dL`,
    `age <- ${rNum(age)}; female <- ${female ? 'TRUE' : 'FALSE'}`,
    'k <- if (female) 0.7 else 0.9; a <- if (female) -0.241 else -0.302',
    '# CKD-EPI 2021 (Inker et al. 2021)',
    'egfr_ckdepi <- 142 * min(scr / k, 1)^a * max(scr / k, 1)^-1.200 * 0.9938^age * (if (female) 1.012 else 1)',
    '# MDRD, IDMS-traceable (Levey et al. 2006)',
    'egfr_mdrd <- 175 * scr^-1.154 * age^-0.203 * (if (female) 0.742 else 1)',
    'stage <- function(e) cut(round(e), c(-Inf, 15, 30, 45, 60, 90, Inf), right = FALSE,',
    '                         labels = c("G5", "G4", "G3b", "G3a", "G2", "G1"))',
    'c(CKD_EPI_2021 = egfr_ckdepi, MDRD = egfr_mdrd)',
    'stage(c(egfr_ckdepi, egfr_mdrd))',
  ].join('\n');
  return {
    title: '估算肾小球滤过率（eGFR）',
    sections: [
      { title: '计算结果', blocks: [resultTable('eGFR 与 GFR 分期', rows, notes), text(sentence), caveatBlock()] },
      rSection(code),
    ],
    results: { scrMgDl: scr, egfrCkdEpi2021: e1, stage: s1.stage, egfrMdrd: e2, stageMdrd: s2.stage },
  };
}
