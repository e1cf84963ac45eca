// Example files of the advanced tools in group B. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_B: readonly ExampleFile[] = [
  example(
    'anxiety-scale',
    '示例数据_焦虑量表条目.csv',
    '300 名调查对象（模拟数据，reference/advanced-b-data.R 生成）的性别与一个 8 条目焦虑量表（A1 ~ A8，Likert 5 级计分 1 ~ 5）；A3、A6 为反向计分条目（如“我感到平静”）。少数条目有缺失值。',
  ),
  example(
    'metabolic-cluster',
    '示例数据_代谢指标聚类.csv',
    '240 名成年人（模拟数据，reference/advanced-b-data.R 生成）的 BMI、腰围、收缩压、空腹血糖、甘油三酯与 HDL-C，来自代谢健康、代谢异常前期与代谢综合征三种表型；2 例缺少 BMI。',
  ),
  example(
    'mice-missing',
    '示例数据_含缺失值的门诊资料.csv',
    '300 名门诊患者（模拟数据，reference/advanced-b-data.R 生成）的年龄、性别、BMI、吸烟、收缩压与空腹血糖；BMI、吸烟、收缩压、空腹血糖分别约有 9% ~ 13% 缺失（年龄越大 BMI、血糖越易缺失，随机缺失 MAR），完整病例约占六成。',
  ),
];
