// Example data files shipped with the tools. They are public (owned by no user), seeded into the
// data-file store at start-up, and named by tools through their stable keys.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { example, type ExampleFile } from './example-file.js';
import { VISUAL_EXAMPLES_B } from './visual/examples-b.js';
import { VISUAL_EXAMPLES_C } from './visual/examples-c.js';
import { VISUAL_EXAMPLES_D } from './visual/examples-d.js';
import { ADVANCED_EXAMPLES_A } from './advanced/examples-a.js';
import { ADVANCED_EXAMPLES_B } from './advanced/examples-b.js';
import { ADVANCED_EXAMPLES_C } from './advanced/examples-c.js';
import { ADVANCED_EXAMPLES_D } from './advanced/examples-d.js';
import { ADVANCED_EXAMPLES_E } from './advanced/examples-e.js';
import { ADVANCED_EXAMPLES_X1 } from './advanced/examples-x1.js';
import { ADVANCED_EXAMPLES_X2 } from './advanced/examples-x2.js';
import { ADVANCED_EXAMPLES_Y1 } from './advanced/examples-y1.js';
import { ADVANCED_EXAMPLES_Y2 } from './advanced/examples-y2.js';
import { PREDICTION_EXAMPLES_A } from './med/prediction/examples-a.js';
import { PREDICTION_EXAMPLES_B } from './med/prediction/examples-b.js';
import { PREDICTION_EXAMPLES_C } from './med/prediction/examples-c.js';
import { PREDICTION_EXAMPLES_D } from './med/prediction/examples-d.js';
import { PREDICTION_EXAMPLES_E } from './med/prediction/examples-e.js';
import { PREDICTION_EXAMPLES_F } from './med/prediction/examples-f.js';
import { PREDICTION_EXAMPLES_G } from './med/prediction/examples-g.js';

/** packages/tools, whether this module runs from src (tests) or dist (built). */
const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');


export type { ExampleFile } from './example-file.js';

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
  example(
    'birth-weight',
    '示例数据_低出生体重.csv',
    '189 名产妇的分娩资料（R MASS 包 birthwt 数据，Hosmer & Lemeshow）：是否低出生体重（< 2500 g）、母亲年龄与体重、种族、孕期吸烟、早产史、高血压史、子宫激惹、孕早期就诊次数及出生体重。',
  ),
  example(
    'paired-diagnosis',
    '示例数据_配对诊断.csv',
    '160 例疑似胃癌患者（模拟数据）同时接受胃镜活检与血清学筛查的结果（阳性/阴性），以及两位病理医师对同一批活检的分级（轻度/中度/重度），含少量缺失值。',
  ),
  example(
    'stratified-case-control',
    '示例数据_分层病例对照.csv',
    '吸烟与肺癌的病例对照研究（模拟数据）：420 名对象按年龄分为三层，记录组别（病例/对照）与是否吸烟，含少量缺失值。',
  ),
  example('dose-response', '示例数据_剂量反应.csv', '200 例患者随机分入安慰剂、低、中、高剂量四组（模拟数据），记录剂量（mg）与是否缓解，含 1 个缺失值。'),
  example(
    'agreement',
    '示例数据_一致性评价.csv',
    '100 例膝骨关节炎患者的膝关节 X 线片（模拟数据）：三位放射科医师的 Kellgren–Lawrence 分级（0~4 级），两位医师手工测量与软件自动测量的内侧关节间隙宽度（mm），含少量缺失值。',
  ),
  example(
    'postop-pain',
    '示例数据_术后疼痛评分.csv',
    '20 例术后患者在术后 6、24、48、72 小时的疼痛视觉模拟评分（VAS，0~10 分，模拟数据，宽格式：每个时间点一列），1 例缺少 72 小时评分。',
  ),
  example(
    'bp-factorial',
    '示例数据_降压药剂量与性别.csv',
    '96 例高血压患者随机接受安慰剂、低剂量或高剂量降压药 12 周（模拟数据）：性别、年龄、基线收缩压与收缩压降幅（mmHg），各单元格例数不等，2 例缺少降幅。',
  ),
  example(
    'hba1c-followup',
    '示例数据_糖化血红蛋白随访.csv',
    '45 例 2 型糖尿病患者分属三种管理方案（模拟数据，宽格式）：基线及第 3、6、12 个月的糖化血红蛋白（HbA1c，%），1 例缺少第 12 个月的值。',
  ),
  example(
    'women-labour',
    '示例数据_已婚女性就业.csv',
    '263 名 21~30 岁加拿大已婚女性的就业状况（R carData 包 Womenlf 数据，Fox 1984）：未就业/兼职/全职（有自然顺序）、丈夫收入（千加元）、家中有无子女、所在地区。',
  ),
  example(
    'epilepsy-seizures',
    '示例数据_癫痫发作次数.csv',
    '59 例癫痫患者的普罗加比随机对照试验（R MASS 包 epil 数据，Thall & Vail 1990）：治疗组、年龄、基线 8 周发作次数与治疗后 8 周（4 次随访合计）发作次数。',
  ),
  example(
    'bcg-vaccine-trials',
    '示例数据_卡介苗试验Meta分析.csv',
    '13 项卡介苗（BCG）预防结核病的对照试验（R metafor 包 dat.bcg 数据，Colditz 等 1994）：各研究接种组与对照组的结核病例数与总人数、发表年份、所在地纬度与分配方式。',
  ),
  example(
    'stroke-unit-trials',
    '示例数据_卒中单元住院天数Meta分析.csv',
    '9 项卒中单元与常规护理对比的试验（R metafor 包 dat.normand1999 数据，Normand 1999）：各研究两组的例数、住院天数均值与标准差，以及所在国家。',
  ),
  ...VISUAL_EXAMPLES_B,
  ...VISUAL_EXAMPLES_C,
  ...VISUAL_EXAMPLES_D,
  ...PREDICTION_EXAMPLES_A,
  ...PREDICTION_EXAMPLES_B,
  ...PREDICTION_EXAMPLES_C,
  ...PREDICTION_EXAMPLES_D,
  ...PREDICTION_EXAMPLES_E,
  ...PREDICTION_EXAMPLES_F,
  ...PREDICTION_EXAMPLES_G,
  ...ADVANCED_EXAMPLES_A,
  ...ADVANCED_EXAMPLES_B,
  ...ADVANCED_EXAMPLES_C,
  ...ADVANCED_EXAMPLES_D,
  ...ADVANCED_EXAMPLES_E,
  ...ADVANCED_EXAMPLES_X1,
  ...ADVANCED_EXAMPLES_X2,
  ...ADVANCED_EXAMPLES_Y1,
  ...ADVANCED_EXAMPLES_Y2,
];

/** The Chinese manual (markdown) of a tool, kept in its folder. */
export const manualFile = (family: string, key: string): string => path.join(PACKAGE_ROOT, 'src', family, key, 'manual.md');

/** The AI chat's question templates of a tool (JSON list of {title, content}), kept in its folder. */
export const questionsFile = (family: string, key: string): string => path.join(PACKAGE_ROOT, 'src', family, key, 'questions.json');
