// Cohen's kappa from a typed k×k agreement table; the engine's cohenKappa works on rating pairs, so
// the table is expanded into pairs with the categories in the order typed.
import { cohenKappa } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { cellNumber, cellText, formNumber, formText, requireRows, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { COUNT_KEYS, definition } from './definition.js';

type Weights = 'none' | 'linear' | 'quadratic';
const WEIGHTS_ZH: Record<Weights, string> = { none: '不加权', linear: '线性加权', quadratic: '平方加权' };
const VCD_WEIGHTS: Record<Weights, string> = { none: 'Unweighted', linear: 'Weighted', quadratic: 'Weighted' };

/** Landis & Koch (1977). */
export function kappaStrength(k: number): string {
  if (k < 0) return '一致性比随机还差';
  if (k <= 0.2) return '轻微一致';
  if (k <= 0.4) return '一般一致';
  if (k <= 0.6) return '中等一致';
  if (k <= 0.8) return '高度一致';
  return '几乎完全一致';
}

export function run({ rows, form }: CalcInput): ToolOutput {
  const filled = requireRows(definition, rows, 2);
  const k = filled.length;
  if (k > COUNT_KEYS.length) throw new ToolInputError(`最多 ${COUNT_KEYS.length} 个类别，现在有 ${k} 行`);
  const used = COUNT_KEYS.filter((key) => filled.some((_, i) => cellText(filled, i, key) !== ''));
  const last = COUNT_KEYS.indexOf(used[used.length - 1] ?? 'c1') + 1;
  if (last !== k) throw new ToolInputError(`Kappa 需要方表：有 ${k} 行（A 的类别），应填写 B 的前 ${k} 列，现在填到第 ${last} 列`);
  const counts = filled.map((_, i) => COUNT_KEYS.slice(0, k).map((key) => cellNumber(definition, filled, i, key, { integer: true, min: 0 })));
  const names = filled.map((_, i) => cellText(filled, i, 'category') || `类别${i + 1}`);
  if (new Set(names).size !== k) throw new ToolInputError('各行的类别名称不能重复');
  const weights = formText(form, 'weights') as Weights;
  const level = formNumber(form, 'level');
  const n = counts.flat().reduce((s, v) => s + v, 0);
  if (n < 2) throw new ToolInputError('表格中的总例数至少为 2');

  const a: number[] = [];
  const b: number[] = [];
  counts.forEach((row, i) => row.forEach((c, j) => {
    for (let t = 0; t < c; t++) {
      a.push(i);
      b.push(j);
    }
  }));
  const r = cohenKappa(a, b, { weights, level, categories: names.map((_, i) => i) });
  const L = `${num(level * 100, 1)}%`;
  const label = weights === 'none' ? 'Kappa' : `${WEIGHTS_ZH[weights]} Kappa`;
  const paragraph =
    `两位评价者对 ${n} 例对象的判定${weights === 'none' ? '' : `（有序类别，${WEIGHTS_ZH[weights]}）`}：观察一致率 ${num(r.observedAgreement * 100, 1)}%，期望一致率 ${num(r.expectedAgreement * 100, 1)}%，` +
    `${label}=${num(r.kappa, 3)}（${L} CI：${num(r.ci[0], 3)}～${num(r.ci[1], 3)}），Z=${num(r.statistic, 2)}，P${formatP(r.pValue).startsWith('<') ? '' : '='}${formatP(r.pValue)}，按 Landis 和 Koch 的标准属于${kappaStrength(r.kappa)}。`;
  const vcdWeights = weights === 'linear' ? '"Equal-Spacing"' : '"Fleiss-Cohen"';

  return {
    title: `${label} 一致性检验`,
    sections: [
      {
        title: '一致性交叉表',
        blocks: [
          table('A（行）与 B（列）的判定', ['A＼B', ...names, '合计'], [
            ...counts.map((row, i) => [names[i]!, ...row, row.reduce((s, v) => s + v, 0)]),
            ['合计', ...names.map((_, j) => counts.reduce((s, row) => s + row[j]!, 0)), n],
          ], ['对角线上为两者判定一致的例数。']),
        ],
      },
      {
        title: 'Kappa 检验结果',
        blocks: [
          table(`${label} 及其置信区间`, ['指标', '结果'], [
            ['观察一致率 Po', num(r.observedAgreement, 4)],
            ['期望一致率 Pe', num(r.expectedAgreement, 4)],
            [label, num(r.kappa, 4)],
            ['标准误', num(r.se, 4)],
            [`${L} CI 下限`, num(r.ci[0], 4)],
            [`${L} CI 上限`, num(r.ci[1], 4)],
            ['Z', num(r.statistic, 3)],
            ['P', formatP(r.pValue)],
          ], [
            '标准误与置信区间为大样本公式（Fleiss, Cohen & Everitt 1969）；Z 检验 H0：κ=0，使用 κ=0 时的标准误。',
            ...(weights === 'none' ? [] : [`${WEIGHTS_ZH[weights]}：类别按表中行的顺序视为有序，${weights === 'linear' ? 'w = 1 − |i−j|/(k−1)' : 'w = 1 − (i−j)²/(k−1)²'}。`]),
            'Landis & Koch：≤0.20 轻微，0.21～0.40 一般，0.41～0.60 中等，0.61～0.80 高度，>0.80 几乎完全一致。',
          ]),
          text(paragraph),
        ],
      },
      rSection(
        `library(vcd)\n` +
          `tab <- matrix(c(${counts.map((row) => row.join(', ')).join(',\n                ')}), nrow = ${k}, byrow = TRUE)\n` +
          `K <- Kappa(tab${weights === 'none' ? '' : `, weights = ${vcdWeights}`})\n` +
          `K$${VCD_WEIGHTS[weights]}  # value = kappa, ASE = 标准误\n` +
          `confint(K, level = ${level})`,
      ),
    ],
    results: {
      estimate: r.kappa,
      se: r.se,
      ciLower: r.ci[0],
      ciUpper: r.ci[1],
      statistic: r.statistic,
      p: r.pValue,
      observedAgreement: r.observedAgreement,
      expectedAgreement: r.expectedAgreement,
      weights,
      n,
      categories: k,
      level,
    },
  };
}
