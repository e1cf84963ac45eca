// Every export a journal asks for (issue 21): a chart with the figure options applied, drawn as SVG
// at its size in millimetres, then PNG (300/600 dpi), TIFF with LZW at 300/600 dpi (sharp), a
// vector PDF (PDFKit with svg-to-pdfkit, the CJK font embedded) or one PPTX slide per chart
// (PptxGenJS). Chinese text uses the server's CJK font in every raster and the PDF.
import PDFDocument from 'pdfkit';
import PptxGenJSModule from 'pptxgenjs';
import sharp from 'sharp';
import SVGtoPDF from 'svg-to-pdfkit';
import { applyFigureOptions, FIGURE_FONTS, mmToPx, PALETTES, type FigureOptions } from '@labstat/contracts';
import { chartSvg, svgToPng, type ChartFonts } from './chart-render.js';

/** The chart's option with the figure options applied, and its SVG at the figure's size. */
export function figureSvg(option: Record<string, unknown>, fo: FigureOptions): string {
  return chartSvg(applyFigureOptions(option, fo, PALETTES, FIGURE_FONTS), mmToPx(fo.widthMm), mmToPx(fo.heightMm));
}

export function figurePng(option: Record<string, unknown>, fo: FigureOptions, fonts: ChartFonts | null, dpi: number): Buffer {
  return svgToPng(figureSvg(option, fo), fonts, dpi);
}

/** TIFF with LZW compression and its resolution recorded in dots per inch. */
export async function figureTiff(option: Record<string, unknown>, fo: FigureOptions, fonts: ChartFonts | null, dpi: number): Promise<Buffer> {
  const png = figurePng(option, fo, fonts, dpi);
  return sharp(png)
    .flatten({ background: '#ffffff' })
    .tiff({ compression: 'lzw', xres: dpi / 25.4, yres: dpi / 25.4, resolutionUnit: 'inch' })
    .toBuffer();
}

const PT_PER_MM = 72 / 25.4;

// The package's CommonJS build puts the class on `default` when loaded from an ES module.
type PptxClass = typeof import('pptxgenjs').default;
const PptxGenJS = ((PptxGenJSModule as unknown as { default?: PptxClass }).default ?? PptxGenJSModule) as PptxClass;

/** A one-page vector PDF of the figure, the page the figure's size. */
export function figurePdf(option: Record<string, unknown>, fo: FigureOptions, fonts: ChartFonts | null, title: string): Promise<Buffer> {
  const svg = figureSvg(option, fo);
  const width = fo.widthMm * PT_PER_MM;
  const height = fo.heightMm * PT_PER_MM;
  const doc = new PDFDocument({ size: [width, height], margin: 0, autoFirstPage: true, info: { Title: title, Creator: 'LabStat' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cjk = fonts ? registerCjk(doc, fonts) : null;
  SVGtoPDF(doc, svg, 0, 0, {
    width,
    height,
    assumePt: false,
    // Every family of the chart's font stacks maps to the embedded CJK font (it has Latin glyphs too).
    fontCallback: () => cjk ?? 'Helvetica',
  });
  doc.end();
  return done;
}

/** Registers the CJK font (a collection: its first face) under one name. */
function registerCjk(doc: PDFKit.PDFDocument, fonts: ChartFonts): string | null {
  const file = fonts.files[0];
  if (!file) return null;
  try {
    if (/\.tt[cf]$|\.otf$/i.test(file) && file.toLowerCase().endsWith('.ttc')) doc.registerFont('cjk', file, postscriptName(fonts.family));
    else doc.registerFont('cjk', file);
    return 'cjk';
  } catch {
    return null;
  }
}

/** The face of a collection PDFKit should take for a family name Debian's fonts use. */
function postscriptName(family: string): string {
  const known: Record<string, string> = {
    'Noto Sans CJK SC': 'NotoSansCJKsc-Regular',
    'Noto Serif CJK SC': 'NotoSerifCJKsc-Regular',
    'WenQuanYi Micro Hei': 'WenQuanYiMicroHei',
    'WenQuanYi Zen Hei': 'WenQuanYiZenHei',
  };
  return known[family] ?? family.replace(/\s+/g, '');
}

/** One slide per chart, each slide the figure's size, the chart a 300-dpi picture with its title as alt text. */
export async function figuresPptx(charts: Array<{ title: string; option: Record<string, unknown> }>, fo: FigureOptions, fonts: ChartFonts | null): Promise<Buffer> {
  const pres = new PptxGenJS();
  const w = fo.widthMm / 25.4;
  const h = fo.heightMm / 25.4;
  pres.defineLayout({ name: 'FIGURE', width: w, height: h });
  pres.layout = 'FIGURE';
  pres.author = 'LabStat';
  for (const c of charts) {
    const slide = pres.addSlide();
    const png = figurePng(c.option, fo, fonts, 300);
    slide.addImage({ data: `image/png;base64,${png.toString('base64')}`, x: 0, y: 0, w, h, altText: c.title });
  }
  const out = (await pres.write({ outputType: 'nodebuffer' })) as Buffer;
  return Buffer.from(out);
}
