// The 操作指引 of the data-processing screen (spec 01 §2, §9): ten steps, each pointing at a part of
// the screen by name; the last one names the AI models the reports can be explained with.
import { AI_INTERPRET_TOUR_TEXT } from '../../lib/ai-api/tour-text';

export type TourTarget = 'methods' | 'hot' | 'video' | 'manual' | 'files' | 'upload' | 'preview' | 'variables' | 'form' | 'support';

export interface ProcessingTourStep {
  title: string;
  description: string;
  target: TourTarget;
}

export const PROCESSING_TOUR: readonly ProcessingTourStep[] = [
  { target: 'methods', title: '第一步：选择处理方法', description: '左侧列出全部数据处理方法，点击选择要使用的方法。' },
  { target: 'hot', title: '第二步：热门工具', description: '查看大家常用的分析工具，处理好的数据可直接用于这些工具。' },
  { target: 'video', title: '第三步：统计课堂', description: '观看所选处理方法的讲解视频。' },
  { target: 'manual', title: '第四步：操作手册', description: '查看所选方法的说明、参数含义与示例。' },
  { target: 'files', title: '第五步：选择数据', description: '在右侧选择要处理的数据文件；不再需要的文件可以删除。' },
  { target: 'upload', title: '第六步：上传数据', description: '将 xlsx、xls、csv 文件拖到此处或点击上传，文件大小不超过200M。' },
  { target: 'preview', title: '第七步：数据预览', description: '中间显示所选文件的数据表格，第一列为行号，表头为变量名。' },
  { target: 'variables', title: '第八步：变量详情', description: '表格下方列出每个变量的类型、有效值与缺失值，便于设置参数。' },
  { target: 'form', title: '第九步：设置参数并提交', description: '选择方法和文件后按文件的变量设置参数，点击“提交”生成新的数据文件，原文件保持不变。' },
  {
    target: 'support',
    title: '第十步：分析与 AI 解读',
    description: `处理后的数据可直接用于分析工具；${AI_INTERPRET_TOUR_TEXT}遇到问题可扫码联系客服。`,
  },
];
