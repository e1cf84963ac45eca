// Example files of the advanced tools in group Y1. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_Y1: readonly ExampleFile[] = [
  example(
    'cfa-survey',
    '示例数据_患者就医体验问卷.csv',
    '320 名门诊患者的就医体验问卷（模拟数据，reference/cfa-survey-data.R 生成）：12 个 5 级评分条目（1 = 非常不同意 … 5 = 非常同意），按设计分属医患沟通（沟通1–4）、就医环境（环境1–4）、总体满意度（满意度1–4）3 个相关的维度；另有编号、性别、年龄。2 人各缺 1 个条目。',
  ),
];
