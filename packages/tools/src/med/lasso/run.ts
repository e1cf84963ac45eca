// LASSO 变量筛选: the elastic-net path (glmnet) of a continuous, binary or survival outcome on the
// chosen candidates (factors as dummy columns), k-fold cross-validation with a seed, and the
// variables kept at λ.min and λ.1se with their shrunken coefficients (OR/HR), the coefficient path
// and the CV curve. The first step of a clinical prediction model; the chosen variables are refitted
// in an ordinary model by the logistic/Cox tools.
import { lassoCv, StatsError, type LassoCvResult, type LassoFamily } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { requireVariables } from '../../common.js';
import { fieldList, modelInput, quoted, type ModelInput } from '../../model-input.js';
import { termRows } from '../../model-terms.js';
import { cvChart, pathChart } from '../../penalized-charts.js';
import { num, table, text } from '../../report-helpers.js';
import { missingNote, numericValues, readSurvival } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';


type OutcomeType = 'binary' | 'survival' | 'continuous';
const FAMILY: Record<OutcomeType, LassoFamily> = { binary: 'binomial', survival: 'cox', continuous: 'gaussian' };
const MIN_EVENTS = 10;

const intParam = (v: unknown, fallback: number, lo: number, hi: number, what: string): number => {
  if (v === null || v === undefined || v === '') return fallback;
  const x = Number(v);
  if (!Number.isInteger(x) || x < lo || x > hi) throw new ToolInputError(`“${what}”须为 ${lo} ~ ${hi} 之间的整数`);
  return x;
};

interface Outcome {
  type: OutcomeType;
  input: ModelInput;
  /** Binary 0/1 or continuous values, per analysed row. */
  y: number[] | null;
  time: number[] | null;
  status: number[] | null;
  /** Events (binary/survival) in the analysed rows. */
  events: number | null;
  label: string;
  notes: string[];
}

function readOutcome(data: DataTable, params: Params, type: OutcomeType): Outcome {
  if (type === 'survival') {
    const timeName = String(params.time ?? '');
    const statusName = String(params.status ?? '');
    const candidates = [...fieldList(params.x), ...fieldList(params.factors)];
    const clash = candidates.find((c) => c === timeName || c === statusName);
    if (clash !== undefined) throw new ToolInputError(`变量“${clash}”已作为生存时间或结局，不能同时作为候选变量`);
    // readSurvival checks the outcome (times > 0, which value is the event); modelInput the
    // candidates; both drop the same rows (any used column missing).
    const surv = readSurvival(data, params, [...fieldList(params.x).map((name) => ({ name, kind: 'numeric' as const })), ...fieldList(params.factors).map((name) => ({ name, kind: 'categorical' as const }))]);
    const time = numericValues(data, timeName);
    const statusText = data.text(statusName);
    const input = modelInput(data, params, statusName, [
      { name: timeName, present: (i) => time[i] !== null },
      { name: statusName, present: (i) => (statusText[i] ?? '').trim() !== '' },
    ]);
    if (input.rows.length !== surv.rows.length) throw new ToolInputError('生存结局与候选变量的缺失行不一致，请检查数据');
    return { type, input, y: null, time: surv.time, status: surv.status, events: surv.events, label: `生存结局（“${timeName}”，“${statusName}”）`, notes: [surv.codingNote] };
  }
  const yName = String(params.y ?? '');
  if (!yName) throw new ToolInputError('请选择结局变量');
  requireVariables(data, [yName]);
  if (type === 'continuous') {
    const yv = numericValues(data, yName);
    const input = modelInput(data, params, yName, [{ name: yName, present: (i) => yv[i] !== null }]);
    const y = input.rows.map((i) => yv[i]!);
    if (y.every((v) => v === y[0])) throw new ToolInputError(`结局变量“${yName}”在分析的行中取值恒定，无法分析`);
    return { type, input, y, time: null, status: null, events: null, label: `“${yName}”`, notes: [] };
  }
  const yText = data.text(yName);
  const input = modelInput(data, params, yName, [{ name: yName, present: (i) => (yText[i] ?? '').trim() !== '' }]);
  const values = input.rows.map((i) => yText[i]!.trim());
  const coding = binaryLevels(values, yName, String(params.positive ?? ''), '结局变量');
  const y = values.map((v) => (v === coding.positive ? 1 : 0));
  return { type, input, y, time: null, status: null, events: y.reduce<number>((a, b) => a + b, 0), label: `“${yName}”为“${coding.positive}”`, notes: [levelNote('结局变量', yName, coding, '代表结局发生的取值')] };
}

const log = (v: number) => Math.log(v);

export function run(data: DataTable, params: Params): ToolOutput {
  const type: OutcomeType = params.outcomeType === 'survival' ? 'survival' : params.outcomeType === 'continuous' ? 'continuous' : 'binary';
  const family = FAMILY[type];
  const alphaRaw = params.alpha === null || params.alpha === undefined || params.alpha === '' ? 1 : Number(params.alpha);
  if (!(alphaRaw > 0 && alphaRaw <= 1)) throw new ToolInputError('α 须大于 0 且不大于 1（1 为 LASSO；α = 0 的岭回归不筛选变量）');
  const alpha = alphaRaw;
  const nfolds = intParam(params.nfolds, 10, 3, 20, '交叉验证折数');
  const seed = intParam(params.seed, 2024, 1, 999999, '随机种子');
  const rule: 'min' | '1se' = params.lambdaRule === 'min' ? 'min' : '1se';

  const out = readOutcome(data, params, type);
  const { input } = out;
  const n = input.rows.length;
  const rows = termRows(input.names, input.levels);
  const design = rows.filter((r) => !r.reference);
  const columns = design.map((r) => r.column!);
  const label = (r: (typeof design)[number]) => (r.level === null ? r.variable : `${r.variable}：${r.level}`);
  const xcols: number[][] = design.map((r) => {
    const p = input.predictors.find((q) => q.name === r.variable)!;
    return r.level === null ? (p.values as number[]).slice() : (p.values as string[]).map((v) => (v === r.level ? 1 : 0));
  });
  if (columns.length < 2) throw new ToolInputError('LASSO 用于从多个候选变量中筛选，请至少选择 2 个候选变量（或 1 个多分类变量）');
  if (n < 3 * nfolds) throw new ToolInputError(`分析的行只有 ${n} 行，${nfolds} 折交叉验证每折至少需要 3 例；请减少折数或增加样本`);
  const events = out.events;
  const minority = type === 'binary' ? Math.min(events!, n - events!) : events;
  if (minority !== null && minority < MIN_EVENTS) {
    const what = type === 'binary' ? `结局中较少一类只有 ${minority} 例` : `只有 ${minority} 个事件`;
    throw new ToolInputError(`${what}（“${type === 'binary' ? String(params.y) : String(params.status)}”），少于 ${MIN_EVENTS} 例，交叉验证与变量筛选都不可靠；请增加样本或改用更常见的结局`);
  }
  if (minority !== null && minority < nfolds) throw new ToolInputError(`事件数（${minority}）少于折数（${nfolds}），部分折没有事件；请减少折数`);

  let cv: LassoCvResult;
  try {
    cv = lassoCv(xcols, type === 'survival' ? { time: out.time!, status: out.status! } : { y: out.y! }, family, { alpha, nfolds, seed });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`LASSO 拟合失败：${err.message}`);
    throw err;
  }
  const sd = xcols.map((c) => {
    const m = c.reduce((a, b) => a + b, 0) / n;
    return Math.sqrt(c.reduce((a, v) => a + (v - m) ** 2, 0) / n);
  });
  const bMin = cv.path.beta[cv.indexMin]!;
  const bSe = cv.path.beta[cv.indexSe]!;
  const chosen = rule === 'min' ? bMin : bSe;
  const ruleName = rule === 'min' ? 'λ.min' : 'λ.1se';
  const selected = (b: readonly number[]) => design.filter((_, j) => b[j] !== 0);
  const selMin = selected(bMin);
  const selSe = selected(bSe);
  const selChosen = selected(chosen);
  const ratio = type === 'binary' ? 'OR' : type === 'survival' ? 'HR' : null;
  const measureName = type === 'continuous' ? '均方误差（MSE）' : type === 'binary' ? '二项偏差（Binomial Deviance）' : '偏似然偏差（Partial Likelihood Deviance）';
  const methodName = alpha === 1 ? 'LASSO' : `弹性网络（α = ${alpha}）`;
  const modelName = { binary: 'Logistic', survival: 'Cox', continuous: '线性' }[type];
  const nCandidates = input.names.length;
  const epv = minority !== null ? minority / columns.length : null;

  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 分析样本与设置',
        ['纳入例数', type === 'continuous' ? '结局均值' : type === 'binary' ? '结局发生' : '事件数', '因缺失排除', '候选变量', '设计矩阵列数', ...(epv !== null ? ['每列事件数（EPV）'] : []), '方法', '交叉验证', '随机种子'],
        [
          [
            n,
            type === 'continuous' ? num(out.y!.reduce((a, b) => a + b, 0) / n, 3) : `${events}（${num((100 * events!) / n, 1)}%）`,
            input.excluded,
            nCandidates,
            columns.length,
            ...(epv !== null ? [num(epv, 1)] : []),
            `${modelName} ${methodName}`,
            `${nfolds} 折`,
            seed,
          ],
        ],
        [
          ...out.notes,
          missingNote(input.excluded),
          ...(input.fs.length > 0 ? [`分类变量${quoted(input.fs)}按参照水平转为哑变量（参照：${input.fs.map((f) => `${f}=${input.levels.get(f)![0]}`).join('；')}），每个非参照类别一列、分别筛选（同 R 的 model.matrix + glmnet）。`] : []),
          '候选变量按 1/n 方差标准化后压缩（glmnet 的 standardize = TRUE），系数换算回原始单位报告。',
          ...(epv !== null ? [`EPV 为${type === 'binary' ? '结局中较少一类的例数' : '事件数'}除以设计矩阵列数。`] : []),
        ],
      ),
    ],
  });

  const lambdaRow = (name: string, k: number) => [name, num(cv.lambda[k]!, 5), num(log(cv.lambda[k]!), 3), num(cv.cvm[k]!, 4), num(cv.cvsd[k]!, 4), cv.nzero[k]!];
  sections.push({
    title: '交叉验证与 λ 的选择',
    blocks: [
      table(
        '表2 交叉验证选出的 λ',
        ['准则', 'λ', 'log(λ)', `交叉验证${measureName}`, '标准误', '入选变量数'],
        [lambdaRow('λ.min（误差最小）', cv.indexMin), lambdaRow('λ.1se（最小误差 + 1 个标准误以内的最大 λ）', cv.indexSe)],
        [
          `λ 序列共 ${cv.lambda.length} 个值，自 λ_max = ${num(cv.lambda[0]!, 5)}（全部系数为 0）按对数等距递减（同 glmnet，nlambda = 100，lambda.min.ratio = ${n > columns.length ? '0.0001' : '0.01'}，路径在解释的偏差不再增加时提前结束）。`,
          `${nfolds} 折交叉验证：按随机种子 ${seed} 把 ${n} 例随机分为 ${nfolds} 折，每折轮流作验证集；交叉验证误差为各折${measureName}的加权平均，标准误为折间标准差 / √(折数 − 1)${type === 'survival' ? '；Cox 模型按 cv.glmnet 的 grouped 偏差（全部数据与训练集偏差之差，除以该折事件数）' : ''}。`,
          '分折使用本软件的随机数发生器，与 R 的 set.seed + sample 不同；R 代码使用 R 自己的分折，λ 路径与系数完全一致，λ.min / λ.1se 可能略有不同。',
        ],
      ),
      cvChart(cv, `交叉验证${measureName}`, `图1 ${nfolds} 折交叉验证曲线（点为均值，竖线为 ±1 个标准误；上方数字为入选变量数；虚线为 λ.min 与 λ.1se）`),
    ],
  });

  const cell = (b: number) => (b === 0 ? '0' : num(b, 4));
  const ratioCell = (b: number) => (b === 0 ? '—' : num(Math.exp(b), 3));
  const coefRows = design.map((r, j) => [label(r), cell(bMin[j]!), ...(ratio ? [ratioCell(bMin[j]!)] : []), cell(bSe[j]!), ...(ratio ? [ratioCell(bSe[j]!)] : [])]);
  if (type !== 'survival') coefRows.push(['（截距）', num(cv.path.intercept[cv.indexMin]!, 4), ...(ratio ? [''] : []), num(cv.path.intercept[cv.indexSe]!, 4), ...(ratio ? [''] : [])]);
  sections.push({
    title: '入选变量',
    blocks: [
      table(
        `表3 各候选变量在 λ.min 与 λ.1se 处的 ${methodName} 系数`,
        ['变量', 'λ.min 系数', ...(ratio ? [`λ.min ${ratio}`] : []), 'λ.1se 系数', ...(ratio ? [`λ.1se ${ratio}`] : [])],
        coefRows,
        [
          '系数为 0 表示该变量未入选。系数为原始单位（每增加 1 个单位，或相对于参照类别）的效应，且已被压缩向 0，小于普通回归的估计，不能据此给出置信区间或 P 值。',
          ...(ratio ? [`${ratio} = exp(系数)，仅说明方向与相对大小；报告效应请在 ${modelName === 'Logistic' ? '二元 Logistic 回归' : 'Cox 回归'}中重新拟合入选变量。`] : []),
          `λ.min 入选 ${selMin.length} 个：${selMin.length > 0 ? selMin.map(label).join('、') : '无'}；λ.1se 入选 ${selSe.length} 个：${selSe.length > 0 ? selSe.map(label).join('、') : '无'}。`,
        ],
      ),
      pathChart(cv, design.map(label), sd, `图2 ${methodName} 系数路径（纵轴为标准化系数 = 系数 × 标准差；虚线为 λ.min 与 λ.1se）`),
    ],
  });

  const results: ToolOutput['results'] = {
    outcomeType: type,
    n,
    events,
    excluded: input.excluded,
    candidates: nCandidates,
    columns: columns.length,
    epv,
    alpha,
    nfolds,
    seed,
    lambdaRule: rule,
    nLambda: cv.lambda.length,
    lambdaMax: cv.lambda[0]!,
    lambdaMin: cv.lambdaMin,
    lambdaSe: cv.lambdaSe,
    logLambdaMin: log(cv.lambdaMin),
    logLambdaSe: log(cv.lambdaSe),
    cvmMin: cv.cvm[cv.indexMin]!,
    cvsdMin: cv.cvsd[cv.indexMin]!,
    cvmSe: cv.cvm[cv.indexSe]!,
    cvsdSe: cv.cvsd[cv.indexSe]!,
    nSelectedMin: selMin.length,
    nSelectedSe: selSe.length,
    selectedMin: selMin.map(label).join('、'),
    selectedSe: selSe.map(label).join('、'),
    selectedVariables: [...new Set(selChosen.map((r) => r.variable))].join('、'),
    measure: cv.measure,
  };
  design.forEach((r, j) => {
    results[`coefMin.${r.column}`] = bMin[j]!;
    results[`coefSe.${r.column}`] = bSe[j]!;
    if (ratio) {
      results[`${ratio.toLowerCase()}Min.${r.column}`] = Math.exp(bMin[j]!);
      results[`${ratio.toLowerCase()}Se.${r.column}`] = Math.exp(bSe[j]!);
    }
  });

  // Conclusion, worded as a results section.
  const parts: string[] = [];
  const chosenVars = [...new Set(selChosen.map((r) => r.variable))];
  parts.push(
    `共纳入 ${n} 例${type === 'binary' ? `，其中${out.label} ${events} 例（${num((100 * events!) / n, 1)}%）` : type === 'survival' ? `，发生事件 ${events} 例` : ''}。` +
      `以${type === 'binary' ? `“${String(params.y)}”` : out.label}为结局，对 ${nCandidates} 个候选变量（${columns.length} 个设计列）进行 ${modelName} ${methodName} 回归，` +
      `经 ${nfolds} 折交叉验证，λ.min = ${num(cv.lambdaMin, 4)}（log(λ) = ${num(log(cv.lambdaMin), 3)}），λ.1se = ${num(cv.lambdaSe, 4)}（log(λ) = ${num(log(cv.lambdaSe), 3)}）。`,
  );
  parts.push(
    `按 ${ruleName} 准则，${selChosen.length > 0 ? `${selChosen.length} 个变量的系数不为 0 而入选：${selChosen.map(label).join('、')}` : '全部系数均被压缩为 0，没有变量入选'}` +
      `；${rule === 'min' ? `λ.1se 处入选 ${selSe.length} 个` : `λ.min 处入选 ${selMin.length} 个`}。`,
  );
  if (ratio && selChosen.length > 0) {
    const j = (r: (typeof design)[number]) => design.indexOf(r);
    parts.push(`入选变量中，${selChosen.filter((r) => chosen[j(r)]! > 0).map(label).join('、') || '无变量'}与结局风险增加有关，${selChosen.filter((r) => chosen[j(r)]! < 0).map(label).join('、') || '无变量'}与风险降低有关（压缩后的 ${ratio} 见表3）。`);
  }
  if (chosenVars.length > 0) parts.push(`建议以${quoted(chosenVars)}建立多因素 ${modelName === '线性' ? '线性' : modelName} 回归模型，并据此绘制列线图、评价区分度与校准度。`);
  const caveats: string[] = [
    `LASSO 的系数被压缩向 0，不是无偏的效应估计，也没有 P 值与置信区间：请把入选变量放入普通的${modelName === 'Logistic' ? '二元 Logistic 回归' : modelName === 'Cox' ? 'Cox 回归' : '线性回归'}重新拟合，报告 ${ratio ?? '回归系数'} 及其 95%CI。`,
    `交叉验证的分折是随机的：换一个种子，λ.min 与 λ.1se 及入选变量可能略有变化；本报告使用种子 ${seed}，同一种子结果完全相同。入选结果不稳定的变量（仅在 λ.min 入选）宜结合专业知识取舍。`,
  ];
  if (epv !== null && epv < 10) caveats.push(`每个候选列的事件数（EPV = ${num(epv, 1)}）少于 10；LASSO 能减轻但不能消除过拟合，最终模型的变量数宜使 EPV ≥ 10，并做内部验证（如 Bootstrap 校准）。`);
  if (input.fs.length > 0) caveats.push('多分类变量的各哑变量分别筛选，可能只选入部分类别；重新拟合时一般应纳入整个变量（全部类别）。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  return { title: `LASSO 变量筛选：${type === 'survival' ? `${String(params.time)}，${String(params.status)}` : String(params.y)}`, sections, results };
}

