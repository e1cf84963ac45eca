// Example files of the prediction tools in group E. One entry per file in src/examples/.
import { example, type ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_E: readonly ExampleFile[] = [
  example(
    'propensity',
    '示例数据_倾向性评分.csv',
    '800 例冠心病高危患者的观察性队列（模拟数据）：是否使用他汀，以及年龄、性别、BMI、糖尿病、高血压、LDL-C、吸烟等混杂因素（年龄越大、合并糖尿病或高血压、LDL-C 越高者越常用他汀），主要心血管事件（是/否）与随访时间（月）、生存状态；2 例缺少 BMI，3 例缺少 LDL-C。',
  ),
];
