// Charts drawn on the server from the same ECharts option the report page shows (DESIGN §5):
// ECharts' server-side SVG renderer, rasterised to PNG by resvg with a CJK font so Chinese labels
// render. Runs inside export workers, never on the server's event loop.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';

export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 500;
export const PNG_DPI = 300;

/** Fonts the rasteriser uses: files and the family names generic `sans-serif` maps to. */
export interface ChartFonts {
  files: string[];
  family: string;
}

/** CJK fonts as Debian installs them (fonts-noto-cjk, fonts-wqy-*), best first. */
const KNOWN_FONTS: Array<{ file: string; family: string }> = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'Noto Sans CJK SC' },
  { file: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'Noto Sans CJK SC' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYi Micro Hei' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYi Zen Hei' },
  { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'Noto Serif CJK SC' },
];

/**
 * REPORT_FONT_FILE / REPORT_FONT_FAMILY name a font explicitly; otherwise the first known CJK font
 * on the machine. `null` when there is none: charts then render with the system's fonts and
 * Chinese text may show as boxes (the server warns at start-up).
 */
export function findChartFonts(env: NodeJS.ProcessEnv = process.env): ChartFonts | null {
  if (env.REPORT_FONT_FILE) {
    if (!fs.existsSync(env.REPORT_FONT_FILE)) throw new Error(`REPORT_FONT_FILE does not exist: ${env.REPORT_FONT_FILE}`);
    return { files: [env.REPORT_FONT_FILE], family: env.REPORT_FONT_FAMILY || 'Noto Sans CJK SC' };
  }
  const found = KNOWN_FONTS.find((f) => fs.existsSync(f.file));
  return found ? { files: [found.file], family: found.family } : null;
}

/** Font stack written into SVGs so they also render on the reader's machine. */
const FONT_STACK = "'Microsoft YaHei','PingFang SC','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif"; // single quotes: ECharts puts it in a double-quoted style attribute

/** An SVG document of the chart; the option is the report's, with animation off and a CJK font stack. */
export function chartSvg(option: Record<string, unknown>, width = CHART_WIDTH, height = CHART_HEIGHT): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    const textStyle = { fontFamily: FONT_STACK, ...((option.textStyle as object | undefined) ?? {}) };
    chart.setOption({ backgroundColor: '#ffffff', ...option, animation: false, textStyle });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** The SVG drawn at `dpi` (its user unit is a CSS pixel, 1/96 inch) on white. */
export function rasterise(svg: string, fonts: ChartFonts | null, dpi = PNG_DPI) {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: dpi / 96 },
    background: '#ffffff',
    font: fonts
      ? { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: fonts.family, sansSerifFamily: fonts.family, serifFamily: fonts.family }
      : { loadSystemFonts: true },
  });
  return resvg.render();
}

/** The SVG as a PNG at `dpi`, with its dpi recorded in the file. */
export function svgToPng(svg: string, fonts: ChartFonts | null, dpi = PNG_DPI): Buffer {
  return withDpi(rasterise(svg, fonts, dpi).asPng(), dpi);
}

/** Adds a pHYs chunk after IHDR so Word and image viewers know the intended print size. */
export function withDpi(png: Buffer, dpi: number): Buffer {
  const ihdrEnd = 8 + 8 + 13 + 4; // signature, IHDR length+type, IHDR data, CRC
  if (png.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('not a PNG');
  const ppm = Math.round(dpi / 0.0254);
  const data = Buffer.alloc(9);
  data.writeUInt32BE(ppm, 0);
  data.writeUInt32BE(ppm, 4);
  data.writeUInt8(1, 8); // unit: metre
  const type = Buffer.from('pHYs', 'latin1');
  const chunk = Buffer.alloc(4 + 4 + 9 + 4);
  chunk.writeUInt32BE(9, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])) >>> 0, 17);
  // Drop a pHYs the encoder may have written, then insert ours.
  const rest = stripChunk(png.subarray(ihdrEnd), 'pHYs');
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, rest]);
}

function stripChunk(chunks: Buffer, type: string): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < chunks.length; ) {
    const len = chunks.readUInt32BE(at);
    const end = at + 12 + len;
    if (chunks.subarray(at + 4, at + 8).toString('latin1') !== type) parts.push(chunks.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}

/** Pixel size and dpi read back from a PNG (for tests and the Word layout). */
export function pngInfo(png: Buffer): { width: number; height: number; dpi: number | null } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  let dpi: number | null = null;
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'pHYs' && png.readUInt8(at + 16) === 1) dpi = Math.round(png.readUInt32BE(at + 8) * 0.0254);
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + len;
  }
  return { width, height, dpi };
}
