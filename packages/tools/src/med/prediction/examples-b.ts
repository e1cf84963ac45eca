// Example files of the prediction tools in group B. One entry per file in src/examples/.
import { example, type ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_B: readonly ExampleFile[] = [
  example(
    'rcs-dose',
    '示例数据_血压与卒中风险.csv',
    '500 名社区中老年人（模拟数据，reference/rcs-dose-data.R 生成）的基线收缩压、年龄、性别、吸烟，随访期间是否发生卒中及随访时间（月），以及颈动脉内中膜厚度 IMT（mm）；卒中风险与收缩压呈 J 形关系。2 例缺少收缩压，1 例缺少年龄，2 例缺少 IMT。',
  ),
];
