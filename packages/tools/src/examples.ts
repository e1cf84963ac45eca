// Example data files shipped with the tools. They are public (owned by no user), seeded into the
// data-file store at start-up, and named by tools through their stable keys.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/tools, whether this module runs from src (tests) or dist (built). */
const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ExampleFile {
  /** Stable key; the database row follows it across restarts and content changes. */
  key: string;
  /** The name users see and download. */
  filename: string;
  /** Absolute path of the file in this package. */
  file: string;
  description: string;
}

const example = (key: string, filename: string, description: string): ExampleFile => ({
  key,
  filename,
  file: path.join(PACKAGE_ROOT, 'src', 'examples', `${key}.csv`),
  description,
});

export const EXAMPLE_FILES: readonly ExampleFile[] = [
  example(
    'hypertension-trial',
    '示例数据_降压药临床试验.csv',
    '120 名高血压患者随机分为试验组与对照组，记录人口学资料、治疗前后收缩压、血脂与疗效。',
  ),
  example('three-groups', '示例数据_三组比较.csv', '三种饲料喂养大鼠 8 周后的体重增量，每组 15 只。'),
  example(
    'survival-cohort',
    '示例数据_生存分析.csv',
    '228 例晚期肺癌患者的生存随访（R survival 包 lung 数据）：随访时间（天）、结局（死亡/删失）、年龄、性别、ECOG 评分与体能状态、KPS 评分、进食热量与体重下降。',
  ),
  example(
    'diagnostic-markers',
    '示例数据_诊断标志物.csv',
    '113 例动脉瘤性蛛网膜下腔出血患者入院时的 S100B、NDKA 与 WFNS 分级及 6 个月预后（pROC 的公开数据 aSAH），另含 S100B > 0.205 判为阳性的检测结果。',
  ),
  example(
    'diabetes-cohort',
    '示例数据_糖尿病基线资料.csv',
    '200 例 2 型糖尿病住院患者（模拟数据）按是否合并糖尿病肾病分组的基线资料：性别、年龄、BMI、病程、吸烟、高血压、糖化血红蛋白、空腹血糖、血脂、eGFR、视网膜病变，另有降糖方案（三组），含少量缺失值。',
  ),
];

/** The Chinese manual (markdown) of a tool, kept in its folder. */
export const manualFile = (family: string, key: string): string => path.join(PACKAGE_ROOT, 'src', family, key, 'manual.md');
