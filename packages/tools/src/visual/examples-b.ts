// Example files of the visual tools in group B. One entry per file in src/examples/.
import { example, type ExampleFile } from '../example-file.js';

export const VISUAL_EXAMPLES_B: readonly ExampleFile[] = [
  example('histogram', '示例数据_血脂分布.csv', '300 名 35~75 岁体检者（模拟数据）：性别、年龄、血清总胆固醇与甘油三酯（mmol/L），含少量缺失值。'),
  example('density', '示例数据_空腹血糖分布.csv', '300 名门诊就诊者（模拟数据）按糖代谢状态分为糖耐量正常、糖尿病前期与 2 型糖尿病三组的空腹血糖（mmol/L），含少量缺失值。'),
  example('violin', '示例数据_术式与术后恢复.csv', '180 例结直肠癌根治术患者（模拟数据）按术式分为开腹、腹腔镜与机器人手术三组：术后住院天数与术后第 3 天 C 反应蛋白（mg/L），含少量缺失值。'),
  example('bar-means', '示例数据_荷瘤小鼠肿瘤体积.csv', '32 只荷瘤小鼠（模拟数据）随机分为对照组及低、中、高剂量组，每组 8 只，给药 21 天后的肿瘤体积（mm³）与瘤重（g），含 2 个缺失值。'),
  example('ridgeline', '示例数据_各年龄组收缩压.csv', '500 名社区居民（模拟数据）按年龄分为五组的收缩压（mmHg），年龄越大均值与离散程度越大，含 2 个缺失值。'),
];
