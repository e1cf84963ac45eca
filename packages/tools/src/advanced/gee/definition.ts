import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6010,
  key: 'gee',
  version: 1,
  name: '广义估计方程 GEE',
  subname: 'Generalized Estimating Equations',
  description:
    '分析同一研究对象多次测量（纵向、重复测量）或成组（聚类）的数据：连续、二分类或计数结局，独立、可交换或一阶自回归 AR(1) 工作相关结构，稳健（三明治）标准误；给出各因素的回归系数、Wald 检验、OR/RR 及 95%CI，工作相关系数与尺度参数，QIC，以及各时间点结局均值的分组趋势图。结果与 R 的 geepack::geeglm 一致。',
  family: 'advanced',
  categories: ['moxing', 'longitudinal'],
  difficulty: 4,
  methods: ['广义估计方程（GEE）', '稳健（三明治）标准误', '工作相关结构（独立 / 可交换 / AR(1)）', 'Wald χ² 检验', 'Logistic / Poisson / 线性边际模型', 'QIC'],
  vip: true,
  svip: true,
  runningTime: 5,
  example: 'gee-visits',
  exampleParams: { y: '症状评分', id: '患者编号', time: '访视周', group: '治疗组', x: ['年龄'], factors: ['性别'] },
  ...dataThenParams({
    tips: '长格式数据：每行是某个研究对象的一次测量，一列个体编号、一列测量时间（如访视周、第几次随访），一列结局，以及分组与协变量。同一个体的各行编号相同；允许各人测量次数不同（失访）。',
    paramsDescription: '选择结局、个体编号、时间、分组与协变量，以及工作相关结构',
    notice:
      'GEE 估计的是人群平均（边际）效应；各系数的标准误采用稳健（三明治）估计，即使工作相关结构设定不准也近似有效。任一所选变量缺失的行不参与分析（其余各行照常使用）。',
    fields: [
      {
        filed: 'outcomeType',
        name: '结局类型',
        type: 'select_single',
        value: 'continuous',
        tips: '连续：线性模型（恒等联系）；二分类：Logistic（logit 联系，OR）；计数：Poisson（log 联系，RR）。',
        option: [option('连续（线性）', 'continuous'), option('二分类（Logistic）', 'binary'), option('计数（Poisson）', 'count')],
        link_item: [{ id: 'positive', rule: { disabled: { continuous: true, binary: false, count: true } } }],
      },
      { filed: 'y', name: '结局变量', type: 'select_single', columns: 'any', value: '', required: true, tips: '每次测量的结局：连续数值、二分类（如 是/否）或非负整数计数。' },
      { ...positiveLevelField('positive', '代表结局发生的取值', '二分类结局中代表“发生”的取值；留空时自动识别：0/1 取 1，文字按名称识别（如 是、阳性）。'), disabled: true },
      { filed: 'id', name: '个体编号', type: 'select_single', columns: 'any', value: '', required: true, tips: '标识同一研究对象（或同一聚类，如同一医院）的列；同一个体的多次测量相关。' },
      { filed: 'time', name: '测量时间', type: 'select_single', columns: 'numeric', value: '', required: true, tips: '测量的先后（如 0、4、8、12 周或第 1、2、3 次）。用于排序与 AR(1) 相关，也可作为自变量。' },
      {
        filed: 'timeModel',
        name: '时间在模型中的形式',
        type: 'select_single',
        value: 'linear',
        tips: '线性：时间每增加 1 个单位的变化趋势；分类：各时间点分别与第一个时间点比较（不假定线性）；不纳入：只把时间用于排序。',
        option: [option('线性趋势', 'linear'), option('分类（各时间点）', 'factor'), option('不纳入模型', 'none')],
      },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '', tips: '如治疗组 / 对照组；作为分类自变量纳入，趋势图按它分组。' },
      {
        filed: 'interaction',
        name: '分组 × 时间交互',
        type: 'select_single',
        value: 'yes',
        tips: '纳入交互项可检验各组随时间的变化是否不同（如治疗效应是否随时间增大）；需要选择分组变量且时间纳入模型。',
        option: [option('纳入', 'yes'), option('不纳入', 'no')],
      },
      { filed: 'x', name: '定量协变量', type: 'select_multi', columns: 'numeric', value: [], tips: '如年龄；系数为每增加 1 个单位的效应。' },
      { filed: 'factors', name: '分类协变量', type: 'select_multi', columns: 'categorical', value: [], tips: '如性别；自动生成哑变量，与参照类别比较。' },
      {
        filed: 'reference',
        name: '分类变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“治疗组=对照组; 性别=男”。未指定的变量以数据中最先出现的类别为参照。',
      },
      {
        filed: 'corstr',
        name: '工作相关结构',
        type: 'select_single',
        value: 'exchangeable',
        tips: '可交换：同一个体任意两次测量的相关相同（最常用）；AR(1)：相隔越远相关越弱（等间隔的纵向测量）；独立：忽略相关，仅靠稳健标准误校正。',
        option: [option('可交换（exchangeable）', 'exchangeable'), option('一阶自回归 AR(1)', 'ar1'), option('独立（independence）', 'independence')],
      },
      levelField(),
    ],
  }),
};
