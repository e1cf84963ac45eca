// Example files of the visual tools in group D. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const VISUAL_EXAMPLES_D: readonly ExampleFile[] = [
  example('subgroup-forest', '示例数据_亚组分析森林图.csv', '某免疫治疗Ⅲ期试验（模拟数据）总生存期的亚组分析：12 个亚组的例数、HR 及其 95% 置信区间与 P 值，部分行缺少 P 值，1 行缺少置信区间上限。'),
  example('io-trial', '示例数据_肿瘤免疫治疗疗效.csv', '36 例晚期实体瘤患者接受联合或单药免疫治疗（模拟数据）：靶病灶最佳变化率（%）、RECIST 最佳疗效、治疗时长与缓解、进展、死亡时间（月）及是否仍在治疗，1 例不可评价（缺少变化率）。'),
  example('hospital-antibiotics', '示例数据_医院抗菌药物使用率.csv', '某市 20 家医院（模拟数据）2019 年与 2023 年住院患者抗菌药物使用率（%）及医院等级，1 家医院缺少 2023 年数据。'),
  example('sankey', '示例数据_晚期肺癌治疗与疗效流向.csv', '150 例晚期非小细胞肺癌患者（模拟数据）的治疗方案、最佳疗效与 12 个月时的状态，另有性别、年龄与 PD-L1 表达；2 例缺少最佳疗效，3 例缺少 12 个月状态，1 例缺少年龄。'),
  example('mosaic', '示例数据_胃癌Lauren分型与分期.csv', '260 例胃癌手术患者（模拟数据）的 Lauren 分型、TNM 分期、幽门螺杆菌感染、性别与年龄；3 例缺少 Lauren 分型，2 例缺少分期，2 例缺少年龄。'),
];
