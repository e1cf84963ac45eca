import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6011,
  key: 'mice',
  version: 1,
  name: '多重插补 MICE',
  subname: 'Multiple Imputation by Chained Equations',
  description:
    '数据有缺失时，用链式方程多重插补（MICE，同 R 的 mice 包）生成 m 个插补数据集：定量变量用预测均值匹配（PMM），二分类变量用 Logistic 回归，多分类变量用多项 Logistic 回归；给出缺失情况、各变量的插补方法、收敛诊断图（各次迭代插补值的均数与标准差）、插补值与观测值的比较，并在每个插补数据集上拟合线性或 Logistic 回归，按 Rubin 规则合并结果。插补数据（m 个数据集纵向堆叠）另存为新数据文件。',
  family: 'advanced',
  categories: ['moxing', 'missing-data'],
  difficulty: 4,
  methods: ['链式方程多重插补（MICE）', '预测均值匹配（PMM）', 'Logistic 回归插补（logreg）', '多项 Logistic 回归插补（polyreg）', 'Rubin 规则合并', 'Barnard–Rubin 自由度', '缺失信息比例（FMI）'],
  vip: true,
  svip: true,
  runningTime: 10,
  example: 'mice-missing',
  exampleParams: {
    x: ['年龄', 'BMI', '收缩压(mmHg)', '空腹血糖(mmol/L)'],
    factors: ['性别', '吸烟'],
    y: '收缩压(mmHg)',
  },
  ...dataThenParams({
    tips: '每行一个研究对象，缺失值留空。选入插补模型的变量既是被插补的变量，也互为插补的预测变量；应包括分析模型的结局与全部自变量，以及与缺失有关的辅助变量。',
    paramsDescription: '选择插补变量、插补参数与分析模型',
    notice: '所选变量中有缺失的单元格会被插补，完整的变量只作预测变量。插补数据（m 个数据集纵向堆叠，“.imp”列为数据集编号）另存为新数据文件。',
    fields: [
      { filed: 'x', name: '定量变量', type: 'select_multi', columns: 'numeric', value: [], tips: '有缺失时用预测均值匹配（PMM）插补：从预测值最接近的若干个观测值中随机取一个，插补值都是实际出现过的值。' },
      { filed: 'factors', name: '分类变量', type: 'select_multi', columns: 'any', value: [], tips: '有缺失时，二分类变量用 Logistic 回归插补（logreg），三类及以上用多项 Logistic 回归插补（polyreg）。用数字编码的分类变量（如 0/1）请放在这里。' },
      { filed: 'm', name: '插补数据集个数 m', type: 'input_number', value: 5, props: { min: 2, max: 100, step: 1 }, tips: '常用 5 ~ 20；缺失比例越高，m 宜越大（可取约等于缺失病例的百分数）。' },
      { filed: 'iterations', name: '迭代次数', type: 'input_number', value: 10, props: { min: 1, max: 100, step: 1 }, tips: '每个数据集链式方程的迭代次数；收敛图中各条链混合良好、无趋势即可。' },
      { filed: 'seed', name: '随机种子', type: 'input_number', value: 2023, props: { min: 1, step: 1 }, tips: '种子相同，插补结果完全可重复。' },
      { filed: 'donors', name: 'PMM 候选个数', type: 'input_number', value: 5, props: { min: 1, max: 20, step: 1 }, tips: '预测均值匹配时从预测值最接近的几个观测中随机取一个（mice 默认 5）。' },
      {
        filed: 'model',
        name: '分析模型',
        type: 'select_single',
        value: 'linear',
        tips: '在每个插补数据集上拟合该模型，再用 Rubin 规则合并。选“不拟合”则只做插补。',
        option: [option('线性回归', 'linear'), option('二分类 Logistic 回归', 'logistic'), option('不拟合（只插补）', 'none')],
      },
      { filed: 'y', name: '结局变量', type: 'select_single', columns: 'any', value: '', tips: '须是上面选入的插补变量之一；线性回归为定量变量，Logistic 回归为二分类变量。' },
      { filed: 'predictors', name: '分析模型的自变量（可选）', type: 'select_multi', columns: 'any', value: [], tips: '须是选入的插补变量；留空则用结局以外的全部插补变量。' },
    ],
  }),
};
