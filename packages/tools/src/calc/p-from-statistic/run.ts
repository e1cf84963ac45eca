import { chisqPdf, chisqQuantile, chisqSf, fPdf, fQuantile, fSf, normalCdf, normalPdf, normalSf, tCdf, tPdf, tSf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { formatP, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { resultTable, rNum } from '../formula-common.js';

type Dist = 'z' | 't' | 'chisq' | 'f';
type Tail = 'two' | 'upper' | 'lower';

const DIST_ZH: Record<Dist, string> = { z: 'z（标准正态分布）', t: 't 分布', chisq: 'χ² 分布', f: 'F 分布' };
const TAIL_ZH: Record<Tail, string> = { two: '双侧', upper: '单侧（右侧）', lower: '单侧（左侧）' };
const SYMBOL: Record<Dist, string> = { z: 'z', t: 't', chisq: 'χ²', f: 'F' };

/** P with enough digits to be useful when tiny: 4 significant digits, exponent below 1e-4. */
const exactP = (p: number) => (p === 0 ? '0' : p < 1e-4 ? p.toExponential(3) : p.toPrecision(4));

interface Spec {
  dist: Dist;
  x: number;
  df1: number;
  df2: number;
  tail: Tail;
}

function pValue({ dist, x, df1, df2, tail }: Spec): number {
  if (dist === 'chisq') return chisqSf(x, df1);
  if (dist === 'f') return fSf(x, df1, df2);
  const [lower, upper] = dist === 'z' ? [normalCdf(x), normalSf(x)] : [tCdf(x, df1), tSf(x, df1)];
  if (tail === 'lower') return lower;
  if (tail === 'upper') return upper;
  return Math.min(1, 2 * Math.min(lower, upper));
}

function rCode({ dist, x, df1, df2, tail }: Spec): string {
  const X = rNum(x);
  if (dist === 'chisq') return `pchisq(${X}, df = ${rNum(df1)}, lower.tail = FALSE)`;
  if (dist === 'f') return `pf(${X}, df1 = ${rNum(df1)}, df2 = ${rNum(df2)}, lower.tail = FALSE)`;
  const [fn, df] = dist === 'z' ? ['pnorm', ''] : ['pt', `, df = ${rNum(df1)}`];
  if (tail === 'two') return `2 * ${fn}(-abs(${X})${df})`;
  return `${fn}(${X}${df}${tail === 'upper' ? ', lower.tail = FALSE' : ''})`;
}

/** The density with the tail area(s) that make up P shaded, as a statistics textbook draws it. */
function tailChart(s: Spec): ReportBlock {
  const { dist, x, df1, df2, tail } = s;
  const pdf = (v: number) => (dist === 'z' ? normalPdf(v) : dist === 't' ? tPdf(v, df1) : dist === 'chisq' ? chisqPdf(v, df1) : fPdf(v, df1, df2));
  let lo: number, hi: number;
  if (dist === 'z' || dist === 't') {
    hi = Math.min(Math.max(4, Math.abs(x) * 1.15), 60);
    lo = -hi;
  } else {
    lo = 0;
    hi = Math.min(Math.max(dist === 'chisq' ? chisqQuantile(0.999, df1) : fQuantile(0.995, df1, df2), x * 1.15), 1e4);
  }
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= 240; i++) {
    const v = lo + ((hi - lo) * i) / 240;
    const y = pdf(v);
    if (Number.isFinite(y)) pts.push([Number(v.toFixed(4)), Number(y.toPrecision(5))]);
  }
  const inTail = (v: number) =>
    dist === 'chisq' || dist === 'f' || tail === 'upper' ? v >= x : tail === 'lower' ? v <= x : Math.abs(v) >= Math.abs(x);
  // Two areas for a two-sided P, each its own run of points so the fill does not bridge the middle.
  const areas = [pts.filter(([v]) => inTail(v) && v <= 0), pts.filter(([v]) => inTail(v) && v > 0)].filter((a) => a.length > 0);
  return {
    type: 'chart',
    title: `${DIST_ZH[dist]}与 P 值对应的尾部面积`,
    option: {
      grid: { left: 60, right: 30, top: 30, bottom: 50 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value', name: SYMBOL[dist], nameLocation: 'middle', nameGap: 30, min: lo, max: hi },
      yAxis: { type: 'value', name: '概率密度' },
      series: [
        { type: 'line', name: '概率密度', showSymbol: false, data: pts, markLine: { symbol: 'none', lineStyle: { type: 'dashed' }, data: [{ xAxis: x, name: `${SYMBOL[dist]} = ${x}` }] } },
        ...areas.map((a) => ({ type: 'line', name: 'P 值面积', showSymbol: false, data: a, lineStyle: { width: 0 }, areaStyle: { opacity: 0.45 } })),
      ],
    },
  };
}

export function run({ form }: CalcInput): ToolOutput {
  const dist = formText(form, 'dist') as Dist;
  const x = formNumber(form, 'statistic');
  const df1 = formNumber(form, 'df1');
  const df2 = formNumber(form, 'df2');
  const tail: Tail = dist === 'chisq' || dist === 'f' ? 'upper' : (formText(form, 'tail') as Tail);
  if (dist !== 'z' && !(df1 > 0)) throw new ToolInputError(dist === 'f' ? '分子自由度必须大于 0' : '自由度必须大于 0');
  if (dist === 'f' && !(df2 > 0)) throw new ToolInputError('分母自由度必须大于 0');
  if ((dist === 'chisq' || dist === 'f') && x < 0) throw new ToolInputError(`${SYMBOL[dist]} 统计量不能为负数`);
  const s: Spec = { dist, x, df1, df2, tail };
  const p = pValue(s);
  const dfText = dist === 'z' ? '' : dist === 'f' ? `（自由度 ${df1}, ${df2}）` : `（自由度 ${df1}）`;
  const rows: Array<[string, string | number | null, string]> = [
    ['分布', DIST_ZH[dist], ''],
    ['统计量', x, ''],
    ...(dist === 'z' ? [] : dist === 'f' ? ([['分子自由度', df1, ''], ['分母自由度', df2, '']] as Array<[string, number, string]>) : ([['自由度', df1, '']] as Array<[string, number, string]>)),
    ['检验方向', TAIL_ZH[tail], ''],
    ['P 值', exactP(p), ''],
    ['P 值（论文写法）', formatP(p), ''],
  ];
  const side = dist === 'z' || dist === 't' ? TAIL_ZH[tail] : '';
  const sentence = `${SYMBOL[dist]}=${x}${dfText}，${side}P${p < 0.001 ? '<0.001' : `=${formatP(p)}`}，按 α=0.05 的检验水准，${p < 0.05 ? '差异有统计学意义' : '差异无统计学意义'}。`;
  const notes = dist === 'chisq' || dist === 'f' ? ['χ² 检验与 F 检验的 P 值取分布右侧尾部概率 P(X ≥ x)。'] : tail === 'two' ? ['双侧 P = 2 × 单侧尾部概率（取较小的一侧）。'] : [];
  return {
    title: `${DIST_ZH[dist]}统计量的 P 值`,
    sections: [
      { title: '计算结果', blocks: [resultTable('P 值计算结果', rows, notes), text(sentence)] },
      { title: '分布曲线', blocks: [tailChart(s)] },
      rSection(rCode(s)),
    ],
    results: { statistic: x, ...(dist === 'z' ? {} : { df: df1 }), ...(dist === 'f' ? { df2 } : {}), p },
  };
}
