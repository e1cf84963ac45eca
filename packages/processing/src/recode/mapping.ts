// Parses the recode table typed by the user: one “old=new” a line (a full-width ＝ or ；-separated
// entries also work). Plain text only; the values become SQL literals later, never SQL.
import { ToolInputError } from '@labstat/tools';

export interface MappingEntry {
  /** 1-based line of the entry, for messages. */
  line: number;
  from: string;
  /** `null` sets the value missing. */
  to: string | null;
}

export function parseMapping(text: string): MappingEntry[] {
  const entries: MappingEntry[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n|；|;/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const at = line.search(/[=＝]/);
    if (at < 0) throw new ToolInputError(`对照表第 ${i + 1} 条“${line}”缺少“=”，应写成“旧值=新值”`);
    const from = line.slice(0, at).trim();
    const to = line.slice(at + 1).trim();
    if (from === '') throw new ToolInputError(`对照表第 ${i + 1} 条“${line}”缺少旧值`);
    if (seen.has(from)) throw new ToolInputError(`对照表中旧值“${from}”出现了不止一次`);
    seen.add(from);
    entries.push({ line: i + 1, from, to: to === '' ? null : to });
  });
  if (entries.length === 0) throw new ToolInputError('请填写对照表，每行一条“旧值=新值”');
  return entries;
}
