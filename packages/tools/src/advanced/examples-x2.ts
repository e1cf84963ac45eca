// Example files of the advanced tools in group X2. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_X2: readonly ExampleFile[] = [
  example(
    'health-info-survey',
    '示例数据_健康信息调查.csv',
    '400 名社区居民的就医与健康信息调查（模拟数据，reference/health-info-survey-data.R 生成）：年龄组（4 组）、文化程度、首选就医机构（社区卫生服务中心、综合医院、专科医院、互联网医院），以及多选题“获取健康信息的渠道”的 6 个选项（渠道_电视、渠道_网络、渠道_医生、渠道_亲友、渠道_报刊、渠道_短视频；1 = 选中，0 = 未选）。2 人未答首选就医机构，1 人缺渠道_报刊。',
  ),
];
