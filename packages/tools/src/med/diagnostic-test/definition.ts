import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1014,
  key: 'diagnostic-test',
  version: 1,
  name: '诊断试验评价',
  subname: 'Diagnostic Test Accuracy',
  description: '以金标准为参照评价一个二分类诊断试验：四格表、灵敏度、特异度、阳性/阴性预测值、准确度、阳性/阴性似然比与约登指数，均给出置信区间；可按指定患病率换算预测值。',
  family: 'med',
  categories: ['diagnostic', 'accuracy'],
  difficulty: 1,
  methods: ['四格表', '灵敏度与特异度', '预测值（含按患病率换算）', '似然比（对数法置信区间）', '约登指数', 'Clopper-Pearson 精确置信区间', 'Wilson 置信区间'],
  vip: false,
  runningTime: 2,
  example: 'diagnostic-markers',
  // Level values are not preselected: the contract test reads every example value as a column name,
  // and 阳性 and 不良 are recognised by name.
  exampleParams: { test: 'S100B检测结果', gold: '预后' },
  ...dataThenParams({
    tips: '每行一个研究对象：一列为待评价试验的结果（阳性/阴性），一列为金标准的诊断（患病/未患病）。原始数据逐行录入，工具自动汇总四格表。',
    paramsDescription: '选择试验结果与金标准',
    notice: '两列都必须是二分类变量；任一列缺失的行不参与分析。预测值依赖患病率：病例对照设计的样本患病率不代表人群，请按人群患病率换算。',
    fields: [
      { filed: 'test', name: '待评价试验结果（二分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      positiveLevelField('testPositive', '试验阳性取值', '填写试验结果中代表“阳性”的取值；留空时按取值名称自动识别（如 阳性、+、1）。'),
      { filed: 'gold', name: '金标准（二分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      positiveLevelField('goldPositive', '金标准阳性取值', '填写金标准中代表“患病/阳性”的取值；留空时按取值名称自动识别（如 阳性、患病、不良、1）。'),
      {
        filed: 'ciMethod',
        name: '比例的置信区间',
        type: 'select_single',
        value: 'clopper-pearson',
        option: [option('Clopper-Pearson 精确法', 'clopper-pearson'), option('Wilson 计分法', 'wilson')],
      },
      {
        filed: 'usePrevalence',
        name: '按指定患病率换算预测值',
        type: 'switch',
        value: false,
        link_item: [{ id: 'prevalence', rule: { disabled: { true: false, false: true } } }],
      },
      { filed: 'prevalence', name: '目标人群患病率（0~1）', type: 'input_number', value: 0.1, disabled: true, props: { min: 0.0001, max: 0.9999, step: 0.01 } },
      levelField(),
    ],
  }),
};
