// Example files of the visual tools in group C. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const VISUAL_EXAMPLES_C: readonly ExampleFile[] = [
  example('heatmap', '示例数据_基因表达热图.csv', '30 个肿瘤相关基因在 5 例癌旁对照与 5 例肿瘤组织中的表达量（log2，模拟数据），2 个缺失值。'),
  example('correlation-heatmap', '示例数据_代谢指标相关.csv', '160 例门诊患者的年龄、BMI、收缩压、血糖、血脂、尿酸与 eGFR 共 11 项指标（模拟数据），含少量缺失值。'),
  example('volcano', '示例数据_差异表达基因.csv', '肺腺癌与癌旁组织 2400 个基因的差异表达分析结果（模拟数据）：基因名、log2 倍数变化、P 值与平均表达量，3 行有缺失。'),
  example('venn-upset', '示例数据_慢病共病.csv', '300 例老年门诊患者是否患有高血压、糖尿病、高脂血症、冠心病、慢性肾病（1 = 是，0 = 否，模拟数据），3 个缺失值。'),
  example('radar', '示例数据_生活质量评分.csv', '90 例慢性心衰患者随机接受常规护理、运动康复或综合干预 12 周后的 SF-36 八个维度评分（0~100 分，模拟数据），3 个缺失值。'),
  example('bubble', '示例数据_各省糖尿病患病率.csv', '31 个省份的人均 GDP（万元）、成人糖尿病患病率（%）与常住人口（百万），按东、中、西部分组（模拟数据），1 个缺失值。'),
  example('scatter-matrix', '示例数据_代谢综合征指标.csv', '220 名体检者的性别、年龄、BMI、腰围、收缩压、空腹血糖与甘油三酯（模拟数据），3 个缺失值。'),
];
