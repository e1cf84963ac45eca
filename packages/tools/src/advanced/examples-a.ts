// Example files of the advanced tools in group A. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_A: readonly ExampleFile[] = [
  example(
    'scale-items',
    '示例数据_量表条目.csv',
    '300 名护士的职业倦怠问卷（模拟数据，reference/scale-items-data.R 生成）：15 个 5 级评分条目（1 = 从不 … 5 = 总是），分属情绪耗竭、去人格化、个人成就感 3 个维度（各 5 条，维度间相关），其中 情绪耗竭4、去人格化3、成就感5 为反向计分条目；另有编号、性别、年龄、工龄。3 人各缺 1 个条目。',
  ),
];
