// The Word download of a report (DESIGN §5): real Word tables in the three-line style Chinese
// journals ask for, 宋体 for Chinese and Times New Roman for Latin text and numbers, charts as
// 300-dpi PNG, the conclusion text, and the parameters, data fingerprint and engine version.
import type { Report, ReportBlock } from '@labstat/contracts';
import { calculatorTable } from '@labstat/contracts';
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  ImageRun,
  LineRuleType,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IBorderOptions,
  type ParagraphChild,
} from 'docx';
import type { Token, Tokens } from 'marked';
import { markdownTokens } from '../lib/html.js';
import { formatBeijing } from '../lib/time.js';
import { paramRows } from './report-facts.js';

const LATIN = 'Times New Roman';
const CHINESE = '宋体';
const FONT = { ascii: LATIN, hAnsi: LATIN, cs: LATIN, eastAsia: CHINESE };
const CODE_FONT = { ascii: 'Consolas', hAnsi: 'Consolas', cs: 'Consolas', eastAsia: CHINESE };
/** Half-points: 小四 body, 五号 tables, 小五 notes, 四号 headings, 三号 title. */
const SIZE = { body: 24, table: 21, note: 18, heading: 28, title: 32 };
/** A4 with 2.54 cm margins: the text block is 9026 twips (15.92 cm) wide. */
const TEXT_WIDTH_TWIPS = 9026;
/** Charts are laid out 6 inches wide; the PNG has 300 dpi at that size or more. */
const CHART_WIDTH_PX = 576;

const NONE: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const THICK: IBorderOptions = { style: BorderStyle.SINGLE, size: 12, color: '000000' }; // 1.5 pt
const THIN: IBorderOptions = { style: BorderStyle.SINGLE, size: 6, color: '000000' }; // 0.75 pt

/** A PNG of the chart block with the given running index (counted over the whole report). */
export type ChartPng = (index: number, option: Record<string, unknown>) => { png: Buffer; width: number; height: number };

function inlineRuns(tokens: Token[] | undefined, style: { bold?: boolean; italics?: boolean } = {}, size = SIZE.body): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        runs.push(...inlineRuns((t as Tokens.Strong).tokens, { ...style, bold: true }, size));
        break;
      case 'em':
        runs.push(...inlineRuns((t as Tokens.Em).tokens, { ...style, italics: true }, size));
        break;
      case 'codespan':
        runs.push(new TextRun({ text: (t as Tokens.Codespan).text, font: CODE_FONT, size, ...style }));
        break;
      case 'br':
        runs.push(new TextRun({ text: '', break: 1 }));
        break;
      case 'link':
        runs.push(...inlineRuns((t as Tokens.Link).tokens, style, size));
        break;
      case 'text': {
        const tt = t as Tokens.Text;
        if (tt.tokens?.length) runs.push(...inlineRuns(tt.tokens, style, size));
        else runs.push(new TextRun({ text: decodeEntities(tt.text), size, ...style }));
        break;
      }
      default:
        runs.push(new TextRun({ text: decodeEntities('text' in t ? String(t.text) : t.raw), size, ...style }));
    }
  }
  return runs;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decodeEntities = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);

const bodyParagraph = (children: ParagraphChild[], extra: { bullet?: boolean; indent?: boolean } = {}) =>
  new Paragraph({
    children,
    spacing: { line: 360, lineRule: LineRuleType.AUTO, after: 120 },
    ...(extra.bullet ? { bullet: { level: 0 } } : extra.indent ? { indent: { firstLine: 480 } } : {}),
  });

/** The markdown of a text block as Word paragraphs (paragraphs, lists, headings, quotes, code). */
export function markdownParagraphs(markdown: string): Paragraph[] {
  const out: Paragraph[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      switch (t.type) {
        case 'paragraph':
          out.push(bodyParagraph(inlineRuns((t as Tokens.Paragraph).tokens)));
          break;
        case 'heading':
          out.push(new Paragraph({ children: inlineRuns((t as Tokens.Heading).tokens, { bold: true }), spacing: { before: 120, after: 120 } }));
          break;
        case 'list':
          for (const item of (t as Tokens.List).items) {
            const inner = item.tokens.flatMap((x) => (x.type === 'text' || x.type === 'paragraph' ? ((x as Tokens.Text).tokens ?? [x]) : [x]));
            out.push(bodyParagraph(inlineRuns(inner), { bullet: true }));
          }
          break;
        case 'blockquote':
          walk((t as Tokens.Blockquote).tokens);
          break;
        case 'code':
          out.push(...codeParagraphs((t as Tokens.Code).text));
          break;
        case 'space':
        case 'hr':
          break;
        default:
          if (t.raw.trim()) out.push(bodyParagraph([new TextRun({ text: t.raw.trim(), size: SIZE.body })]));
      }
    }
  };
  walk(markdownTokens(markdown));
  return out;
}

function codeParagraphs(code: string): Paragraph[] {
  return code.split('\n').map(
    (line) =>
      new Paragraph({
        children: [new TextRun({ text: line || ' ', font: CODE_FONT, size: SIZE.note })],
        shading: { type: ShadingType.CLEAR, fill: 'F6F8FA', color: 'auto' },
        spacing: { line: 260, lineRule: LineRuleType.AUTO, after: 0 },
      }),
  );
}

const cellText = (v: string | number | null) => (v === null ? '' : String(v));

/** Column widths from the longest text in each column (CJK counts double), summing to the text width. */
function columnWidths(columns: string[], rows: Array<Array<string | number | null>>): number[] {
  const len = (s: string) => [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  const need = columns.map((c, i) => Math.min(40, rows.reduce((w, r) => Math.max(w, len(cellText(r[i] ?? null))), Math.max(6, len(c)))));
  const total = need.reduce((a, b) => a + b, 0);
  return need.map((n) => Math.floor((n / total) * TEXT_WIDTH_TWIPS));
}

/** "表3  title", unless the tool already numbered its title ("表3 …"). */
const numbered = (kind: '表' | '图', n: number, title: string) => (new RegExp(`^${kind}\\s*\\d`).test(title) ? title : `${kind}${n}  ${title}`);

function caption(text: string, after = 80): Paragraph {
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    keepNext: true,
    spacing: { before: 200, after },
    children: [new TextRun({ text, bold: true, size: SIZE.table })],
  });
}

/** A three-line table: thick rules above and below, a thin rule under the header, no verticals. */
export function threeLineTable(columns: string[], rows: Array<Array<string | number | null>>): Table {
  const widths = columnWidths(columns, rows);
  const cell = (text: string, i: number, header: boolean, last: boolean) =>
    new TableCell({
      width: { size: widths[i]!, type: WidthType.DXA },
      margins: { top: 40, bottom: 40, left: 80, right: 80 },
      borders: { top: header ? THICK : NONE, bottom: header ? THIN : last ? THICK : NONE, left: NONE, right: NONE },
      children: [
        new Paragraph({
          alignment: i === 0 ? AlignmentType.LEFT : AlignmentType.CENTER,
          spacing: { line: 276, lineRule: LineRuleType.AUTO, after: 0 },
          children: [new TextRun({ text, bold: header, size: SIZE.table })],
        }),
      ],
    });
  const header = new TableRow({ tableHeader: true, cantSplit: true, children: columns.map((c, i) => cell(c, i, true, rows.length === 0)) });
  const body = rows.map(
    (r, ri) => new TableRow({ cantSplit: true, children: columns.map((_, i) => cell(cellText(r[i] ?? null), i, false, ri === rows.length - 1)) }),
  );
  return new Table({
    rows: [header, ...body],
    width: { size: TEXT_WIDTH_TWIPS, type: WidthType.DXA },
    columnWidths: widths,
    alignment: AlignmentType.CENTER,
    borders: { top: THICK, bottom: THICK, left: NONE, right: NONE, insideHorizontal: NONE, insideVertical: NONE },
  });
}

const note = (text: string) =>
  new Paragraph({ spacing: { before: 40, after: 40 }, children: [new TextRun({ text, size: SIZE.note })] });

function imageFromDataUrl(src: string): { type: 'png' | 'jpg'; data: Buffer } | null {
  const m = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/.exec(src);
  return m ? { type: m[1] === 'png' ? 'png' : 'jpg', data: Buffer.from(m[2]!, 'base64') } : null;
}

export async function reportDocx(report: Report, chartPng: ChartPng): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [];
  let tableNo = 0;
  let figureNo = 0;
  let chartIndex = 0;

  children.push(
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, spacing: { after: 120 }, children: [new TextRun({ text: report.title, bold: true, size: SIZE.title })] }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [new TextRun({ text: `${report.tool.name} · 生成于 ${formatBeijing(report.createdAt)}（北京时间） · ${report.engineVersion}`, size: SIZE.note, color: '666666' })],
    }),
  );

  const addBlock = (b: ReportBlock) => {
    switch (b.type) {
      case 'text':
        children.push(...markdownParagraphs(b.markdown));
        break;
      case 'table':
        children.push(caption(numbered('表', ++tableNo, b.title)), threeLineTable(b.columns, b.rows));
        for (const f of b.footnotes) children.push(note(`注：${f}`));
        break;
      case 'chart': {
        const { png, width, height } = chartPng(chartIndex++, b.option);
        const h = Math.round((CHART_WIDTH_PX * height) / width);
        children.push(
          new Paragraph({ alignment: AlignmentType.CENTER, keepNext: true, spacing: { before: 200, line: 240, lineRule: LineRuleType.AUTO }, children: [new ImageRun({ type: 'png', data: png, transformation: { width: CHART_WIDTH_PX, height: h }, altText: { name: b.title, description: b.title, title: b.title } })] }),
          caption(numbered('图', ++figureNo, b.title), 200),
        );
        break;
      }
      case 'image': {
        const img = imageFromDataUrl(b.src);
        if (img) children.push(new Paragraph({ alignment: AlignmentType.CENTER, spacing: { line: 240, lineRule: LineRuleType.AUTO }, children: [new ImageRun({ type: img.type, data: img.data, transformation: { width: CHART_WIDTH_PX, height: Math.round(CHART_WIDTH_PX * 0.625) } })] }));
        else children.push(note(`[图片] ${b.alt}`));
        children.push(caption(numbered('图', ++figureNo, b.title), 200));
        break;
      }
      case 'code':
        children.push(...codeParagraphs(b.code));
        break;
      case 'calculator': {
        // Word cannot compute: the calculator becomes the table of its coefficients and formula.
        const t = calculatorTable(b.model);
        children.push(caption(numbered('表', ++tableNo, b.title)), threeLineTable(t.columns, t.rows));
        for (const f of t.footnotes) children.push(note(`注：${f}`));
        break;
      }
    }
  };

  for (const s of report.sections) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, spacing: { before: 360, after: 160 }, children: [new TextRun({ text: s.title, bold: true, size: SIZE.heading })] }));
    for (const b of s.blocks) addBlock(b);
  }

  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, spacing: { before: 360, after: 160 }, children: [new TextRun({ text: '分析参数与可复现信息', bold: true, size: SIZE.heading })] }));
  children.push(caption(numbered('表', ++tableNo, '分析参数')), threeLineTable(['参数', '取值'], paramRows(report)));
  for (const line of [
    `分析工具：${report.tool.name}（${report.tool.key}，版本 ${report.tool.version}）`,
    `计算引擎：${report.engineVersion}`,
    `数据指纹（SHA-256）：${report.dataFingerprint}`,
    `生成时间：${formatBeijing(report.createdAt)}（北京时间）`,
  ]) {
    children.push(note(line));
  }

  const doc = new Document({
    creator: 'LabStat',
    title: report.title,
    description: `${report.tool.name} 分析报告`,
    styles: {
      default: {
        document: { run: { font: FONT, size: SIZE.body }, paragraph: { spacing: { line: 360, lineRule: LineRuleType.AUTO } } },
        title: { run: { font: FONT, size: SIZE.title, bold: true, color: '000000' } },
        heading1: { run: { font: FONT, size: SIZE.heading, bold: true, color: '000000' } },
      },
    },
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1440, bottom: 1440, left: 1440, right: 1440 } } },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
