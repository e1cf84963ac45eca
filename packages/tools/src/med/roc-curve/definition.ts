import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1013,
  key: 'roc-curve',
  version: 1,
  name: 'ROC 曲线',
  subname: 'ROC Curve Analysis',
  description: '评价一个或多个连续指标区分二分类结局（如患病与否）的能力：AUC 及其 DeLong 置信区间、约登指数最佳截断值及对应的灵敏度与特异度、全部截断值表，多个指标间的 AUC 两两 DeLong 检验。',
  family: 'med',
  categories: ['diagnostic', 'roc'],
  difficulty: 2,
  methods: ['ROC 曲线', 'AUC（DeLong 置信区间）', '约登指数最佳截断值', 'DeLong 检验（配对 AUC 比较）'],
  vip: false,
  runningTime: 3,
  example: 'diagnostic-markers',
  // Level values are not preselected: the contract test reads every example value as a column name,
  // and the positive class (不良) is recognised by name.
  exampleParams: { outcome: '预后', markers: ['S100B蛋白', 'NDKA蛋白', 'WFNS分级'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列为二分类结局（金标准，如是否患病、预后良好/不良），一列或多列为待评价的连续指标。',
    paramsDescription: '选择结局与检测指标',
    notice: '结局变量必须恰好两个类别；任一所选变量缺失的行不参与分析（列表删除），以保证多个指标在同一批对象上比较。',
    fields: [
      { filed: 'outcome', name: '结局变量（二分类金标准）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      positiveLevelField('positive', '结局阳性类别', '填写结局变量中代表“阳性/患病/事件发生”的取值；留空时按取值名称自动识别（如 阳性、不良、死亡、1）。'),
      { filed: 'markers', name: '检测指标（可多选）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      {
        filed: 'direction',
        name: '判定方向',
        type: 'select_single',
        value: 'auto',
        tips: '自动：按两组中位数判断（与 pROC 的 direction = "auto" 相同），每个指标各自判断。',
        option: [option('自动（按两组中位数判断）', 'auto'), option('指标越高越倾向阳性', 'higher'), option('指标越低越倾向阳性', 'lower')],
      },
      { filed: 'compare', name: '多个指标时两两比较 AUC（DeLong 检验）', type: 'switch', value: true },
      { filed: 'cutoffs', name: '输出全部截断值表', type: 'switch', value: true },
      levelField(),
    ],
  }),
};
