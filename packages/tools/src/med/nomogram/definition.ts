import { dataThenParams, levelField } from '../../common.js';
import { predictionModelFields } from '../prediction/model-c.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1036,
  key: 'nomogram',
  version: 1,
  name: '列线图 Nomogram',
  subname: 'Nomogram for Logistic and Cox Models',
  description:
    '根据多因素 Logistic 回归（二分类结局）或 Cox 回归（生存结局）绘制期刊格式的列线图：每个预测变量一条刻度轴，按回归系数折算为得分，累加为总分后对应预测的发生概率或指定时间点的生存率；同时给出模型系数表（OR/HR 及置信区间）、各变量取值的得分表，以及可在报告页交互使用的风险计算器（动态列线图）。',
  family: 'med',
  categories: ['prediction', 'model-building'],
  difficulty: 3,
  methods: ['多因素 Logistic 回归', 'Cox 比例风险模型', '列线图（rms::nomogram）', 'Breslow 基线生存估计（Efron 结点校正）', '动态列线图（风险计算器）'],
  vip: true,
  runningTime: 4,
  example: 'prediction-model',
  exampleParams: { y: '术后并发症', x: ['年龄', '白蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR'], factors: ['性别', '糖尿病', '肿瘤分期'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列二分类结局（如 是/否），或生存时间与结局（事件/删失）两列，以及若干预测变量（定量或分类）。',
    paramsDescription: '选择结局与预测变量',
    notice: '所选变量全部进入多因素模型（变量筛选请先用 LASSO 或单因素/多因素回归工具）；任一所选变量缺失的行不参与分析。',
    fields: [
      ...predictionModelFields(true, ['times']),
      {
        filed: 'times',
        name: '生存率的时间点',
        type: 'input',
        value: '',
        disabled: true,
        tips: '生存结局时，列线图底部给出这些时间点的生存率轴，用逗号分隔，单位与生存时间相同，如“12, 36, 60”（月）；留空时按随访时间自动选取 3 个。',
      },
      levelField(),
    ],
  }),
};
