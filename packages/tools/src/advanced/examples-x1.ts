// Example files of the advanced tools in group X1. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_X1: readonly ExampleFile[] = [
  example(
    'discriminant',
    '示例数据_糖尿病诊断分组.csv',
    '180 名成人糖尿病筛查对象（模拟数据，reference/discriminant-data.R 生成）：已知诊断分组（糖耐量正常 80 人、糖尿病前期 60 人、2 型糖尿病 40 人）及空腹血糖（mmol/L）、糖化血红蛋白（%）、BMI（kg/m²）、甘油三酯（mmol/L）、腰围（cm）5 项指标，另有编号、年龄。1 人缺 BMI，1 人缺甘油三酯。',
  ),
  example(
    'canonical-correlation',
    '示例数据_体格与体能.csv',
    '200 名男大学生（模拟数据，reference/canonical-data.R 生成）的 4 项体格指标（身高 cm、体重 kg、腰围 cm、体脂率 %）与 4 项体能测试（肺活量 mL、握力 kg、立定跳远 cm、1000米跑 s），另有编号。1 人缺腰围，1 人缺握力。',
  ),
];
