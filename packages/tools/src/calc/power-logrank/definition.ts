import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';
import { alphaField, dropoutField, powerField, sidesField } from '../sample-size.js';

export const definition: CalcToolDefinition = {
  id: 4006,
  key: 'power-logrank',
  version: 1,
  name: '生存分析（Log-rank 检验）的样本量',
  categories: ['样本量与把握度', '生存分析'],
  description: '两组生存率比较（Log-rank 检验）所需的事件数和样本量：Schoenfeld 或 Freedman 法，按对照组中位生存时间、风险比、入组期和随访期估计事件发生概率，给出把握度曲线和可写入申请书的样本量描述。',
  fields: [
    { filed: 'method', name: '计算方法', type: 'select_single', value: 'schoenfeld', option: [option('Schoenfeld 法', 'schoenfeld'), option('Freedman 法', 'freedman')] },
    { filed: 'hr', name: '风险比 HR（试验组/对照组）', type: 'input_number', value: 0.7, props: { min: 0, step: 0.05 }, tips: '试验组相对对照组的风险比，小于 1 表示试验组风险更低' },
    { filed: 'median', name: '对照组中位生存时间', type: 'input_number', value: 12, props: { min: 0, step: 1 }, tips: '按指数分布换算风险率 λ = ln2 / 中位时间' },
    { filed: 'accrual', name: '入组期（招募时长）', type: 'input_number', value: 24, props: { min: 0, step: 1 }, tips: '受试者在此期间均匀入组；同时入组填 0' },
    { filed: 'followup', name: '入组结束后的随访期', type: 'input_number', value: 12, props: { min: 0, step: 1 }, tips: '最后一例入组后继续随访的时长' },
    { filed: 'timeUnit', name: '时间单位', type: 'select_single', value: '月', option: [option('月', '月'), option('年', '年'), option('周', '周'), option('天', '天')] },
    { filed: 'ratio', name: '分配比 k（试验组:对照组）', type: 'input_number', value: 1, props: { min: 0.1, max: 10, step: 0.5 }, tips: '试验组例数是对照组的 k 倍；等分配填 1' },
    alphaField(),
    powerField(),
    sidesField(),
    dropoutField(),
  ],
};
