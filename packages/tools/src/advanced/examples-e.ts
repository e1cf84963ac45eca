// Example files of the advanced tools in group E. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_E: readonly ExampleFile[] = [
  example(
    'gee-visits',
    '示例数据_随机对照试验多次随访.csv',
    '120 名患者随机分入试验组与对照组（模拟数据，reference/gee-visits-data.R 生成），在基线与第 4、8、12 周访视；长格式，每行为一名患者的一次访视：患者编号、访视周、治疗组、性别、年龄、症状评分（连续）、是否缓解（二分类）与发作次数（计数）。部分患者中途失访，2 行缺少年龄，2 行缺少症状评分。',
  ),
];
