// Example files of the prediction tools in group D. One entry per file in src/examples/.
import { example, type ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_D: readonly ExampleFile[] = [
  example('dca-demo', '示例数据_决策曲线.csv', '前列腺穿刺活检队列（模拟数据，600 例）：年龄、PSA、前列腺体积、直肠指检、家族史、PHI 评分，两个已有模型的预测概率，是否为高级别前列腺癌，以及随访时间与生存状态。少量缺失值。'),
  example('subgroup-trial', '示例数据_亚组分析.csv', '两组随机对照试验（模拟数据，600 例）：治疗组、年龄、性别、糖尿病、分期、ECOG 评分、BMI，主要终点事件（二分类）、随访时间与生存状态、生活质量评分变化（连续）。少量缺失值。'),
];
