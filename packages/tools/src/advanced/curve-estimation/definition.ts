import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const CURVE_MODELS = ['linear', 'logarithmic', 'inverse', 'quadratic', 'cubic', 'compound', 'power', 's', 'growth', 'exponential', 'logistic'] as const;
export type CurveModel = (typeof CURVE_MODELS)[number];

export const definition: ToolDefinition = {
  id: 6007,
  key: 'curve-estimation',
  version: 1,
  name: '曲线估计',
  subname: 'Curve Estimation',
  description:
    '用一个自变量拟合并比较多种曲线：线性、对数、倒数、二次、三次、复合、幂、S 形、增长、指数与 Logistic 曲线（同 SPSS 的曲线估计 CURVEFIT）。给出每个模型的 R²、F 检验、P 值与参数估计，以及画在散点图上的各条拟合曲线，帮助选择最合适的函数形式。',
  family: 'advanced',
  categories: ['moxing', 'regression-plus'],
  difficulty: 2,
  methods: ['曲线估计（SPSS CURVEFIT）', '线性 / 对数 / 倒数曲线', '二次 / 三次多项式', '幂函数与指数曲线（对数尺度线性化）', '复合 / 增长 / S 形 / Logistic 曲线', 'F 检验', '最小二乘'],
  vip: true,
  svip: true,
  runningTime: 2,
  example: 'hba1c-factors',
  exampleParams: { y: '糖化血红蛋白', x: '病程年' },
  ...dataThenParams({
    tips: '每行一个研究对象（或一个观测点）：一列自变量与一列因变量，均为数值。',
    paramsDescription: '选择自变量、因变量与要比较的曲线',
    notice:
      '对数、幂与 S 形等模型要求自变量为正（或不为 0），复合、幂、S 形、增长、指数与 Logistic 模型要求因变量为正，不满足时该模型不拟合并在表下说明。后六种模型与 SPSS 一样在对数尺度上线性化后用最小二乘拟合，其 R² 与 F 检验也在对数尺度上。',
    fields: [
      { filed: 'x', name: '自变量（横轴）', type: 'select_single', columns: 'numeric', value: '', required: true },
      { filed: 'y', name: '因变量（纵轴）', type: 'select_single', columns: 'numeric', value: '', required: true },
      {
        filed: 'models',
        name: '拟合的曲线',
        type: 'select_multi',
        value: ['linear', 'logarithmic', 'inverse', 'quadratic', 'cubic', 'power', 'exponential'],
        option: [
          option('线性 y = b0 + b1·x', 'linear'),
          option('对数 y = b0 + b1·ln(x)', 'logarithmic'),
          option('倒数 y = b0 + b1/x', 'inverse'),
          option('二次 y = b0 + b1·x + b2·x²', 'quadratic'),
          option('三次 y = b0 + b1·x + b2·x² + b3·x³', 'cubic'),
          option('复合 y = b0·b1^x', 'compound'),
          option('幂 y = b0·x^b1', 'power'),
          option('S 形 y = exp(b0 + b1/x)', 's'),
          option('增长 y = exp(b0 + b1·x)', 'growth'),
          option('指数 y = b0·exp(b1·x)', 'exponential'),
          option('Logistic y = 1/(1/u + b0·b1^x)', 'logistic'),
        ],
        tips: '可多选；默认比较最常用的 7 种。',
      },
      { filed: 'upper', name: 'Logistic 曲线的上限 u（可选）', type: 'input', value: '', tips: '须大于因变量的最大值；留空表示无上限（同 SPSS 默认）。' },
      levelField(),
    ],
  }),
};
