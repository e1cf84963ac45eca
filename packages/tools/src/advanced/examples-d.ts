// Example files of the advanced tools in group D. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_D: readonly ExampleFile[] = [
  example(
    'mediation-stress',
    '示例数据_工作压力与离职意向.csv',
    '400 名企业员工的问卷得分（模拟数据，reference/mediation-data.R 生成；各量表为 1–5 分题目的均分）：工作压力、社会支持、职业倦怠、工作满意度、离职意向，以及性别、年龄、工龄。工作压力经职业倦怠与工作满意度影响离职意向（平行中介），社会支持减弱工作压力对职业倦怠的影响（调节）。2 人缺少工作压力，离职意向与社会支持各缺 1 人。',
  ),
];
