// 散点图: points (coloured by group), the least-squares line with the confidence band of the mean,
// and the fitted equation with R² and P.
import { linearRegression, tQuantile } from '@labstat/stats';
import { scatterChart } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const yName = String(params.y ?? '');
  const gName = String(params.group ?? '');
  if (!xName || !yName) throw new ToolInputError('请选择横轴和纵轴变量');
  if (xName === yName) throw new ToolInputError('横轴与纵轴不能是同一个变量');
  requireVariables(data, gName ? [xName, yName, gName] : [xName, yName]);
  const level = levelOf(params);
  const xv = data.numeric(xName);
  const yv = data.numeric(yName);
  const gv = gName ? data.text(gName) : null;
  const xs: number[] = [];
  const ys: number[] = [];
  const gs: string[] = [];
  for (let i = 0; i < xv.length; i++) {
    const x = xv[i];
    const y = yv[i];
    if (x === null || y === null || x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (gv && (gv[i] === null || gv[i] === '')) continue;
    xs.push(x);
    ys.push(y);
    gs.push(gv ? gv[i]! : '');
  }
  if (xs.length < 3) throw new ToolInputError('完整的成对观测少于 3 个，无法绘制拟合线');
  const groups = gv
    ? [...new Set(gs)].sort().map((name) => ({ name, points: xs.map((x, i) => [x, ys[i]!] as [number, number]).filter((_, i) => gs[i] === name) }))
    : undefined;
  if (groups && groups.length > 12) throw new ToolInputError(`分组变量“${gName}”有 ${groups.length} 个组，着色最多 12 组`);

  const m = linearRegression({ y: ys, yName, predictors: [{ name: xName, type: 'numeric', values: xs }], level });
  const [b0, b1] = [m.coefficients[0]!, m.coefficients[1]!];
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const tq = tQuantile(1 - (1 - level) / 2, n - 2);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const grid = Array.from({ length: 41 }, (_, i) => lo + ((hi - lo) * i) / 40);
  const fitAt = (x: number) => b0.estimate + b1.estimate * x;
  const half = (x: number) => tq * m.sigma * Math.sqrt(1 / n + (x - mx) ** 2 / sxx);
  const r6 = (v: number) => Number(v.toFixed(6));
  const showFit = params.fit !== false;
  const pct = Math.round(level * 100);
  const equation = `${yName} = ${num(b0.estimate, 4)} ${b1.estimate < 0 ? '−' : '+'} ${num(Math.abs(b1.estimate), 4)} × ${xName}`;
  const chart = scatterChart(
    xs.map((x, i) => [x, ys[i]!]),
    {
      title: `图1 ${xName}与${yName}的散点图`,
      xName,
      yName,
      groups,
      fit: showFit
        ? {
            line: grid.map((x) => [r6(x), r6(fitAt(x))]),
            lower: grid.map((x) => [r6(x), r6(fitAt(x) - half(x))]),
            upper: grid.map((x) => [r6(x), r6(fitAt(x) + half(x))]),
            label: `拟合线（R² = ${num(m.rSquared, 3)}）`,
          }
        : undefined,
    },
  );
  return {
    title: `散点图：${yName} ~ ${xName}`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '拟合结果',
        blocks: [
          table('表1 线性拟合', ['n', '截距', '斜率', `斜率 ${pct}%CI`, 'R²', 'P'], [[n, num(b0.estimate, 4), num(b1.estimate, 4), `${num(b1.ci[0], 4)} ~ ${num(b1.ci[1], 4)}`, num(m.rSquared, 4), formatP(b1.pValue)]], [
            `回归方程：${equation}；置信带为拟合均值的 ${pct}% 置信区间。`,
          ]),
        ],
      },
      { title: '说明', blocks: [text(`${xName}每增加 1 个单位，${yName}平均变化 ${num(b1.estimate, 3)}（${pSentence(b1.pValue)}），R² = ${num(m.rSquared, 3)}。${groups ? `点按${gName}着色，拟合线基于全部数据。` : ''}`)] },
    ],
    results: { n, intercept: b0.estimate, slope: b1.estimate, slopeLower: b1.ci[0], slopeUpper: b1.ci[1], rSquared: m.rSquared, p: b1.pValue },
  };
}
