import { powerChisq } from '@labstat/stats';
import { num, table } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { cellNumber, cellText, formNumber, formText, requireRows, type CalcInput } from '../calc-tool.js';
import { smallestN, solveN } from '../solve-n.js';
import { curveRange, designOf, inflateForDropout, powerCurveChart, protocolParagraph, rSection, sampleSizeTable, sizeGridSection } from '../sample-size.js';
import { definition } from './definition.js';

/** Cohen's w for goodness of fit (R: pwr::ES.w1): √Σ(p₁ − p₀)²/p₀. */
export function wGoodnessOfFit(p0: readonly number[], p1: readonly number[]): number {
  return Math.sqrt(p0.reduce((s, p, i) => s + (p1[i]! - p) ** 2 / p, 0));
}

/** Cohen's w of two equal groups' distributions (R: pwr::ES.w2 of cbind(a, b)/2). */
export function wTwoGroups(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const row = (a[i]! + b[i]!) / 2;
    if (row === 0) continue;
    // Each cell's expected share is row × ½; observed a/2 and b/2.
    for (const x of [a[i]!, b[i]!]) s += (x / 2 - row / 2) ** 2 / (row / 2);
  }
  return Math.sqrt(s);
}

const MODE_ZH = { gof: 'χ² 拟合优度检验', 'two-groups': '两组构成比比较的 χ² 检验', w: 'χ² 检验' } as const;
const N_MIN = 1 + 1e-10;

/** A column of proportions, every cell checked before the column's sum (cell messages come first). */
function proportions(rows: CalcInput['rows'], key: 'a' | 'b', label: string, positive: boolean): number[] {
  const v = rows.map((_, i) => cellNumber(definition, rows, i, key, { min: 0 }));
  v.forEach((x, i) => {
    if (x > 1) throw new ToolInputError(`第 ${i + 1} 行“${label}”应为 0 到 1 之间的比例`);
    if (positive && x === 0) throw new ToolInputError(`第 ${i + 1} 行“${label}”（原假设比例）必须大于 0`);
  });
  return v;
}

function checkSum(v: readonly number[], label: string): void {
  const sum = v.reduce((s, x) => s + x, 0);
  if (Math.abs(sum - 1) > 0.01) throw new ToolInputError(`“${label}”一列之和应为 1（当前为 ${num(sum, 4)}）`);
}

export function run({ rows, form }: CalcInput): ToolOutput {
  const mode = (formText(form, 'mode') || 'gof') as keyof typeof MODE_ZH;
  let w: number;
  let df: number;
  let cats: string[] = [];
  let a: number[] = [];
  let b: number[] = [];
  if (mode === 'w') {
    w = formNumber(form, 'w');
    df = formNumber(form, 'df');
    if (!(w > 0)) throw new ToolInputError('效应量 w 必须大于 0');
    if (!Number.isInteger(df) || df < 1) throw new ToolInputError('自由度必须是正整数');
  } else {
    const filled = requireRows(definition, rows, 2);
    cats = filled.map((_, i) => cellText(filled, i, 'category') || `类别${i + 1}`);
    a = proportions(filled, 'a', '比例 A（原假设/组1）', mode === 'gof');
    b = proportions(filled, 'b', '比例 B（预期/组2）', false);
    checkSum(a, '比例 A（原假设/组1）');
    checkSum(b, '比例 B（预期/组2）');
    w = mode === 'gof' ? wGoodnessOfFit(a, b) : wTwoGroups(a, b);
    df = filled.length - 1;
    if (!(w > 0)) throw new ToolInputError('两列比例完全相同，效应量为 0，无法计算样本量');
  }
  const d = designOf(form);
  const powerAt = (n: number, alpha = d.alpha) => powerChisq({ w, df, n, sigLevel: alpha }).power;
  const nTotal = solveN(powerAt, d.power, N_MIN);
  const twoGroups = mode === 'two-groups';
  // Two equal groups: the protocol speaks per group.
  const nUnit = twoGroups ? nTotal / 2 : nTotal;
  const rounded = Math.ceil(nUnit - 1e-9);
  const enrol = inflateForDropout(nUnit, d.dropout);
  const totalEnrolled = twoGroups ? enrol * 2 : enrol;
  const curve = curveRange(nTotal).filter((x) => x >= N_MIN).map((x) => [x, powerAt(x)] as const);
  const basis = mode === 'w' ? `预期效应量 w=${w}（自由度 ${df}）` : `按表中预期比例计算效应量 w=${num(w, 3)}（${cats.length} 个类别，自由度 ${df}）`;
  const paragraph = protocolParagraph({ design: d, basis, method: MODE_ZH[mode], n: nUnit, unit: twoGroups ? '每组' : '共', groups: twoGroups ? 2 : 1 }).replace('按双侧检验水准', '按检验水准');
  const vec = (x: number[]) => `c(${x.join(', ')})`;
  const rCode = [
    'library(pwr)',
    mode === 'gof' ? `w <- ES.w1(${vec(a)}, ${vec(b)})` : mode === 'two-groups' ? `w <- ES.w2(cbind(${vec(a)}, ${vec(b)}) / 2)` : `w <- ${w}`,
    `pwr.chisq.test(w = w, df = ${df}, sig.level = ${d.alpha}, power = ${d.power})`,
  ].join('\n');
  return {
    title: `${MODE_ZH[mode]}的样本量`,
    sections: [
      {
        title: '计算结果',
        blocks: [
          ...(mode === 'w' ? [] : [table('预期比例', ['类别', mode === 'gof' ? '原假设比例' : '组1构成比', mode === 'gof' ? '预期比例' : '组2构成比'], cats.map((c, i) => [c, a[i]!, b[i]!]))]),
          sampleSizeTable([
            ['效应量 w', num(w, 4)!],
            ['自由度', df],
            ['所需总样本量（精确值）', num(nTotal, 4)!],
            ...(twoGroups
              ? ([['每组所需样本量', rounded], ['考虑脱落后每组纳入', enrol]] as Array<[string, number]>)
              : ([['所需样本量', rounded], ['考虑脱落后纳入', enrol]] as Array<[string, number]>)),
            ['总样本量（含脱落）', totalEnrolled],
          ], ['按非中心 χ² 分布计算（R: pwr::pwr.chisq.test，λ = N·w²），结果向上取整。']),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '把握度曲线', blocks: [powerCurveChart(curve, { xName: '总样本量', planned: nTotal, target: d.power })] },
      sizeGridSection((al, p) => smallestN((x) => powerAt(x, al), p, N_MIN), { note: '所需总样本量，未计脱落。' }),
      rSection(rCode),
    ],
    results: { n: nTotal, nRounded: rounded, nEnrolled: enrol, totalEnrolled, effectSize: w, df, power: d.power, alpha: d.alpha },
  };
}
