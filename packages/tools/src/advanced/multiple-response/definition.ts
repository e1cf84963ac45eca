import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const CHANNELS_EXAMPLE = ['渠道_电视', '渠道_网络', '渠道_医生', '渠道_亲友', '渠道_报刊', '渠道_短视频'];

export const definition: ToolDefinition = {
  id: 6015,
  key: 'multiple-response',
  version: 1,
  name: '多重响应分析',
  subname: 'Multiple Response Analysis',
  description:
    '分析问卷中的多选题：多选题的每个选项录成一列（1/0 或 是/否），给出各选项的响应例数、响应百分比（占全部选择次数）与个案百分比（占应答人数，同 SPSS 的多重响应频率表），并可按分组变量做交叉表（列百分比）和每个选项的 Pearson 卡方检验，配以条形图。',
  family: 'advanced',
  categories: ['wenjuan', 'multi-choice'],
  difficulty: 2,
  methods: ['多重响应频率（响应百分比、个案百分比）', '多重响应交叉表（列百分比）', 'Pearson 卡方检验（每个选项 × 分组）', '条形图'],
  vip: true,
  svip: true,
  runningTime: 2,
  example: 'health-info-survey',
  exampleParams: { vars: CHANNELS_EXAMPLE, group: '年龄组' },
  ...dataThenParams({
    tips: '每行一个应答者；多选题的每个选项一列，选中记为 1（或“是”“选中”），未选记为 0（或“否”“未选”）。',
    paramsDescription: '选择多选题的选项列与分组变量',
    notice: '任一选项列（或分组变量）缺失的行不参与分析。个案百分比之和通常大于 100%，因为每人可选多项。',
    fields: [
      { filed: 'vars', name: '多选题的选项列', type: 'select_multi', columns: 'any', required: true, value: [], tips: '至少 2 列，每列一个选项，列名即选项名（共同的前缀如“渠道_”会在表中省去）。' },
      { filed: 'chosen', name: '表示“选中”的取值（可选）', type: 'input', value: '', tips: '留空时自动识别：1、是、选中、已选、有、Y、yes、TRUE、√ 为选中，其余（如 0、否、未选）为未选。若编码不同（如 2 = 选中），请填写该取值。' },
      {
        filed: 'base',
        name: '个案百分比的基数',
        type: 'select_single',
        value: 'responders',
        tips: '至少选 1 项的个案：同 SPSS MULT RESPONSE 的默认做法，一项都没选的人不计入；全部应答者：所有选项列都有记录的人都计入（一项都没选也算）。',
        option: [option('至少选 1 项的个案（SPSS 默认）', 'responders'), option('全部应答者', 'all')],
      },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '', tips: '选择后给出按组的列百分比交叉表和每个选项的组间卡方检验。' },
      { filed: 'groupOrder', name: '分组的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '未列出的类别按数据中首次出现的顺序排在后面。' },
    ],
  }),
};
