// The Excel download of a report (DESIGN §5): a sheet of report facts, then one sheet per table
// (title, header, rows, notes). Numbers stay numbers; text cells that a spreadsheet could take
// for a formula (= + - @, tab, CR) are neutralised (DESIGN §9).
import type { Report } from '@labstat/contracts';
import { calculatorTable } from '@labstat/contracts';
import * as XLSX from '@e965/xlsx';
import { formatBeijing } from '../lib/time.js';
import { paramRows } from './report-facts.js';

/** Text made only of digits and arithmetic signs cannot call anything (e.g. "-1.23 ~ 4.56"). */
const NUMERIC_TEXT = /^[-+0-9.,\s~()（）%eE×−–/]*$/;

/** A cell a spreadsheet will never run: risky text gets a leading apostrophe. */
export function neutraliseCell<T extends string | number | null>(v: T): T | string {
  if (typeof v !== 'string') return v;
  if (/^[=+\-@\t\r]/.test(v) && !NUMERIC_TEXT.test(v)) return `'${v}`;
  return v;
}

const sheetNameOf = (title: string, n: number, used: Set<string>) => {
  const base = `${n} ${title.replace(/[\\/?*[\]:]/g, ' ')}`.slice(0, 31).trim();
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base.slice(0, 27)} (${i})`;
  used.add(name);
  return name;
};

const widthOf = (rows: unknown[][], col: number) =>
  Math.min(60, rows.reduce((w, r) => Math.max(w, [...String(r[col] ?? '')].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0) + 2), 8));

export function reportXlsx(report: Report): Buffer {
  const wb = XLSX.utils.book_new();
  const used = new Set<string>(['报告信息']);
  const facts: Array<Array<string | number>> = [
    ['报告', report.title],
    ['分析工具', `${report.tool.name}（${report.tool.key}，版本 ${report.tool.version}）`],
    ['生成时间（北京时间）', formatBeijing(report.createdAt)],
    ['计算引擎', report.engineVersion],
    ['数据指纹（SHA-256）', report.dataFingerprint],
    [],
    ['参数', '取值'],
    ...paramRows(report),
  ].map((r) => r.map(neutraliseCell) as Array<string | number>);
  const info = XLSX.utils.aoa_to_sheet(facts);
  info['!cols'] = [{ wch: 22 }, { wch: 70 }];
  XLSX.utils.book_append_sheet(wb, info, '报告信息');

  let n = 0;
  for (const section of report.sections) {
    for (const b of section.blocks) {
      const t = b.type === 'table' ? b : b.type === 'calculator' ? { title: b.title, ...calculatorTable(b.model) } : null;
      if (!t) continue;
      const rows: Array<Array<string | number | null>> = [
        [t.title],
        t.columns,
        ...t.rows,
        ...(t.footnotes.length ? [[], ...t.footnotes.map((f) => [`注：${f}`])] : []),
      ].map((r) => r.map(neutraliseCell));
      const sheet = XLSX.utils.aoa_to_sheet(rows);
      sheet['!cols'] = t.columns.map((_, i) => ({ wch: widthOf([t.columns, ...t.rows], i) }));
      XLSX.utils.book_append_sheet(wb, sheet, sheetNameOf(t.title, ++n, used));
    }
  }
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
