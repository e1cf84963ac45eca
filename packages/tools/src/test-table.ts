// Test helper: reads one of our example CSVs (plain comma-separated, no quoting) into a DataTable.
// The real server reads tables from the ingested Parquet copy; examples are simple enough here.
import fs from 'node:fs';
import type { VariableInfo } from '@labstat/contracts';
import type { DataTable } from './tool.js';

const MISSING = new Set(['', 'NA']);

export function readExampleTable(file: string): DataTable {
  const [head, ...lines] = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const names = head!.split(',');
  const cells = lines.map((l) => l.split(','));
  const col = (i: number) => cells.map((r) => (MISSING.has(r[i] ?? '') ? null : r[i]!));
  const variables: VariableInfo[] = names.map((name, i) => {
    const present = col(i).filter((v): v is string => v !== null);
    const numeric = present.length > 0 && present.every((v) => Number.isFinite(Number(v)));
    const distinct = new Set(present).size;
    return { name, type: numeric ? 'numeric' : 'categorical', valid: present.length, missing: cells.length - present.length, distinct, min: null, max: null, mean: null, levels: [] };
  });
  const index = (name: string) => {
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`no column ${name}`);
    return i;
  };
  return {
    rows: cells.length,
    variables,
    numeric: (name) => col(index(name)).map((v) => (v === null ? null : Number(v))),
    text: (name) => col(index(name)),
  };
}
