// The contract test of the processing methods: ids unique in 5001–5899, a manual and a test in every
// folder, forms render for a file and without one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProcessingItem } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { PROCESSING_METHODS, processingFields, processingList } from './registry.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('processing method registry', () => {
  it('has unique ids in 5001–5899, keys equal to folders, a manual and a test each', () => {
    const ids = PROCESSING_METHODS.map((m) => m.definition.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { definition: d } of PROCESSING_METHODS) {
      expect(d.id).toBeGreaterThanOrEqual(5001);
      expect(d.id).toBeLessThanOrEqual(5899);
      expect(fs.readFileSync(path.join(here, d.key, 'manual.md'), 'utf8').length, `${d.key} manual`).toBeGreaterThan(150);
      expect(fs.existsSync(path.join(here, d.key, 'method.test.ts')), `${d.key} test`).toBe(true);
    }
  });

  it('lists every method with a valid form', () => {
    const list = processingList();
    expect(list.length).toBe(PROCESSING_METHODS.length);
    for (const item of list) expect(ProcessingItem.safeParse(item).success).toBe(true);
  });

  it('fills column fields from a file and file fields from the user’s files', () => {
    const vars = [{ name: '年龄', type: 'numeric' as const, valid: 3, missing: 0, distinct: 3, min: 1, max: 3, mean: 2, levels: [] }];
    for (const m of PROCESSING_METHODS) {
      const fields = processingFields(m, vars, [{ _fid: 'f1', filename: '另一个.csv' }]);
      for (const f of fields) if ((m.definition.fileFields ?? []).includes(f.filed)) expect(f.option).toEqual([{ lable: '另一个.csv', value: 'f1' }]);
    }
  });
});
