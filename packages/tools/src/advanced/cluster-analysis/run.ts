// 聚类分析: k-means (k-means++ starts, seeded; R: kmeans) or agglomerative clustering (R: hclust on
// Euclidean distances), the elbow plot and average silhouette widths (R: cluster::silhouette) over
// k, cluster sizes and profiles, the dendrogram with its cut, and membership saved as a new column.
import { cutTree, hierarchicalClustering, kMeans, silhouette, type LinkageMethod, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { requireVariables } from '../../common.js';
import { PALETTE, profileChart, sampleIndices, SAMPLE_SEED } from '../../charts.js';
import { fieldList, quoted } from '../../model-input.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { dendrogramLines } from '../../visual/shared/dendrogram.js';
import { asInputError } from '../reliability/run.js';

const FONT_FAMILY = 'Times New Roman, SimSun, serif';
const METHOD_NAMES: Record<string, string> = {
  kmeans: 'k 均值聚类',
  'ward.D2': '层次聚类（Ward 法，ward.D2）',
  complete: '层次聚类（最长距离法）',
  average: '层次聚类（类平均法）',
  single: '层次聚类（最短距离法）',
};
/** Silhouettes over k cost n² per k; beyond this many rows only the chosen k gets one. */
const SILHOUETTE_MAX_N = 4000;
/**
 * Above this many rows the chosen k's silhouette is estimated from a seeded sample stratified by
 * cluster (exact widths need n² distances: 200,000 rows would take hours; R's cluster::silhouette
 * needs the full distance matrix and cannot run at all).
 */
export const SILHOUETTE_SAMPLE_N = 10_000;
const DENDROGRAM_MAX_N = 2000;

const intParam = (v: unknown, fallback: number, lo: number, hi: number, what: string): number => {
  if (v === null || v === undefined || v === '') return fallback;
  const x = Number(v);
  if (!Number.isInteger(x) || x < lo || x > hi) throw new ToolInputError(`${what}须为 ${lo} ~ ${hi} 的整数（当前为 ${String(v)}）`);
  return x;
};

function elbowChart(ks: readonly number[], wss: readonly number[], sil: ReadonlyArray<number | null>, chosen: number): ReportBlock {
  return {
    type: 'chart',
    title: '图2 肘部图与平均轮廓系数',
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0, data: ['组内平方和', '平均轮廓系数'] },
      grid: { left: 70, right: 70, top: 40, bottom: 60 },
      xAxis: { type: 'category', name: '类别数 k', nameLocation: 'middle', nameGap: 28, data: ks.map(String), axisLine: { lineStyle: { color: '#000' } } },
      yAxis: [
        { type: 'value', name: '组内平方和', nameLocation: 'middle', nameGap: 50, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
        { type: 'value', name: '平均轮廓系数', nameLocation: 'middle', nameGap: 45, min: 0, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      ],
      series: [
        { type: 'line', name: '组内平方和', data: wss.map((v) => num(v, 3)), symbolSize: 7, itemStyle: { color: PALETTE[0] }, markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: '#909399' }, label: { formatter: `k = ${chosen}` }, data: [{ xAxis: String(chosen) }] } },
        { type: 'line', name: '平均轮廓系数', yAxisIndex: 1, data: sil.map((v) => num(v, 3)), symbolSize: 7, itemStyle: { color: PALETTE[1] }, lineStyle: { type: 'dashed' } },
      ],
    },
  };
}

function dendrogramChart(merge: [number, number][], height: number[], order: number[], cut: number | null): ReportBlock {
  const tree = { merge, height, order: order.map((o) => o - 1) };
  return {
    type: 'chart',
    title: '图3 聚类树（树状图）',
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { show: false },
      grid: { left: 70, right: 30, top: 40, bottom: 40 },
      xAxis: { type: 'value', min: -0.5, max: order.length - 0.5, name: '研究对象（按聚类树排列）', nameLocation: 'middle', nameGap: 20, axisLabel: { show: false }, axisTick: { show: false }, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: '合并高度', nameLocation: 'middle', nameGap: 50, min: 0, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series: [
        {
          type: 'lines',
          name: '聚类树',
          coordinateSystem: 'cartesian2d',
          polyline: true,
          silent: true,
          lineStyle: { color: '#303133', width: 1 },
          data: dendrogramLines(tree),
          ...(cut !== null ? { markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: '#F56C6C' }, label: { formatter: '切割高度' }, data: [{ yAxis: Number(cut.toPrecision(6)) }] } } : {}),
        },
      ],
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const xs = fieldList(params.x);
  if (xs.length < 2) throw new ToolInputError('请至少选择 2 个聚类指标');
  requireVariables(data, xs);
  const dup = xs.find((v, i) => xs.indexOf(v) !== i);
  if (dup) throw new ToolInputError(`指标“${dup}”被重复选择`);
  const method = typeof params.method === 'string' && params.method in METHOD_NAMES ? params.method : 'kmeans';
  const kmeans = method === 'kmeans';
  const standardize = params.standardize !== false;
  const seed = intParam(params.seed, 2024, 1, 2 ** 31 - 1, '随机种子');
  const starts = intParam(params.starts, 25, 1, 200, '随机起点数');
  const kmax = intParam(params.kmax, 8, 3, 15, '比较的最大类别数');
  let k = intParam(params.k, 3, 2, 15, '类别数 k');
  const height = typeof params.height === 'number' && params.height > 0 && !kmeans ? params.height : null;
  const columns = xs.map((v) => data.numeric(v));
  const rowsAll = Array.from({ length: data.rows }, (_, i) => i).filter((i) => columns.every((c) => c[i] !== null && Number.isFinite(c[i]!)));
  const n = rowsAll.length;
  if (n <= xs.length) throw new ToolInputError(`完整观测只有 ${n} 行，不多于聚类指标数（${xs.length} 个），无法聚类；请增加样本或减少指标`);
  for (const [j, c] of columns.entries()) {
    const v = rowsAll.map((i) => c[i]!);
    if (v.every((x) => x === v[0])) throw new ToolInputError(`聚类指标“${xs[j]}”在完整观测中取值全部相同，请去掉该指标`);
  }
  // Standardised (or raw) points of the complete rows, as the engine uses them.
  const pts = columns.map((c) => {
    const v = rowsAll.map((i) => c[i]!);
    const m = v.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (n - 1));
    return standardize ? v.map((x) => (x - m) / sd) : v;
  });
  const wssOf = (cl: readonly number[]): number => {
    let total = 0;
    for (const col of pts) {
      const sums = new Map<number, [number, number]>();
      cl.forEach((c, i) => {
        const s = sums.get(c) ?? [0, 0];
        sums.set(c, [s[0] + col[i]!, s[1] + 1]);
      });
      cl.forEach((c, i) => {
        const [s, m] = sums.get(c)!;
        total += (col[i]! - s / m) ** 2;
      });
    }
    return total;
  };
  const totss = wssOf(new Array<number>(n).fill(1));
  const maxK = Math.min(kmax, n - 1);
  const ks = Array.from({ length: maxK }, (_, i) => i + 1);

  let tree: ReturnType<typeof hierarchicalClustering> | null = null;
  let partitionOf: (kk: number) => number[];
  let iterations: number | null = null;
  if (kmeans) {
    const fits = new Map<number, ReturnType<typeof kMeans>>();
    partitionOf = (kk) => {
      if (!fits.has(kk)) fits.set(kk, asInputError('聚类分析', () => kMeans(columns, { k: kk, names: xs, seed, starts, standardize })));
      return fits.get(kk)!.cluster;
    };
    partitionOf(k);
    iterations = fits.get(k)!.iterations;
  } else {
    if (n > 20000) throw new ToolInputError(`层次聚类最多支持 20000 个观测（当前 ${n} 个），请改用 k 均值聚类`);
    tree = asInputError('聚类分析', () => hierarchicalClustering(columns, { method: method as LinkageMethod, names: xs, standardize }));
    const t = tree;
    partitionOf = (kk) => cutTree(t.merge, kk);
    if (height !== null) {
      k = n - t.height.filter((h) => h <= height).length;
      if (k < 2) throw new ToolInputError(`在高度 ${height} 处切割只得到 1 个类别（最大合并高度为 ${num(t.height[t.height.length - 1], 3)}），请降低切割高度`);
      if (k > 15) throw new ToolInputError(`在高度 ${height} 处切割得到 ${k} 个类别，多于 15 个，请提高切割高度或改按类别数切割`);
    }
  }
  if (k >= n) throw new ToolInputError(`类别数 k（${k}）须小于完整观测数（${n}）`);
  const cluster = partitionOf(k);
  const sil = asInputError('轮廓系数', () => (n > SILHOUETTE_SAMPLE_N ? sampledSilhouette(pts, cluster, k, xs) : silhouette(columns, cluster, { names: xs, standardize })));
  const curve = ks.map((kk) => {
    if (kk === 1) return { k: 1, wss: totss, sil: null as number | null };
    const cl = kk === k ? cluster : partitionOf(kk);
    const s = kk === k ? sil.mean : n <= SILHOUETTE_MAX_N ? silhouette(columns, cl, { names: xs, standardize }).mean : null;
    return { k: kk, wss: wssOf(cl), sil: s };
  });
  const withSil = curve.filter((c) => c.sil !== null) as Array<{ k: number; wss: number; sil: number }>;
  const bestK = withSil.reduce((b, c) => (c.sil > b.sil ? c : b), withSil[0]!).k;
  const wss = wssOf(cluster);
  const rSquared = (totss - wss) / totss;
  const sizes = Array.from({ length: k }, (_, c) => cluster.filter((x) => x === c + 1).length);
  const excluded = data.rows - n;
  const methodName = METHOD_NAMES[method]!;
  const names = Array.from({ length: k }, (_, c) => `第${c + 1}类`);

  // Profiles in original units (mean ± SD per cluster).
  const raw = columns.map((c) => rowsAll.map((i) => c[i]!));
  const meanSd = (v: readonly number[]) => {
    const m = v.reduce((s, x) => s + x, 0) / v.length;
    const sd = v.length > 1 ? Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1)) : NaN;
    return { m, sd };
  };
  const fmtMs = (v: readonly number[]) => {
    const { m, sd } = meanSd(v);
    return `${num(m, 2)} ± ${Number.isFinite(sd) ? num(sd, 2) : '—'}`;
  };
  const profileRows = xs.map((v, j) => [v, ...names.map((_, c) => fmtMs(raw[j]!.filter((_, i) => cluster[i] === c + 1))), fmtMs(raw[j]!)]);
  const zProfiles = names.map((name, c) => ({
    name,
    points: xs.map((_, j) => {
      const { m, sd } = meanSd(pts[j]!.filter((_, i) => cluster[i] === c + 1));
      return { mean: m, lower: m - (Number.isFinite(sd) ? sd : 0), upper: m + (Number.isFinite(sd) ? sd : 0) };
    }),
  }));
  // Which indicators stand out in each cluster (standardised centre beyond ±0.5 SD).
  const standouts = names.map((_, c) => {
    const hi: string[] = [];
    const lo: string[] = [];
    xs.forEach((v, j) => {
      const all = meanSd(raw[j]!);
      const m = meanSd(raw[j]!.filter((_, i) => cluster[i] === c + 1)).m;
      const z = (m - all.m) / all.sd;
      if (z >= 0.5) hi.push(v);
      else if (z <= -0.5) lo.push(v);
    });
    return { hi, lo };
  });

  const footMissing = excluded > 0 ? [`${excluded} 行因所选指标有缺失值未参与聚类（列表删除），分析 ${n} 行；这些行在新数据文件中不出现。`] : [];
  const methodNote = kmeans
    ? `k 均值聚类：每个随机起点用 k-means++ 选初始中心，Lloyd 迭代后再做 Hartigan 单点调整，${starts} 个起点中取组内平方和最小者（随机种子 ${seed}，结果可重复）。R 的 kmeans 用不同的随机数，类别编号可能不同，但最优划分与组内平方和应一致。`
    : `${methodName}：欧氏距离，Lance–Williams 递推，同 R 的 hclust(dist(x), "${method}")；${height !== null ? `在高度 ${height} 处切割（cutree(h = ${height})），得到 ${k} 类` : `切割为 ${k} 类（cutree(k = ${k})）`}。`;
  const sections: ToolOutput['sections'] = [
    {
      title: '聚类结果',
      blocks: [
        table(
          '表1 各类别的样本量与轮廓系数',
          ['类别', '例数', '构成比(%)', '平均轮廓系数'],
          [...names.map((name, c) => [name, sizes[c]!, num((100 * sizes[c]!) / n, 1), num(sil.clusterMeans[c], 3)]), ['合计', n, 100, num(sil.mean, 3)]],
          [
            `聚类指标：${quoted(xs)}；${standardize ? '各指标先标准化（z 分数）' : '未标准化（原始单位）'}，欧氏距离。`,
            methodNote,
            `组内平方和 = ${num(wss, 3)}，总平方和 = ${num(totss, 3)}，类间平方和占比 R² = ${num(rSquared, 3)}。`,
            '轮廓系数 s =（b − a）/ max(a, b)，a 为与本类其他对象的平均距离，b 为与最近的另一类的平均距离（同 R 的 cluster::silhouette）；> 0.5 结构较清晰，0.25 ~ 0.5 结构一般，< 0.25 结构不明显。',
            ...footMissing,
          ],
        ),
        table('表2 各类别的指标特征（均数 ± 标准差）', ['指标', ...names, '合计'], profileRows, [
          '各类别的指标差异是聚类的结果，不宜再用方差分析的 P 值“证明”类别之间有差异（类别本来就是按这些指标分出来的）；请结合专业意义为各类命名（见图1）。',
        ]),
        profileChart(xs, zProfiles, { title: '图1 各类别的标准化指标均数（± 1 SD）', xName: '聚类指标', yName: '标准化均数（z 分数）', barLabel: '误差线：± 1 SD' }),
      ],
    },
    {
      title: '选择类别数',
      blocks: [
        table(
          '表3 不同类别数的组内平方和与轮廓系数',
          ['类别数 k', '组内平方和', 'R²（类间 / 总）', '平均轮廓系数'],
          curve.map((c) => [c.k === k ? `${c.k}（本次）` : String(c.k), num(c.wss, 3), num((totss - c.wss) / totss, 3), c.sil === null ? '—' : num(c.sil, 3)]),
          [
            `肘部法：组内平方和随 k 增大而下降，下降明显变缓处（“肘部”）的 k 较合适。轮廓系数法：平均轮廓系数最大的 k 较合适（本次为 k = ${bestK}）。`,
            kmeans ? `每个 k 都用相同的种子与起点数重新做 k 均值聚类。` : '每个 k 都由同一棵聚类树切割得到。',
            ...(n > SILHOUETTE_MAX_N ? [`样本量大于 ${SILHOUETTE_MAX_N}，只计算了本次 k 的轮廓系数。`] : []),
            ...(n > SILHOUETTE_SAMPLE_N ? [SAMPLED_NOTE] : []),
          ],
        ),
        elbowChart(curve.map((c) => c.k), curve.map((c) => c.wss), curve.map((c) => c.sil), k),
      ],
    },
  ];
  if (tree) {
    const cut = height ?? (tree.height[n - k - 1]! + tree.height[n - k]!) / 2;
    sections.push({
      title: '聚类树',
      blocks:
        n <= DENDROGRAM_MAX_N
          ? [dendrogramChart(tree.merge, tree.height, tree.order, cut), text(`虚线为切割位置（高度 ${num(cut, 3)}），与虚线相交的竖线数即类别数（${k} 类）。`)]
          : [text(`样本量为 ${n}，多于 ${DENDROGRAM_MAX_N}，聚类树过密，不再绘制；类别划分不受影响。`)],
    });
  }

  const describeCluster = (c: number) => {
    const { hi, lo } = standouts[c]!;
    const bits = [...(hi.length > 0 ? [`${quoted(hi)}偏高`] : []), ...(lo.length > 0 ? [`${quoted(lo)}偏低`] : [])];
    return `${names[c]} ${sizes[c]} 例（${num((100 * sizes[c]!) / n, 1)}%）${bits.length > 0 ? `，${bits.join('、')}` : '，各指标接近总体均数'}`;
  };
  const structure = sil.mean > 0.5 ? '类别结构较清晰' : sil.mean >= 0.25 ? '类别结构一般' : '类别结构不明显';
  const parts = [
    `以${quoted(xs)}共 ${xs.length} 个指标${standardize ? '（标准化后）' : ''}对 ${n} 例研究对象进行${methodName}，分为 ${k} 类：${names.map((_, c) => describeCluster(c)).join('；')}。`,
    `类间平方和占总平方和的 ${num(100 * rSquared, 1)}%，平均轮廓系数为 ${num(sil.mean, 3)}，${structure}。`,
    bestK === k ? `在 k = 2 ~ ${maxK} 中，k = ${k} 的平均轮廓系数最大，支持分为 ${k} 类。` : `在 k = 2 ~ ${maxK} 中，平均轮廓系数在 k = ${bestK} 时最大（${num(withSil.find((c) => c.k === bestK)!.sil, 3)}），请结合肘部图与专业意义确定类别数。`,
    '各对象的类别已另存为新数据文件中的“聚类类别”列。',
  ];
  const caveats = [
    '聚类分析总会给出类别，不论数据中是否真有分组；类别数与方法的选择有主观成分，应结合专业意义解释，并最好在另一样本中验证类别的稳定性。',
    kmeans ? 'k 均值聚类假定各类大致呈球形、大小相近，对离群值敏感；可换用不同的种子或层次聚类（Ward 法）核对结果是否一致。' : '层次聚类一旦合并不可撤销，对离群值与指标的选择敏感；最短距离法易出现“链状”的大类。',
  ];
  if (sizes.some((s) => s < Math.max(5, 0.05 * n))) caveats.push(`有类别的例数很少（${minOf(sizes)} 例），可能是离群值形成的小类，可检查这些对象或减少类别数。`);
  if (!standardize) caveats.push('未标准化：数值范围大的指标在距离中占主导，请确认这是想要的。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n,
    excluded,
    variables: xs.length,
    method,
    k,
    standardize: standardize ? 1 : 0,
    seed: kmeans ? seed : null,
    starts: kmeans ? starts : null,
    iterations,
    cutHeight: height,
    totWithinss: wss,
    totss,
    rSquared,
    silhouette: sil.mean,
    bestSilhouetteK: bestK,
    minClusterSize: minOf(sizes),
  };
  sizes.forEach((s, c) => {
    results[`size.${c + 1}`] = s;
    results[`silhouette.${c + 1}`] = sil.clusterMeans[c]!;
  });
  curve.forEach((c) => {
    results[`wss.k${c.k}`] = c.wss;
    if (c.sil !== null) results[`silhouette.k${c.k}`] = c.sil;
  });
  return {
    title: `聚类分析：${methodName}，${k} 类`,
    sections,
    results,
    derivedData: { suffix: '_聚类', rows: rowsAll, columns: [{ name: '聚类类别', values: cluster }] },
  };
}

const SAMPLED_NOTE = `观测数大于 ${SILHOUETTE_SAMPLE_N}：轮廓系数在按类别分层、固定随机种子（${SAMPLE_SEED}）抽取的约 ${SILHOUETTE_SAMPLE_N} 个观测中计算（各类至少 100 个或全部），总平均按各类例数加权；精确计算需要全部观测两两之间的距离。`;

/**
 * Silhouette widths of a seeded sample stratified by cluster: each cluster keeps its share of
 * SILHOUETTE_SAMPLE_N (at least 100 or all of it), widths are computed within the sample on the
 * already scaled points, and the overall mean weights each cluster's mean by its full size.
 */
function sampledSilhouette(pts: readonly (readonly number[])[], cluster: readonly number[], k: number, names: readonly string[]) {
  const n = cluster.length;
  const members = Array.from({ length: k }, () => [] as number[]);
  cluster.forEach((c, i) => members[c - 1]!.push(i));
  const rows = members.flatMap((m, c) => {
    const take = Math.min(m.length, Math.max(100, Math.round((SILHOUETTE_SAMPLE_N * m.length) / n)));
    return sampleIndices(m.length, take, SAMPLE_SEED + c).map((j) => m[j]!);
  });
  const sub = silhouette(
    pts.map((col) => rows.map((i) => col[i]!)),
    rows.map((i) => cluster[i]!),
    { names, standardize: false },
  );
  const mean = sub.clusterMeans.reduce((s, m, c) => s + m * members[c]!.length, 0) / n;
  return { ...sub, mean };
}
