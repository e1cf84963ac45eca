// Seeds the help and static content (issue 20): the manual pages, team and citation pages from
// apps/server/content (refreshed on every start unless an operator edited them; the citation page
// also lists each tool manual's references), the site_info links to their standalone pages, and
// the first update news and header notices (only on an empty table: operators own them after).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { helpPageUrl, type HelpPage } from '@labstat/contracts';
import { TOOLS, manualFile } from '@labstat/tools';
import { escapeHtml, markdownHtml } from '../lib/html.js';
import { sanitizeRichText } from '../lib/rich-text.js';
import { ContentRepo } from '../repositories/content-repo.js';
import type { Db } from './database.js';

/** apps/server/content, from src/db or dist/db alike. */
export const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

/** Content page items and the markdown file each comes from. */
const PAGES: Record<HelpPage, string> = {
  introduction: 'help/introduction.md',
  manual: 'help/manual.md',
  team: 'pages/team.md',
  citations: 'pages/citations.md',
};

/** The `## 参考文献` section of a tool manual, without its heading. */
export function referencesOf(md: string): string {
  const lines = md.split(/\r?\n/);
  const start = lines.findIndex((l) => /^##\s*参考文献\s*$/.test(l.trim()));
  if (start < 0) return '';
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => /^#{1,2}\s/.test(l));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n').trim();
}

/** The citation page's tail: each tool's references, in catalogue order. */
function toolReferences(): string {
  const parts: string[] = [];
  for (const { definition: d } of TOOLS) {
    const file = manualFile(d.family, d.key);
    if (!fs.existsSync(file)) continue;
    const refs = referencesOf(fs.readFileSync(file, 'utf8'));
    if (refs) parts.push(`### ${d.name}\n\n${refs}`);
  }
  return parts.join('\n\n');
}

/** Screenshots for the manual: apps/server/content/help/img/{name}, served at /help/img/{name}. */
export const HELP_IMAGE = /^[a-z0-9][a-z0-9-]{0,62}\.(?:png|jpe?g|webp)$/;
export const helpImageFile = (name: string): string | null => (HELP_IMAGE.test(name) ? `${CONTENT_DIR}help/img/${name}` : null);

/**
 * The safe markdown dialect renders no images; the manual's own screenshots are the exception:
 * `![说明](/help/img/name.png)` becomes an image when that file exists, and stays its text otherwise.
 */
function renderWithScreenshots(md: string): string {
  const images: string[] = [];
  const marked = md.replace(/!\[([^\]]*)\]\(\/help\/img\/([^)\s]+)\)/g, (_whole, alt: string, name: string) => {
    const file = helpImageFile(name);
    if (!file || !fs.existsSync(file)) return alt;
    images.push(`<img src="/help/img/${name}" alt="${escapeHtml(alt)}">`);
    return `LABSTATIMAGE${images.length - 1}X`;
  });
  return markdownHtml(marked).replace(/LABSTATIMAGE(\d+)X/g, (_m, i: string) => images[Number(i)] ?? '');
}

export function renderPage(page: HelpPage): { title: string; html: string } {
  let md = fs.readFileSync(`${CONTENT_DIR}${PAGES[page]}`, 'utf8');
  if (page === 'citations') md = `${md.trimEnd()}\n\n${toolReferences()}\n`;
  const title = /^#\s+(.+)$/m.exec(md)?.[1]?.trim() ?? page;
  return { title, html: renderWithScreenshots(md) };
}

// Beijing 2026-11-22, the day these features shipped; later entries come from operators.
const day = (hour: number) => Date.UTC(2026, 10, 22, hour - 8);

const UPDATE_NEWS = [
  {
    title: 'LabStat 上线：40 个统计分析工具',
    at: day(9),
    content: [
      '医学统计、小流程与可视化三类共 <strong>40 个工具</strong>，涵盖 t 检验、方差分析、卡方检验、线性与 Logistic 回归、生存分析、ROC 与诊断试验、一致性评价和 Meta 分析。',
      '每个工具配有中文手册、示例数据和参考文献，可先用示例数据体验。',
      '统计结果以 R 为基准逐项校验，每份报告附可复现的 R 代码。',
    ],
  },
  {
    title: '数据管理与任务中心',
    at: day(11),
    content: [
      '支持 xlsx、xls、csv 上传，单个文件最大 200 MB；自动识别文本编码（含 Excel 另存的 GBK）和变量类型。',
      '所有分析记录保存在任务中心，可按状态筛选、重新打开报告或修改参数再次分析。',
    ],
  },
  {
    title: '报告下载为 Word、Excel 与图片，支持分享链接',
    at: day(14),
    content: [
      'Word 报告采用三线表和 300 dpi 图表，可直接放入论文；Excel 中每个表格一个工作表。',
      '统计图可单独下载为 PNG 或 SVG。',
      '创建分享链接后，对方无需登录即可查看报告；链接可随时撤销。',
    ],
  },
  {
    title: 'AI 解读上线',
    at: day(17),
    content: [
      '报告生成后点击 <strong>AI 解读</strong>，AI 会用中文解释检验方法、关键数字、结论与注意事项，并可继续追问。',
      '内置解读模型在本站运行；回答中出现报告以外的数字时，界面会给出提示。',
    ],
  },
  {
    title: '意见反馈与使用手册',
    at: day(20),
    content: [
      '新增 <strong>意见反馈</strong>：提交使用问题、新工具或新流程需求，客服会在对话中回复。',
      '新增 <strong>使用手册</strong>：平台简介、快速上手、数据准备、报告解读与常见问题。',
    ],
  },
];

const NOTICES: Array<{ type: 'link' | 'text'; link: string; content: string }> = [
  { type: 'link', link: '/#/document/document-manual', content: '第一次使用？三分钟看懂快速上手' },
  { type: 'text', link: '', content: '报告生成后点击“AI 解读”，用中文解释你的统计结果' },
];

const SITE_INFO: Array<{ item: string; page: HelpPage }> = [
  { item: 'teamIntroduction', page: 'team' },
  { item: 'citationsAndAcknowledgments', page: 'citations' },
];

export async function seedContent(db: Db, now = Date.now()): Promise<void> {
  const repo = new ContentRepo(db.kysely);
  for (const page of Object.keys(PAGES) as HelpPage[]) await repo.upsertSeedPage({ item: page, ...renderPage(page) }, now);

  for (const s of SITE_INFO) {
    const exists = await db.kysely.selectFrom('site_info').select('item').where('item', '=', s.item).executeTakeFirst();
    if (!exists) await db.kysely.insertInto('site_info').values({ item: s.item, url: helpPageUrl(s.page), content: null }).execute();
  }

  if ((await repo.countNews()) === 0) {
    await repo.insertNews(
      UPDATE_NEWS.map((n) => ({ title: n.title, published_at: n.at, content: JSON.stringify(n.content.map(sanitizeRichText)) })),
    );
  }
  if ((await repo.countNotices()) === 0) await repo.insertNotices(NOTICES);
}
