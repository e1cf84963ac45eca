import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1018,
  key: 'cmh',
  version: 1,
  name: '分层卡方检验（CMH）',
  subname: 'Cochran–Mantel–Haenszel Test',
  description: '按分层变量（如年龄组、中心）控制混杂后检验暴露与结局的关联：各层四格表与 OR、Mantel–Haenszel 合并 OR 及置信区间、CMH 卡方检验，以及各层 OR 是否一致的 Breslow–Day 检验（Tarone 校正）。',
  family: 'med',
  categories: ['difference', 'categorical'],
  difficulty: 2,
  methods: ['分层四格表', '各层 OR（Woolf 置信区间）', 'Mantel–Haenszel 合并 OR（RGB 置信区间）', 'Cochran–Mantel–Haenszel 卡方检验', 'Breslow–Day 齐性检验（Tarone 校正）'],
  vip: false,
  runningTime: 2,
  example: 'stratified-case-control',
  exampleParams: { exposure: '吸烟', outcome: '组别', stratum: '年龄组' },
  ...dataThenParams({
    tips: '每行一个研究对象：一列为暴露（二分类，如 吸烟/不吸烟），一列为结局或病例对照分组（二分类），一列为分层变量（如年龄组、研究中心）。工具自动汇总各层四格表。',
    paramsDescription: '选择暴露、结局与分层变量',
    notice: '暴露与结局必须是二分类变量；任一列缺失的行不参与分析。每层至少 2 个对象。Breslow–Day 检验 P < 0.05 提示各层 OR 不一致（存在效应修饰），此时合并 OR 的意义有限，应分层报告。',
    fields: [
      { filed: 'exposure', name: '暴露因素（二分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      positiveLevelField('exposureLevel', '暴露组的取值', '填写代表“暴露”的取值（如 吸烟）；留空时按名称自动识别（如 是、有、阳性、1）。'),
      { filed: 'outcome', name: '结局 / 病例对照分组（二分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      positiveLevelField('outcomeLevel', '结局阳性（病例）的取值', '填写代表“发生结局/病例”的取值；留空时按名称自动识别（如 病例、阳性、死亡、1）。'),
      { filed: 'stratum', name: '分层变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'stratumOrder', name: '分层的顺序（可选）', type: 'input', value: '', tips: '用逗号分隔层名指定报告中各层的顺序；留空时按数据中首次出现的顺序。' },
      {
        filed: 'correct',
        name: 'CMH 检验的连续性校正',
        type: 'select_single',
        value: 'yes',
        option: [option('校正（R mantelhaen.test 默认）', 'yes'), option('不校正', 'no')],
      },
      levelField(),
    ],
  }),
};
