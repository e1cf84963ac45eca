// Example files of the prediction tools in group F. One entry per file in src/examples/.
import { example, type ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_F: readonly ExampleFile[] = [
  example(
    'competing-risk',
    '示例数据_竞争风险.csv',
    '400 例结直肠癌术后患者（模拟数据）的治疗方案、年龄、性别、分期、CEA 与随访时间（月），结局为删失、肿瘤死亡（关注事件）或其他原因死亡（竞争事件），另附 0/1/2 数字编码；2 例缺少 CEA，1 例缺少分期。',
  ),
];
