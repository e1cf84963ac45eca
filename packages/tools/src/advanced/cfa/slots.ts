// The factor slots of the CFA form read into (name, items) pairs; shared by run.ts and the R script
// so both name the factors alike.
import { fieldList } from '../../model-input.js';
import type { Params } from '../../tool.js';
import { FACTOR_SLOTS } from './definition.js';

/** The items' common name prefix without trailing digits, separators or spaces ('沟通1'…'沟通4' → '沟通'). */
function commonPrefix(items: readonly string[]): string {
  let pre = items[0] ?? '';
  for (const v of items) while (!v.startsWith(pre)) pre = pre.slice(0, -1);
  return pre.replace(/[\s\d_.\-—（(：:]+$/u, '');
}

/** The filled slots in order: given name, else the items' common prefix, else 因子k; names made unique. */
export function factorSlots(params: Params): Array<{ slot: number; name: string; items: string[] }> {
  const out: Array<{ slot: number; name: string; items: string[] }> = [];
  const used = new Set<string>();
  for (let k = 1; k <= FACTOR_SLOTS; k++) {
    const items = fieldList(params[`f${k}`]);
    if (items.length === 0) continue;
    let name = String(params[`name${k}`] ?? '').trim() || commonPrefix(items) || `因子${k}`;
    if (used.has(name)) name = `${name}_${k}`;
    used.add(name);
    out.push({ slot: k, name, items });
  }
  return out;
}
