import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5030,
  key: 'date-parts',
  version: 1,
  name: '日期拆分',
  description: '从日期变量中取出年、月、日、星期、季度，并可计算到另一个日期变量或固定日期的间隔天数；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'var', name: '日期变量', type: 'select_single', columns: 'any', required: true, value: '', tips: '日期型变量，或以 YYYY-MM-DD、YYYY/MM/DD、YYYYMMDD 录入的变量' },
    {
      filed: 'parts',
      name: '取出',
      type: 'select_multi',
      value: ['year', 'month', 'day', 'weekday', 'quarter'],
      option: [option('年', 'year'), option('月', 'month'), option('日', 'day'), option('星期', 'weekday'), option('季度', 'quarter')],
    },
    {
      filed: 'diff',
      name: '间隔天数',
      type: 'select_single',
      value: 'none',
      option: [option('不计算', 'none'), option('到另一个日期变量', 'column'), option('到固定日期', 'fixed')],
    },
    { filed: 'date2', name: '另一个日期变量', type: 'select_single', columns: 'any', value: '', tips: '间隔天数 = 此变量 − 日期变量' },
    { filed: 'fixed', name: '固定日期', type: 'input', value: '', tips: '如 2024-12-31；间隔天数 = 固定日期 − 日期变量' },
    { filed: 'diffName', name: '间隔天数变量名', type: 'input', value: '间隔天数' },
    { filed: 'prefix', name: '新变量名前缀', type: 'input', value: '', tips: '新变量名为“前缀_年”等，不填则用日期变量名' },
  ],
};
