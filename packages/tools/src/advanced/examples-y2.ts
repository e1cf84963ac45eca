// Example files of the advanced tools in group Y2. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_Y2: readonly ExampleFile[] = [
  example(
    'lmm-bp',
    '示例数据_高血压患者血压随访.csv',
    '60 名高血压患者随机分入干预组与对照组（模拟数据，reference/lmm-bp-data.R 生成），在基线与第 3、6、9、12 个月测量收缩压（mmHg）；长格式，每行为一名患者的一次随访：患者编号、组别、性别、年龄、随访月、收缩压。各人基线血压与下降速度不同；部分患者中途失访，2 次随访缺少收缩压。',
  ),
];
