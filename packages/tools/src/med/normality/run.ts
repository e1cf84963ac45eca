// 正态性检验: Shapiro–Wilk, Lilliefors and Anderson–Darling per variable (and group), skewness and
// kurtosis, and a normal Q–Q plot per variable with one series (points and qqline) per group.
import { andersonDarling, describe as describeValues, lillieforsTest, qqPoints, shapiroWilk } from '@labstat/stats';
import { MAX_POINTS, qqChart, type QqSet } from '../../charts.js';
import { pSentence, requireVariables } from '../../common.js';
import { orNull } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = (Array.isArray(params.vars) ? params.vars : []).map(String);
  const gName = String(params.group ?? '');
  if (vars.length === 0) throw new ToolInputError('请至少选择一个检验变量');
  if (vars.length > 50) throw new ToolInputError('一次最多检验 50 个变量');
  requireVariables(data, gName ? [...vars, gName] : vars);
  const g = gName ? data.text(gName) : null;
  const levels = g ? [...new Set(g.filter((v): v is string => v !== null && v !== ''))].sort() : [''];
  if (levels.length > 30) throw new ToolInputError(`分组变量“${gName}”有 ${levels.length} 个组，超过 30 个`);

  const rows: Array<Array<string | number | null>> = [];
  const results: ToolOutput['results'] = {};
  const verdicts: string[] = [];
  const qqSets = new Map<string, QqSet[]>();
  for (const v of vars) {
    const col = data.numeric(v);
    const sets: QqSet[] = [];
    qqSets.set(v, sets);
    for (const level of levels) {
      const values = col.filter((x, i): x is number => x !== null && Number.isFinite(x) && (!g || g[i] === level));
      const label = level ? `${v}（${level}）` : v;
      if (values.length < 3) {
        rows.push([label, values.length, null, null, null, null, '—', '—', '—', '观测少于 3 个，无法检验']);
        continue;
      }
      const d = describeValues(values);
      const qq = qqPoints(values);
      // Reference line through the quartiles, as R's qqline.
      const slope = (d.q3 - d.q1) / 1.3489795003921634;
      const intercept = d.q1 + slope * 0.6744897501960817;
      sets.push({ name: level || v, theoretical: qq.theoretical, sample: qq.sample, line: { intercept, slope } });
      const sw = orNull(() => shapiroWilk(values));
      const ks = orNull(() => lillieforsTest(values));
      const ad = orNull(() => andersonDarling(values));
      const normal = sw ? sw.pValue >= 0.05 : null;
      rows.push([
        label,
        values.length,
        num(d.mean, 3),
        num(d.sd, 3),
        num(d.skewnessAdjusted, 3),
        num(d.kurtosisAdjusted, 3),
        sw ? `${num(sw.statistic, 4)} / ${formatP(sw.pValue)}` : '—',
        ks ? `${num(ks.statistic, 4)} / ${formatP(ks.pValue)}` : '—',
        ad ? `${num(ad.statistic, 4)} / ${formatP(ad.pValue)}` : '—',
        normal === null ? '—' : normal ? '未见偏离正态' : '偏离正态',
      ]);
      const key = level ? `${v}.${level}` : v;
      results[`shapiroW.${key}`] = sw?.statistic ?? null;
      results[`shapiroP.${key}`] = sw?.pValue ?? null;
      results[`lillieforsP.${key}`] = ks?.pValue ?? null;
      results[`adP.${key}`] = ad?.pValue ?? null;
      results[`qqIntercept.${key}`] = intercept;
      results[`qqSlope.${key}`] = slope;
      if (sw) verdicts.push(`${label}：W = ${num(sw.statistic, 3)}，${pSentence(sw.pValue)}，${normal ? '未见偏离正态分布' : '偏离正态分布'}`);
    }
  }
  const drawable = [...qqSets].filter(([, sets]) => sets.length > 0);
  if (drawable.length === 0) throw new ToolInputError('所选变量的有效观测都少于 3 个，无法进行正态性检验');
  // Many variables share one budget of points so the report stays small.
  const budget = Math.min(MAX_POINTS, Math.max(1000, Math.floor(20000 / drawable.length)));
  const charts = drawable.map(([v, sets], i) => qqChart(sets, { title: `图${i + 1} ${v}${gName ? `（按${gName}分组）` : ''}的正态 Q-Q 图`, maxPoints: budget }));
  return {
    title: `正态性检验：${vars.join('、')}${gName ? `（按${gName}分组）` : ''}`,
    sections: [
      {
        title: '检验结果',
        blocks: [
          table('表1 正态性检验', ['变量', 'n', '均值', '标准差', '偏度', '峰度', 'Shapiro-Wilk W / P', 'Lilliefors D / P', 'Anderson-Darling A / P', '结论'], rows, [
            '结论依据 Shapiro-Wilk 检验（P<0.05 判为偏离正态）；偏度、峰度为样本校正值（与 SPSS 相同），正态分布时接近 0。',
          ]),
        ],
      },
      { title: '图形', blocks: charts },
      { title: '结论', blocks: [text(`${verdicts.join('；')}。`, `样本量较大时轻微偏离也可能“显著”，请结合 Q-Q 图：点大致落在直线上即可视为近似正态。${gName ? '每个变量一张 Q-Q 图，各组用不同颜色的点和参考线表示。' : ''}参考线经过第 1、3 四分位数（与 R 的 qqline() 相同）。`)] },
    ],
    results,
  };
}
