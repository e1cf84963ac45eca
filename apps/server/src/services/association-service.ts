// The association drawer (spec 02 §2, §3; spec 01 §7 POST /anatools/association): hot tools by
// real usage, and recommended tools — what a statistician would run next after the current tool,
// and what the chosen file's variables call for (a binary outcome with numeric predictors →
// logistic regression and ROC; follow-up time and an event → Kaplan–Meier and Cox; …).
import { ToolPaths, type AssociationCard, type AssociationData, type VariableInfo } from '@labstat/contracts';
import { TOOLS, type ToolDefinition } from '@labstat/tools';
import { AppError } from '../errors.js';
import type { AssociationRepo, ToolUsage } from '../repositories/association-repo.js';
import type { FileService } from './file-service.js';

interface Suggestion {
  key: string;
  reason: string;
}

const s = (key: string, reason: string): Suggestion => ({ key, reason });

/** After a tool (by key): the usual next steps, most useful first. */
export const NEXT_STEPS: Record<string, Suggestion[]> = {
  'descriptive': [s('normality', '检查数值变量是否服从正态分布'), s('baseline-table', '按分组整理基线特征表'), s('boxplot', '用箱线图展示分布')],
  'normality': [s('ttest-independent', '近似正态时比较两组均值'), s('mann-whitney', '不满足正态时比较两组'), s('descriptive', '查看集中与离散趋势')],
  'ttest-independent': [s('mann-whitney', '不满足正态性时的非参数替代'), s('normality', '检验各组是否近似正态'), s('boxplot', '用箱线图展示两组差异'), s('flow-two-groups', '按数据自动选择两组比较方法')],
  'ttest-paired': [s('wilcoxon-signed-rank', '差值不满足正态性时的非参数替代'), s('normality', '检验配对差值的正态性'), s('bland-altman', '评价两种测量的一致性')],
  'anova-oneway': [s('kruskal-wallis', '不满足正态或方差齐时的非参数替代'), s('boxplot', '用箱线图展示多组差异'), s('factorial-anova', '同时考察两个因素及其交互'), s('normality', '检验各组是否近似正态')],
  'mann-whitney': [s('ttest-independent', '数据近似正态时的参数检验'), s('boxplot', '用箱线图展示两组分布'), s('ks-two-sample', '比较两组分布形状')],
  'kruskal-wallis': [s('anova-oneway', '数据近似正态时的参数检验'), s('boxplot', '用箱线图展示多组分布')],
  'wilcoxon-signed-rank': [s('ttest-paired', '差值近似正态时的参数检验'), s('friedman', '三次及以上重复测量')],
  'one-sample': [s('normality', '检验数据是否近似正态'), s('wilcoxon-signed-rank', '不满足正态时的非参数方法'), s('descriptive', '查看集中与离散趋势')],
  'chisq': [s('trend-chisq', '有序分组的率是否呈趋势'), s('cmh', '按分层因素校正后的关联'), s('logistic-regression', '校正多个因素后的关联')],
  'trend-chisq': [s('chisq', '不考虑顺序的组间比较'), s('ordinal-logistic', '有序结局的回归分析')],
  'cmh': [s('chisq', '不分层的关联检验'), s('logistic-regression', '同时校正多个混杂因素')],
  'mcnemar': [s('kappa', '评价两次判断的一致性'), s('chisq', '两个独立样本的率比较')],
  'correlation': [s('linear-regression', '用一个变量预测另一个变量'), s('scatter', '用散点图展示相关关系')],
  'linear-regression': [s('correlation', '先看变量两两之间的相关'), s('scatter', '散点图与拟合线'), s('normality', '检查残差或结局的正态性')],
  'logistic-regression': [s('roc-curve', '评价模型或指标的区分能力'), s('baseline-table', '比较结局两组的基线特征'), s('diagnostic-test', '按截断值计算灵敏度与特异度')],
  'multinomial-logistic': [s('ordinal-logistic', '结局各类别有顺序时'), s('logistic-regression', '结局只有两类时')],
  'ordinal-logistic': [s('multinomial-logistic', '不满足比例优势假定时'), s('trend-chisq', '单因素的趋势检验')],
  'count-regression': [s('linear-regression', '结局为连续变量时'), s('descriptive', '查看计数的均值与方差')],
  'roc-curve': [s('diagnostic-test', '按截断值计算灵敏度、特异度与预测值'), s('logistic-regression', '多个指标联合预测')],
  'diagnostic-test': [s('roc-curve', '连续指标的最佳截断值与 AUC'), s('kappa', '两种方法判断的一致性'), s('mcnemar', '两种方法阳性率的配对比较')],
  'baseline-table': [s('ttest-independent', '逐个比较两组的数值变量'), s('chisq', '逐个比较两组的分类变量'), s('logistic-regression', '校正混杂后的多因素分析')],
  'kaplan-meier': [s('cox-regression', '校正协变量后比较生存风险'), s('baseline-table', '比较各组基线特征')],
  'cox-regression': [s('kaplan-meier', '绘制生存曲线并做 log-rank 检验'), s('baseline-table', '比较各组基线特征')],
  'kappa': [s('icc', '连续测量值的一致性'), s('mcnemar', '两次判断阳性率是否不同')],
  'icc': [s('bland-altman', '两种测量方法的一致性界限'), s('kappa', '分类判断的一致性')],
  'bland-altman': [s('icc', '多位评价者或方法的信度'), s('ttest-paired', '两种方法是否存在系统差异')],
  'friedman': [s('repeated-anova', '数据近似正态时的重复测量方差分析'), s('wilcoxon-signed-rank', '两两时间点的配对比较')],
  'repeated-anova': [s('friedman', '不满足正态时的非参数替代'), s('ttest-paired', '两个时间点的配对比较')],
  'factorial-anova': [s('anova-oneway', '只考察一个因素时'), s('boxplot', '按因素分组展示分布')],
  'ks-two-sample': [s('mann-whitney', '比较两组的位置差异'), s('normality', '检验单组的正态性')],
  'meta-binary': [s('meta-continuous', '结局为连续变量的 Meta 分析')],
  'meta-continuous': [s('meta-binary', '结局为二分类变量的 Meta 分析')],
  'boxplot': [s('ttest-independent', '两组均值的统计检验'), s('anova-oneway', '多组均值的统计检验'), s('mann-whitney', '两组分布的非参数检验')],
  'scatter': [s('correlation', '相关系数与检验'), s('linear-regression', '拟合回归方程')],
  'flow-two-groups': [s('ttest-independent', '直接做独立样本 t 检验'), s('mann-whitney', '直接做 Mann-Whitney U 检验'), s('boxplot', '用箱线图展示两组差异')],
  'flow-multi-groups': [s('anova-oneway', '直接做单因素方差分析'), s('kruskal-wallis', '直接做 Kruskal-Wallis 检验'), s('boxplot', '用箱线图展示多组差异')],
  'flow-paired': [s('ttest-paired', '直接做配对 t 检验'), s('wilcoxon-signed-rank', '直接做 Wilcoxon 符号秩检验')],
  'flow-categorical': [s('chisq', '直接做卡方检验'), s('trend-chisq', '有序分组的趋势检验'), s('logistic-regression', '多因素分析')],
  'flow-correlation': [s('correlation', '直接做相关分析'), s('linear-regression', '拟合回归方程'), s('scatter', '用散点图展示关系')],
  // Visual tools (issue 21): the test that goes with the figure, and a related figure.
  'histogram': [s('normality', '检验是否服从正态分布'), s('density', '用密度图比较各组分布'), s('descriptive', '集中与离散趋势的数值描述')],
  'density': [s('histogram', '直方图与正态曲线'), s('ridgeline', '多组分布的山脊图'), s('ks-two-sample', '检验两组分布是否相同')],
  'violin': [s('boxplot', '箱线图与显著性标注'), s('kruskal-wallis', '多组分布的非参数检验'), s('anova-oneway', '多组均值的比较')],
  'bar-means': [s('anova-oneway', '多组均值比较的完整报告'), s('ttest-independent', '两组均值比较的完整报告'), s('dot-errorbar', '均值与置信区间的点图')],
  'bar-grouped': [s('chisq', '两个分类变量的卡方检验'), s('mosaic', '用马赛克图展示关联'), s('pie', '单个分类变量的构成')],
  'line-errorbar': [s('repeated-anova', '重复测量资料的统计检验'), s('bar-means', '单个时间点的组间比较')],
  'pie': [s('bar-grouped', '按另一个变量分组的构成'), s('descriptive', '频数与百分比')],
  'qq-pp': [s('normality', '正态性检验的完整报告'), s('histogram', '直方图与正态曲线')],
  'ridgeline': [s('density', '叠加的密度曲线'), s('kruskal-wallis', '多组分布的非参数检验')],
  'dot-errorbar': [s('bar-means', '均值柱状图与显著性标注'), s('forest', '多个效应估计的森林图')],
  'heatmap': [s('correlation-heatmap', '变量之间的相关热图'), s('volcano', '差异表达的火山图')],
  'correlation-heatmap': [s('correlation', '相关系数的完整报告'), s('scatter-matrix', '变量两两的散点图矩阵')],
  'scatter-matrix': [s('correlation-heatmap', '相关系数热图'), s('scatter', '两个变量的散点图与拟合线')],
  'bubble': [s('scatter', '散点图与拟合线'), s('correlation', '相关系数与检验')],
  'radar': [s('bar-means', '各组均值的柱状图'), s('anova-oneway', '各组均值的统计检验')],
  'volcano': [s('heatmap', '差异基因的聚类热图'), s('venn-upset', '多组差异基因的交集')],
  'venn-upset': [s('volcano', '差异表达的火山图'), s('bar-grouped', '分类变量的分组柱状图')],
  'forest': [s('meta-binary', '二分类资料的 Meta 分析'), s('logistic-regression', 'Logistic 回归的 OR 与森林图')],
  'waterfall': [s('swimmer', '每例患者的治疗时间与事件'), s('kaplan-meier', '生存曲线与 Log-rank 检验')],
  'swimmer': [s('waterfall', '肿瘤缩小的瀑布图'), s('kaplan-meier', '生存曲线与 Log-rank 检验')],
  'dumbbell': [s('ttest-paired', '配对资料的统计检验'), s('lollipop', '单个指标的棒棒糖图')],
  'lollipop': [s('dumbbell', '两个时间点的哑铃图'), s('bar-means', '各组均值的柱状图')],
  'sankey': [s('bar-grouped', '分组/堆积柱状图'), s('chisq', '相邻阶段的卡方检验')],
  'mosaic': [s('chisq', '卡方检验的完整报告'), s('bar-grouped', '分组/堆积柱状图')],
  // Clinical prediction and causal inference (issue 22).
  'lasso': [s('logistic-regression', '用入选变量拟合多因素 Logistic 模型'), s('cox-regression', '用入选变量拟合 Cox 模型'), s('nomogram', '把最终模型画成列线图'), s('prediction-model-flow', '一站式完成筛选、建模与验证')],
  'rcs': [s('logistic-regression', '以线性项纳入时的多因素模型'), s('cox-regression', '生存结局的多因素模型'), s('subgroup-forest', '各亚组中的效应是否一致')],
  'nomogram': [s('model-validation', '评价模型的区分度与校准度'), s('dca', '评价模型的临床获益'), s('roc-curve', '模型预测概率的 ROC 曲线')],
  'model-validation': [s('dca', '评价模型的临床获益'), s('nomogram', '把模型画成列线图'), s('roc-curve', '比较多个模型的 AUC')],
  'dca': [s('model-validation', '校准曲线与 Bootstrap 内部验证'), s('roc-curve', '预测概率的 ROC 曲线'), s('nomogram', '把模型画成列线图')],
  'subgroup-forest': [s('logistic-regression', '含交互项的完整回归模型'), s('cox-regression', '生存结局的多因素模型'), s('forest', '自定义森林图')],
  'psm': [s('baseline-table', '匹配后数据的基线特征表'), s('logistic-regression', '在匹配后数据中估计效应'), s('cox-regression', '在匹配后数据中做生存分析'), s('iptw', '改用逆概率加权保留全部样本')],
  'iptw': [s('psm', '改用倾向性评分匹配'), s('baseline-table', '加权前的基线特征'), s('logistic-regression', '在加权数据中估计效应')],
  'competing-risks': [s('kaplan-meier', '不考虑竞争事件的生存曲线'), s('cox-regression', '病因别风险的 Cox 模型')],
  'prediction-model-flow': [s('model-validation', '更多验证指标与校准方法'), s('dca', '与其他模型比较临床获益'), s('nomogram', '单独调整列线图')],
  // Advanced tools (issue 23).
  'pca': [s('efa', '探索潜在因子结构'), s('cluster-analysis', '按主成分得分聚类'), s('correlation-heatmap', '查看变量间相关结构')],
  'efa': [s('reliability', '各因子条目的信度'), s('pca', '主成分降维'), s('correlation-heatmap', '条目间相关热图')],
  'reliability': [s('efa', '检验量表的结构效度'), s('cfa', '验证性因子分析检验量表结构'), s('descriptive', '各条目的描述统计')],
  'cfa': [s('reliability', '各因子条目的内部一致性信度'), s('efa', '结构不理想时探索因子结构'), s('mediation', '用因子得分做中介分析')],
  'cluster-analysis': [s('discriminant', '用判别分析验证与预测类别'), s('anova-oneway', '比较各类别的指标'), s('pca', '降维后再聚类')],
  'mice': [s('linear-regression', '在插补数据上建模'), s('logistic-regression', '在插补数据上建模'), s('descriptive', '插补前后的描述统计')],
  'stepwise-regression': [s('linear-regression', '对最终模型做完整诊断'), s('ridge-regression', '共线性明显时改用岭回归'), s('lasso', '用 LASSO 做变量筛选')],
  'ridge-regression': [s('lasso', '同时做变量筛选'), s('linear-regression', '普通最小二乘回归'), s('stepwise-regression', '逐步法筛选变量')],
  'curve-estimation': [s('scatter', '散点图与拟合线'), s('rcs', '用限制性立方样条拟合非线性关系'), s('linear-regression', '多因素线性回归')],
  'mediation': [s('moderation', '检验调节效应'), s('linear-regression', '各路径的完整回归报告'), s('correlation', '变量间的相关')],
  'moderation': [s('mediation', '检验中介效应'), s('linear-regression', '含交互项的完整回归'), s('subgroup-forest', '分组比较效应')],
  'gee': [s('repeated-anova', '重复测量方差分析'), s('mixed-model', '线性混合模型（个体随机效应）'), s('line-errorbar', '各时间点的均值折线图'), s('logistic-regression', '不考虑重复测量的模型')],
  'mixed-model': [s('gee', '广义估计方程（总体平均效应）'), s('repeated-anova', '重复测量方差分析'), s('line-errorbar', '各时间点的均值折线图')],
  'discriminant': [s('cluster-analysis', '无已知分组时的聚类'), s('multinomial-logistic', '多分类 Logistic 回归'), s('pca', '主成分降维')],
  'canonical-correlation': [s('correlation', '两两相关分析'), s('pca', '各变量组的降维'), s('correlation-heatmap', '相关热图')],
  'correspondence': [s('chisq', '卡方检验的完整报告'), s('mosaic', '用马赛克图展示关联'), s('bar-grouped', '分组/堆积柱状图')],
  'multiple-response': [s('chisq', '单个选项与分组的卡方检验'), s('bar-grouped', '分组柱状图'), s('descriptive', '描述统计')],
};

const TIME_NAME = /时间|随访|生存|time|futime|days?|months?|years?|(^|[^a-z])(os|pfs|dfs|rfs)([^a-z]|$)/i;
const EVENT_NAME = /结局|事件|状态|死亡|复发|删失|event|status|censor|dead|death/i;
const EVENT_LEVEL = /^(死亡|存活|删失|截尾|复发|未复发|事件|dead|alive|censored|event)$/i;
/** A numeric column with more distinct values than this reads as continuous, not as codes. */
const CONTINUOUS_MIN_DISTINCT = 10;
const MAX_CATEGORY_LEVELS = 20;

/** What the chosen file's columns allow, by variable type. */
export function fileSuggestions(vars: readonly VariableInfo[]): Suggestion[] {
  const usable = vars.filter((v) => v.valid > 0);
  const isId = (v: VariableInfo) => v.type !== 'numeric' && v.distinct >= v.valid && v.distinct > MAX_CATEGORY_LEVELS;
  const binary = usable.filter((v) => v.distinct === 2);
  const multi = usable.filter((v) => v.type === 'categorical' && v.distinct >= 3 && v.distinct <= MAX_CATEGORY_LEVELS && !isId(v));
  const continuous = usable.filter((v) => v.type === 'numeric' && v.distinct > CONTINUOUS_MIN_DISTINCT);
  const time = continuous.filter((v) => typeof v.min === 'number' && v.min >= 0 && TIME_NAME.test(v.name));
  const event = binary.filter((v) => EVENT_NAME.test(v.name) || v.levels.some((l) => EVENT_LEVEL.test(l.value.trim())));

  const out: Suggestion[] = [];
  if (time.length && event.length) {
    out.push(s('kaplan-meier', `“${time[0]!.name}”与“${event[0]!.name}”可做生存曲线`), s('cox-regression', '生存结局的多因素分析'));
  }
  const outcome = binary.find((v) => !event.includes(v)) ?? binary[0];
  if (outcome && continuous.length) {
    out.push(
      s('logistic-regression', `以“${outcome.name}”为二分类结局的多因素分析`),
      s('roc-curve', `评价数值指标区分“${outcome.name}”的能力`),
      s('ttest-independent', `按“${outcome.name}”分两组比较数值变量`),
    );
  }
  if (multi.length && continuous.length) {
    out.push(s('anova-oneway', `按“${multi[0]!.name}”分多组比较数值变量`), s('kruskal-wallis', '多组比较的非参数方法'));
  }
  if (binary.length + multi.length >= 2) out.push(s('chisq', '两个分类变量之间的关联'));
  if (continuous.length >= 2) {
    out.push(s('correlation', '数值变量两两之间的相关'), s('linear-regression', '以一个数值变量为结局的回归'), s('scatter', '两个数值变量的散点图'));
  }
  if (continuous.length) out.push(s('descriptive', '数值变量的描述统计'), s('normality', '数值变量的正态性检验'));
  if (outcome && continuous.length + multi.length + binary.length >= 3) out.push(s('baseline-table', `按“${outcome.name}”分组的基线特征表`));
  return out;
}

const byKey = new Map(TOOLS.map((t) => [t.definition.key, t.definition]));
const byId = new Map(TOOLS.map((t) => [t.definition.id, t.definition]));

function card(d: ToolDefinition, reason?: string): AssociationCard {
  return {
    id: d.id,
    icon: d.module?.icon ?? `${ToolPaths.icon}/${d.id}.svg`,
    toolname: d.name,
    discription: d.module?.description ?? d.description,
    ...(reason ? { reason } : {}),
  };
}

/** Usage counts are cached this long per instance: the ranking moves slowly and counting scans tasks. */
export const HOT_CACHE_MS = 60_000;

export class AssociationService {
  private hotCache: { at: number; usage: ToolUsage[] } | null = null;

  constructor(
    private readonly repo: AssociationRepo,
    private readonly files: FileService,
    private readonly now: () => number,
  ) {}

  private async usage(): Promise<ToolUsage[]> {
    const t = this.now();
    if (!this.hotCache || t - this.hotCache.at >= HOT_CACHE_MS || t < this.hotCache.at) {
      this.hotCache = { at: t, usage: await this.repo.usage() };
    }
    return this.hotCache.usage;
  }

  async list(userId: number | null, q: { type: 'hot' | 'link'; page: number; limit: number; file?: string; toolId?: number }): Promise<AssociationData> {
    const all = q.type === 'hot' ? await this.hot() : await this.link(userId, q.toolId, q.file);
    const from = (q.page - 1) * q.limit;
    return { association: all.slice(from, from + q.limit), count: all.length };
  }

  private async hot(): Promise<AssociationCard[]> {
    // Usage is cached; whether a tool is enabled is not, so a switched-off tool leaves at once.
    const active = await this.repo.activeIds();
    return (await this.usage()).flatMap((u) => {
      const d = byId.get(u.id);
      return d && active.has(u.id) ? [card(d)] : [];
    });
  }

  private async link(userId: number | null, toolId: number | undefined, fid: string | undefined): Promise<AssociationCard[]> {
    const active = await this.repo.activeIds();
    const current = toolId === undefined ? undefined : byId.get(toolId);
    const suggestions = [...(current ? (NEXT_STEPS[current.key] ?? []) : []), ...fileSuggestions(await this.variables(userId, fid))];
    const seen = new Set<string>(current ? [current.key] : []);
    const out: AssociationCard[] = [];
    for (const sug of suggestions) {
      const d = byKey.get(sug.key);
      if (!d || seen.has(sug.key) || !active.has(d.id)) continue;
      seen.add(sug.key);
      out.push(card(d, sug.reason));
    }
    return out;
  }

  /** The file's variables when this user may read it; a file they may not read simply adds nothing. */
  private async variables(userId: number | null, fid: string | undefined): Promise<VariableInfo[]> {
    if (!fid) return [];
    try {
      return (await this.files.forAnalysis(userId, fid)).variables;
    } catch (err) {
      if (err instanceof AppError) return [];
      throw err;
    }
  }
}
