// The 操作指引 of the tool-detail page (spec 01 §2, §9): each step points at a part of the page by
// name; the last one shows the 解读 button and names the AI models a report can be explained with.
import { AI_INTERPRET_TOUR_TEXT } from '../../lib/ai-api/tour-text';

/** `interpret` is the 解读 button, on the page only at a form step (the tour falls back to the centre). */
export type ToolTourTarget = 'steps' | 'right' | 'centre' | 'interpret';

export interface ToolTourStep {
  title: string;
  description: string;
  target: ToolTourTarget;
}

export const TOOL_DETAIL_TOUR: readonly ToolTourStep[] = [
  { target: 'steps', title: '第一步：选择步骤', description: '左侧按步骤组列出分析步骤，点击进入对应步骤。' },
  { target: 'right', title: '第二步：选择数据', description: '在右侧选择示例数据或上传自己的数据，中间可预览数据与变量类型。' },
  { target: 'centre', title: '第三步：设置参数并提交', description: '进入参数步骤，选择变量与选项后点击“提交”，报告显示在中间区域。' },
  { target: 'interpret', title: '第四步：AI 解读', description: `${AI_INTERPRET_TOUR_TEXT}点击报告上方的“解读”，选择模型与问题模板即可提问。` },
];
