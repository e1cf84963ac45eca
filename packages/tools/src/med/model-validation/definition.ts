import { dataThenParams } from '../../common.js';
import { predictionModelFields } from '../prediction/model-c.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1037,
  key: 'model-validation',
  version: 1,
  name: '校准曲线 / 内部验证',
  subname: 'Calibration Curve and Bootstrap Internal Validation',
  description:
    '评价预测模型的区分度与校准度。二分类结局（Logistic）：C 指数（AUC）、Somers’ Dxy、Nagelkerke R²、校准截距与斜率、Brier 评分的表观值及 Bootstrap 乐观度与校正值（同 R rms::validate），Bootstrap 偏差校正的校准曲线（同 rms::calibrate）与 Hosmer–Lemeshow 检验；生存结局（Cox）：C 指数、R²、校准斜率的 Bootstrap 校正值，以及指定时间点按风险分组的校准图（预测生存率对 Kaplan–Meier 实际生存率，同 rms::calibrate(cmethod = "KM")）。',
  family: 'med',
  categories: ['prediction', 'model-validation'],
  difficulty: 4,
  methods: ['多因素 Logistic 回归', 'Cox 比例风险模型', 'Bootstrap 内部验证（rms::validate）', '校准曲线（lowess，rms::calibrate）', 'C 指数 / AUC', 'Brier 评分', '校准截距与斜率', 'Hosmer–Lemeshow 检验'],
  vip: true,
  runningTime: 10,
  example: 'prediction-model',
  exampleParams: { y: '术后并发症', x: ['年龄', '白蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR'], factors: ['性别', '糖尿病', '肿瘤分期'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列二分类结局（如 是/否、1/0），或生存时间与结局（事件/删失）两列，以及模型的预测变量（定量或分类）。',
    paramsDescription: '选择结局、预测变量与 Bootstrap 设置',
    notice: '所选变量全部进入模型（与列线图工具相同）；任一所选变量缺失的行不参与分析。Bootstrap 次数越多结果越稳定，耗时也越长。',
    fields: [
      ...predictionModelFields(true, ['u', 'groups']),
      {
        filed: 'u',
        name: '校准的时间点（生存结局）',
        type: 'input_number',
        value: 12,
        disabled: true,
        props: { min: 0.001, step: 1 },
        tips: '生存结局时，在该时间点比较预测生存率与实际（Kaplan–Meier）生存率，单位与生存时间相同，如 12（月）；须在随访期内。',
      },
      { filed: 'groups', name: '校准分组数（生存结局）', type: 'input_number', value: 5, disabled: true, props: { min: 2, max: 10, step: 1 }, tips: '按预测生存率分组，每组比较平均预测值与 Kaplan–Meier 实际值（同 rms::calibrate(cmethod = "KM") 的 m = n / 组数）。' },
      { filed: 'B', name: 'Bootstrap 次数', type: 'input_number', value: 200, props: { min: 20, max: 2000, step: 50 }, tips: '同 rms::validate / calibrate 的 B；常用 200–1000。' },
      { filed: 'seed', name: '随机数种子', type: 'input_number', value: 2026, props: { min: 1, max: 2147483647, step: 1 }, tips: '相同的数据、参数与种子得到完全相同的结果，便于重复。' },
    ],
  }),
};
