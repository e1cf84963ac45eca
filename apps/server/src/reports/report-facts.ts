// Facts about a report every output shares: its parameters under the form's own labels, and the
// names downloads are saved under.
import type { FieldValue, Report } from '@labstat/contracts';
import { allFields, TOOLS } from '@labstat/tools';
import { formatBeijing } from '../lib/time.js';

function valueText(v: FieldValue, options: Array<{ lable: string; value: string | number | boolean }>): string {
  const one = (x: string | number | boolean | null) => {
    if (x === null) return '';
    const o = options.find((opt) => String(opt.value) === String(x));
    if (o) return o.lable;
    if (typeof x === 'boolean') return x ? '是' : '否';
    return String(x);
  };
  return Array.isArray(v) ? v.map(one).join('、') : one(v);
}

/** [label, value] per parameter: the form's field names and option labels where the tool is known. */
export function paramRows(report: Report): string[][] {
  const tool = TOOLS.find((t) => t.definition.key === report.tool.key);
  const fields = tool ? allFields(tool.definition) : [];
  return Object.entries(report.parameters).map(([key, v]) => {
    const f = fields.find((x) => x.filed === key);
    // Column options are the file's columns: their value is their label.
    return [f?.name ?? key, valueText(v, f?.columns ? [] : (f?.option ?? []))];
  });
}

/** Characters Windows, macOS and URLs do not allow in a file name. */
const UNSAFE = /[\\/:*?"<>|#%&{}$!'@+`=\u0000-\u001f\u007f]/g;

export function safeFileName(s: string): string {
  return s.replace(UNSAFE, '_').replace(/\s+/g, '_').slice(0, 60) || 'report';
}

/** "独立样本t检验_20261122" — the stem of every download of the report. */
export function downloadStem(report: Report): string {
  return `${safeFileName(report.tool.name)}_${formatBeijing(report.createdAt).slice(0, 10).replace(/-/g, '')}`;
}

/** The URL of a download: `{base}/download/{kind}/{file name}`; browsers save under the last part. */
export function downloadPath(base: string, report: Report, kind: string): string {
  const stem = downloadStem(report);
  const m = /^(png|png600|tiff|tiff600|svg|pdf)-(\d+)$/.exec(kind);
  const ext: Record<string, string> = { png: 'png', png600: '600dpi.png', tiff: 'tif', tiff600: '600dpi.tif', svg: 'svg', pdf: 'pdf' };
  const name = m ? `${stem}_图${Number(m[2]) + 1}.${ext[m[1]!]}` : kind === 'pptx' ? `${stem}_全部图.pptx` : `${stem}.${kind}`;
  return `${base}/download/${kind}/${encodeURIComponent(name)}`;
}
