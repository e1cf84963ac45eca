import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1020,
  key: 'kappa',
  version: 1,
  name: 'Kappa 一致性',
  subname: "Cohen's and Fleiss' Kappa",
  description:
    "评价两位或多位评价者对同一批对象的分类评定是否一致：两位评价者用 Cohen's kappa（可选线性或平方加权，适合有序等级），三位及以上用 Fleiss' kappa（含各类别的 kappa），给出一致性列联表、观察与期望一致率、标准误、置信区间与 z 检验，并按 Landis 与 Koch 标准解释。",
  family: 'med',
  categories: ['diagnostic', 'agreement'],
  difficulty: 2,
  methods: ["Cohen's kappa", '加权 kappa（线性、平方）', "Fleiss' kappa", 'Landis–Koch 一致性分级'],
  vip: false,
  runningTime: 2,
  example: 'agreement',
  exampleParams: { raters: ['医师A分级', '医师B分级'] },
  ...dataThenParams({
    tips: '数据为“宽格式”：每行一个被评对象，每位评价者（或每次评定）一列，取值为类别（如 阴性/阳性，或 0~4 级）。',
    paramsDescription: '选择评价者列与加权方式',
    notice: '选 2 列时计算 Cohen\'s kappa，选 3 列及以上时计算 Fleiss\' kappa（不加权）并给出两两 Cohen\'s kappa。任一所选列缺失的行不参与分析。',
    fields: [
      { filed: 'raters', name: '评价者（每列一位，至少 2 列）', type: 'select_multi', columns: 'categorical', required: true, value: [] },
      {
        filed: 'weights',
        name: '加权方式',
        type: 'select_single',
        value: 'none',
        tips: '无序分类用不加权；有序等级（如 0~4 级）可用线性加权（差一级扣分相同）或平方加权（相差越远扣分越重，与 ICC 相近）。Fleiss\' kappa 总是不加权，此项只用于两两比较。',
        option: [option('不加权', 'none'), option('线性加权', 'linear'), option('平方加权', 'quadratic')],
      },
      {
        filed: 'order',
        name: '类别顺序（可选）',
        type: 'input',
        value: '',
        tips: '用逗号分隔类别，如“阴性, 可疑, 阳性”，决定列联表的顺序和加权 kappa 的等级间距；留空时数值按大小、文字按数据中首次出现的顺序。',
      },
      levelField(),
    ],
  }),
};
