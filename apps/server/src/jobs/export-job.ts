// Makes one download of a report inside a worker thread: the Word document, the workbook, or one
// chart as SVG or 300-dpi PNG. Rendering and zipping are CPU work, kept off the event loop.
import type { Report } from '@labstat/contracts';
import { chartSvg, pngInfo, svgToPng, type ChartFonts } from '../reports/chart-render.js';
import { reportDocx } from '../reports/report-docx.js';
import { reportXlsx } from '../reports/report-xlsx.js';

export type ExportFormat = 'docx' | 'xlsx' | 'png' | 'svg';

export interface ExportJobInput {
  report: Report;
  format: ExportFormat;
  /** The chart's running index over the report, for png and svg. */
  chart?: number;
  fonts: ChartFonts | null;
}

/** The options of the report's charts, in page order. */
export function chartOptions(report: Report): Array<Record<string, unknown>> {
  return report.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === 'chart' ? [b.option] : [])));
}

export default async function exportJob(input: ExportJobInput): Promise<Uint8Array> {
  const { report, fonts } = input;
  switch (input.format) {
    case 'docx':
      return reportDocx(report, (_i, option) => {
        const png = svgToPng(chartSvg(option), fonts);
        return { png, ...pngInfo(png) };
      });
    case 'xlsx':
      return reportXlsx(report);
    case 'svg':
    case 'png': {
      const option = chartOptions(report)[input.chart ?? -1];
      if (!option) throw new Error(`report has no chart ${input.chart}`);
      const svg = chartSvg(option);
      return input.format === 'svg' ? Buffer.from(svg, 'utf8') : svgToPng(svg, fonts);
    }
  }
}
