// Example files of the visual tools in group B. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const VISUAL_EXAMPLES_B: readonly ExampleFile[] = [
  example('histogram', '示例数据_血脂分布.csv', '300 名 35~75 岁体检者（模拟数据）：性别、年龄、血清总胆固醇与甘油三酯（mmol/L），含少量缺失值。'),
  example('density', '示例数据_空腹血糖分布.csv', '300 名门诊就诊者（模拟数据）按糖代谢状态分为糖耐量正常、糖尿病前期与 2 型糖尿病三组的空腹血糖（mmol/L），含少量缺失值。'),
  example('violin', '示例数据_术式与术后恢复.csv', '180 例结直肠癌根治术患者（模拟数据）按术式分为开腹、腹腔镜与机器人手术三组：术后住院天数与术后第 3 天 C 反应蛋白（mg/L），含少量缺失值。'),
  example('bar-means', '示例数据_荷瘤小鼠肿瘤体积.csv', '32 只荷瘤小鼠（模拟数据）随机分为对照组及低、中、高剂量组，每组 8 只，给药 21 天后的肿瘤体积（mm³）与瘤重（g），含 2 个缺失值。'),
  example('bar-grouped', '示例数据_分期与疗效.csv', '240 例晚期实体瘤患者（模拟数据）：性别、病理分期（I~IV 期）与按 RECIST 评价的疗效（完全缓解/部分缓解/疾病稳定/疾病进展），含少量缺失值。'),
  example('line-errorbar', '示例数据_降压随访长格式.csv', '60 例高血压患者随机分入试验组与对照组（模拟数据，长格式）：每人在第 0、4、8、12 周的收缩压（mmHg），每行一次测量，含 3 个缺失值。'),
  example('pie', '示例数据_缺血性卒中分型.csv', '320 例急性缺血性卒中患者（模拟数据）的 TOAST 病因分型与性别，含 2 个缺失值。'),
  example('qq-pp', '示例数据_身高与住院费用.csv', '200 例住院患者（模拟数据）：性别、身高（cm，近似正态）与住院费用（元，右偏），含少量缺失值。'),
  example('ridgeline', '示例数据_各年龄组收缩压.csv', '500 名社区居民（模拟数据）按年龄分为五组的收缩压（mmHg），年龄越大均值与离散程度越大，含 2 个缺失值。'),
  example('dot-errorbar', '示例数据_多中心糖化血红蛋白降幅.csv', '6 个研究中心共 210 例 2 型糖尿病患者（模拟数据）治疗 24 周后糖化血红蛋白（HbA1c）的降幅（%），含 2 个缺失值。'),
];
