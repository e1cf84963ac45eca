import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1021,
  key: 'icc',
  version: 1,
  name: 'ICC 组内相关',
  subname: 'Intraclass Correlation Coefficient',
  description:
    '评价多位评价者（或多次测量、多种方法）对同一批对象的定量测量是否一致（信度）：给出 Shrout–Fleiss / McGraw–Wong 的全部六种 ICC（单向随机、双向随机、双向混合；单次测量与平均测量）及其 F 检验和置信区间，并按所选模型、类型与单位说明应报告哪一种。',
  family: 'med',
  categories: ['diagnostic', 'agreement'],
  difficulty: 2,
  methods: ['组内相关系数 ICC（六种形式）', 'F 检验', 'Koo–Li 信度分级'],
  vip: false,
  runningTime: 2,
  example: 'agreement',
  exampleParams: { raters: ['医师A测量', '医师B测量', '软件测量'] },
  ...dataThenParams({
    tips: '数据为“宽格式”：每行一个被测对象，每位评价者（或每次测量、每种方法）一列，取值为定量测量值。',
    paramsDescription: '选择评价者列与 ICC 形式',
    notice: '至少选 2 列；任一所选列缺失的行不参与分析。报告列出全部六种 ICC，并标出按下面三项选择的一种。',
    fields: [
      { filed: 'raters', name: '评价者 / 测量（每列一位，至少 2 列）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      {
        filed: 'model',
        name: '模型',
        type: 'select_single',
        value: 'twoway-random',
        tips: '单向随机：每个对象由不同的（随机抽取的）评价者评定；双向随机：所有对象由同一组评价者评定，评价者是评价者总体的随机样本，结论推广到其他评价者；双向混合：评价者就是这几位，结论不推广。',
        option: [option('单向随机（one-way random）', 'oneway'), option('双向随机（two-way random）', 'twoway-random'), option('双向混合（two-way mixed）', 'twoway-mixed')],
        link_item: [{ id: 'type', rule: { disabled: { oneway: true, 'twoway-random': false, 'twoway-mixed': false } } }],
      },
      {
        filed: 'type',
        name: '类型',
        type: 'select_single',
        value: 'agreement',
        tips: '绝对一致：要求测量值本身相同（评价者间的系统差异算作不一致），适用于测量值要互换使用时；一致性：只要求对象的高低排序一致，允许某位评价者整体偏高。单向模型只有绝对一致。',
        option: [option('绝对一致（absolute agreement）', 'agreement'), option('一致性（consistency）', 'consistency')],
      },
      {
        filed: 'unit',
        name: '单位',
        type: 'select_single',
        value: 'single',
        tips: '实际应用中只由一位评价者测量一次时选单次测量；实际应用中取 k 位评价者的平均值时选平均测量。',
        option: [option('单次测量（single rater）', 'single'), option('k 次测量的平均（average of k raters）', 'average')],
      },
      levelField(),
    ],
  }),
};
