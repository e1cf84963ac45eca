import { dataThenParams, levelField } from '../../common.js';
import { survivalOutcomeFields } from '../../survival-input.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1011,
  key: 'kaplan-meier',
  version: 1,
  name: 'Kaplan–Meier 生存分析',
  subname: 'Kaplan–Meier Survival Analysis',
  description:
    '估计生存曲线（含置信带与删失标记、风险人数表），给出中位及四分位生存时间、指定时间点生存率、限制平均生存时间（RMST），并用 Log-rank 等检验比较各组生存曲线，可两两比较并校正 P 值。',
  family: 'med',
  categories: ['survival', 'survival-curve'],
  difficulty: 2,
  methods: ['Kaplan–Meier 乘积极限法', 'Greenwood 标准误', 'Log-rank 检验', 'Gehan–Breslow 检验', 'Tarone–Ware 检验', 'Peto–Peto 检验', '限制平均生存时间（RMST）', '多重比较 P 值校正'],
  vip: false,
  runningTime: 3,
  example: 'survival-cohort',
  exampleParams: { time: '随访时间(天)', status: '结局', group: '性别' },
  ...dataThenParams({
    tips: '每行一个研究对象：一列为生存（随访）时间，一列为结局（事件/删失），可选一列分组（如治疗组别）。',
    paramsDescription: '选择生存时间、结局与分组',
    notice: '生存时间必须大于 0；结局变量只能有“事件”和“删失”两个取值。任一所选变量缺失的行不参与分析。',
    fields: [
      ...survivalOutcomeFields(),
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '', tips: '不选时估计总体生存曲线；选择后分组估计并比较。组的顺序按数据中首次出现的顺序。' },
      { filed: 'groupOrder', name: '组的顺序（可选）', type: 'input', value: '', tips: '用逗号分隔组名指定顺序，第一组为 RMST 差值的参照，如“对照组, 试验组”；留空时按数据中首次出现的顺序。' },
      {
        filed: 'test',
        name: '组间比较方法',
        type: 'select_single',
        value: 'logrank',
        tips: 'Log-rank 对各时间点等权，对后期差异敏感；Gehan–Breslow（按风险人数加权）与 Tarone–Ware 更重视早期差异；Peto–Peto（按合并生存率加权，survdiff rho = 1）介于两者之间。',
        option: [option('Log-rank 检验', 'logrank'), option('Gehan–Breslow（广义 Wilcoxon）', 'gehan-breslow'), option('Tarone–Ware 检验', 'tarone-ware'), option('Peto–Peto 检验', 'peto-peto')],
      },
      {
        filed: 'adjust',
        name: '两两比较 P 值校正',
        type: 'select_single',
        value: 'holm',
        tips: '三组及以上时对每两组分别检验，并对 P 值做多重比较校正。',
        option: [option('Holm', 'holm'), option('Bonferroni', 'bonferroni'), option('Benjamini–Hochberg（FDR）', 'BH'), option('不校正', 'none')],
      },
      {
        filed: 'confType',
        name: '置信区间变换',
        type: 'select_single',
        value: 'log-log',
        tips: 'log-log（SAS、Stata 默认）区间始终在 0~1 之间且尾部表现较好；log 为 R survfit 的默认；plain 为线性区间。',
        option: [option('log-log（推荐）', 'log-log'), option('log（R 默认）', 'log'), option('plain（线性）', 'plain')],
      },
      { filed: 'times', name: '报告生存率的时间点', type: 'input', value: '', tips: '用逗号分隔，如 12, 36, 60（与生存时间同单位）；留空时按坐标轴刻度自动选取。' },
      { filed: 'tau', name: 'RMST 截止时间 τ', type: 'input_number', value: 0, props: { min: 0 }, tips: '计算 0~τ 内的限制平均生存时间；填 0 时取各组最长随访时间中的最小值。' },
      { filed: 'ciBand', name: '绘制置信带', type: 'switch', value: true },
      { filed: 'censorMarks', name: '标记删失', type: 'switch', value: true },
      levelField(),
    ],
  }),
};
