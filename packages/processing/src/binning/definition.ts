import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5004,
  key: 'binning',
  version: 1,
  name: '分组（离散化）',
  description: '把连续变量按等宽区间、分位数或自定义切点分成若干组（如年龄分为 <40、[40,60)、≥60），生成分组变量；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'var', name: '要分组的变量', type: 'select_single', columns: 'any', required: true, value: '' },
    {
      filed: 'method',
      name: '分组方法',
      type: 'select_single',
      value: 'quantile',
      option: [option('分位数（等频）', 'quantile'), option('等宽区间', 'width'), option('自定义切点', 'custom')],
      link_item: [
        { id: 'k', rule: { disabled: { quantile: false, width: false, custom: true } } },
        { id: 'cuts', rule: { disabled: { quantile: true, width: true, custom: false } } },
      ],
    },
    { filed: 'k', name: '组数', type: 'input_number', value: 4, props: { min: 2, max: 50, step: 1 } },
    { filed: 'cuts', name: '切点', type: 'input', value: '', disabled: true, tips: '用逗号分隔，如“18,40,60”，得到 <18、[18,40)、[40,60)、≥60 四组' },
    { filed: 'closed', name: '区间闭合', type: 'select_single', value: 'left', option: [option('左闭右开 [a,b)', 'left'), option('左开右闭 (a,b]', 'right')] },
    { filed: 'labels', name: '组标签', type: 'input', value: '', tips: '可不填（自动生成如“[18,40)”）；填写时用逗号分隔，个数与组数相同' },
    { filed: 'newName', name: '新变量名', type: 'input', value: '', tips: '不填则为“原变量名_分组”' },
  ],
};
