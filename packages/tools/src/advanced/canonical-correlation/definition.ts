import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6013,
  key: 'canonical-correlation',
  version: 1,
  name: '典型相关分析',
  subname: 'Canonical Correlation Analysis',
  description:
    '研究两组定量变量之间的整体相关（如一组体格指标与一组体能指标、一组临床指标与一组生活质量得分）：给出各对典型变量的典型相关系数与 Wilks\' Λ 逐步检验、标准化与原始典型系数、典型载荷（结构系数）与交叉载荷、冗余度分析、第一对典型变量的散点图，并把典型变量得分另存为新数据文件。结果与 R 的 cancor 一致。',
  family: 'advanced',
  categories: ['fenxi', 'multi-association'],
  difficulty: 3,
  methods: ['典型相关分析（cancor）', "Wilks' Λ 逐步检验（Bartlett χ²）", '标准化典型系数', '典型载荷与交叉载荷', '冗余度分析'],
  vip: true,
  svip: true,
  runningTime: 3,
  example: 'canonical-correlation',
  exampleParams: { xvars: ['身高', '体重', '腰围', '体脂率'], yvars: ['肺活量', '握力', '立定跳远', '1000米跑'] },
  ...dataThenParams({
    tips: '每行一个研究对象，两组变量各若干列（定量）。',
    paramsDescription: '选择第一组与第二组变量',
    notice: '任一所选变量缺失的行不参与分析（列表删除）。样本量应明显多于两组变量数之和（一般建议 10 倍以上）。典型变量得分会另存为新数据文件。',
    fields: [
      { filed: 'xvars', name: '第一组变量（X）', type: 'select_multi', columns: 'numeric', required: true, value: [], tips: '至少 1 个定量变量，如一组体格或临床指标。' },
      { filed: 'yvars', name: '第二组变量（Y）', type: 'select_multi', columns: 'numeric', required: true, value: [], tips: '至少 1 个定量变量，不能与第一组重复；两组都只有 1 个变量时即为普通的 Pearson 相关。' },
    ],
  }),
};
