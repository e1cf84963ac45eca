// Makes one download of a report inside a worker thread: the Word document, the workbook, the
// slides of all charts, or one chart as SVG, PNG or TIFF at 300/600 dpi, or PDF — with the figure
// options applied. Rendering and zipping are CPU work, kept off the event loop.
import { DEFAULT_FIGURE_OPTIONS, type FigureOptions, type Report } from '@labstat/contracts';
import { pngInfo, type ChartFonts } from '../reports/chart-render.js';
import { figurePdf, figurePng, figureSvg, figureTiff, figuresPptx } from '../reports/figure-export.js';
import { reportDocx } from '../reports/report-docx.js';
import { reportXlsx } from '../reports/report-xlsx.js';

export type ExportFormat = 'docx' | 'xlsx' | 'pptx' | 'png' | 'png600' | 'tiff' | 'tiff600' | 'svg' | 'pdf';

export interface ExportJobInput {
  report: Report;
  format: ExportFormat;
  /** The chart's running index over the report, for the one-chart formats. */
  chart?: number;
  fonts: ChartFonts | null;
  /** Figure options (defaults when absent). */
  figure?: FigureOptions;
}

/** The charts of a report with their titles, in page order. */
export function charts(report: Report): Array<{ title: string; option: Record<string, unknown> }> {
  return report.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === 'chart' ? [{ title: b.title, option: b.option }] : [])));
}

export default async function exportJob(input: ExportJobInput): Promise<Uint8Array> {
  const { report, fonts } = input;
  const fo = input.figure ?? DEFAULT_FIGURE_OPTIONS;
  switch (input.format) {
    case 'docx':
      return reportDocx(report, (_i, option) => {
        const png = figurePng(option, fo, fonts, 300);
        return { png, ...pngInfo(png) };
      });
    case 'xlsx':
      return reportXlsx(report);
    case 'pptx':
      return figuresPptx(charts(report), fo, fonts);
    default: {
      const chart = charts(report)[input.chart ?? -1];
      if (!chart) throw new Error(`report has no chart ${input.chart}`);
      switch (input.format) {
        case 'svg':
          return Buffer.from(figureSvg(chart.option, fo), 'utf8');
        case 'png':
          return figurePng(chart.option, fo, fonts, 300);
        case 'png600':
          return figurePng(chart.option, fo, fonts, 600);
        case 'tiff':
          return figureTiff(chart.option, fo, fonts, 300);
        case 'tiff600':
          return figureTiff(chart.option, fo, fonts, 600);
        case 'pdf':
          return figurePdf(chart.option, fo, fonts, chart.title);
      }
    }
  }
}
