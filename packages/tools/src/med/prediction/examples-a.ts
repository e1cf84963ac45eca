// Example files of the prediction tools in group A. One entry per file in src/examples/.
import { example, type ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_A: readonly ExampleFile[] = [
  example(
    'prediction-model',
    '示例数据_临床预测模型.csv',
    '300 例胃癌根治术患者（模拟数据）：年龄、性别、BMI、糖尿病、肿瘤分期、肿瘤直径、白蛋白、血红蛋白、C反应蛋白、NLR、手术时间、术中出血量、血肌酐共 13 个候选预测因素，二分类结局“术后并发症”，以及随访时间（月）与生存结局；2 例缺少 BMI，3 例缺少白蛋白，1 例缺少 C反应蛋白。可用于 LASSO 筛选、列线图、校准曲线与决策曲线。',
  ),
];
