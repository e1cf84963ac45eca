// Example files of the advanced tools in group C. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_C: readonly ExampleFile[] = [
  example(
    'hba1c-factors',
    '示例数据_糖化血红蛋白影响因素.csv',
    '220 名 2 型糖尿病门诊患者（模拟数据，reference/advanced-c-data.R 生成）的性别、年龄、病程（年）、BMI、体重、腰围、收缩压、甘油三酯、高密度脂蛋白、每周运动分钟与糖化血红蛋白（%）。BMI、体重与腰围高度相关（共线性）；糖化血红蛋白随病程呈对数型上升。2 例缺少甘油三酯，1 例缺少腰围。',
  ),
];
