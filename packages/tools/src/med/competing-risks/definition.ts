import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1042,
  key: 'competing-risks',
  version: 1,
  name: '竞争风险模型',
  subname: 'Competing Risks: Cumulative Incidence, Gray’s Test and Fine–Gray Model',
  description:
    '当研究对象可能因其他事件（如其他原因死亡）而无法再发生关注事件时，用累积发生率函数（CIF）代替 1 − KM 描述关注事件与竞争事件的累积发生率，用 Gray 检验比较各组，并用 Fine–Gray 部分分布风险模型估计各因素的亚分布风险比（SHR）。',
  family: 'med',
  categories: ['prediction', 'competing-risk'],
  difficulty: 4,
  methods: ['累积发生率函数（CIF，Gray 方差）', '指定时间点的累积发生率及 95%CI（log(−log) 变换）', 'Gray 检验', 'Fine–Gray 部分分布风险模型（crr，删失逆概率加权，稳健方差）', '哑变量编码'],
  vip: true,
  runningTime: 5,
  example: 'competing-risk',
  // The example's 0/1/2 code column needs no settings (0 = censored, 1 = the event of interest); the
  // text column 结局 works with 代表删失的取值 = 删失 and 关注事件的取值 = 肿瘤死亡.
  exampleParams: { time: '随访时间(月)', status: '结局编码', group: '治疗方案', x: ['年龄', 'CEA(ng/mL)'], factors: ['治疗方案', '分期'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列随访时间，一列结局（删失、关注事件或竞争事件，如“删失/肿瘤死亡/其他原因死亡”或 0/1/2），可选一个分组变量与若干协变量。',
    paramsDescription: '选择时间、结局及其编码、分组与协变量',
    notice: '结局变量须区分删失、关注事件与至少一种竞争事件；只有事件与删失两类时请用 Kaplan–Meier 或 Cox 回归。任一所选变量缺失的行不参与分析。',
    fields: [
      { filed: 'time', name: '随访时间', type: 'select_single', columns: 'numeric', required: true, value: '', tips: '从起点到事件发生或末次随访的时间，不能为负；单位（天、月、年）与报告一致。' },
      { filed: 'status', name: '结局变量', type: 'select_single', columns: 'categorical', required: true, value: '', tips: '三类或更多取值：删失、关注事件、竞争事件（可有多种），可以是文字或数字编码（如 0 = 删失、1 = 关注事件、2 = 竞争事件）。' },
      { filed: 'censor', name: '代表删失的取值', type: 'input', value: '', tips: '留空时自动识别：有 0 取 0，否则按名称识别“删失”“存活”“失访”等。' },
      { filed: 'event', name: '关注事件的取值', type: 'input', value: '', tips: '如“肿瘤死亡”或 1；留空时数字编码取 1。其余非删失取值均视为竞争事件。' },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '', tips: '按组绘制累积发生率曲线并做 Gray 检验，如治疗方案。' },
      { filed: 'x', name: 'Fine–Gray 定量协变量（可选）', type: 'select_multi', columns: 'numeric', value: [], tips: 'SHR 表示该变量每增加 1 个单位时关注事件亚分布风险的倍数。' },
      { filed: 'factors', name: 'Fine–Gray 分类协变量（可选）', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量，每个类别与参照类别比较；分组变量也可以同时作为协变量。' },
      {
        filed: 'reference',
        name: '分类变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“治疗方案=标准方案; 分期=I期”。未指定的变量以数据中最先出现的类别为参照。',
      },
      { filed: 'times', name: '报告累积发生率的时间点', type: 'input', value: '', tips: '用逗号分隔，如 12, 36, 60；留空时自动取随访时间范围内的 3 个整齐时间点。' },
      levelField(),
    ],
  }),
};
