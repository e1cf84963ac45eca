import { describe, expect, it } from 'vitest';
import { TOOLS } from '@labstat/tools';
import { NEXT_STEPS, fileSuggestions } from './association-service.js';

const keys = new Set(TOOLS.map((t) => t.definition.key));

describe('association rules', () => {
  it('name only tools of the catalogue, give every tool next steps, and never recommend a tool after itself', () => {
    for (const k of keys) expect(NEXT_STEPS[k]?.length, k).toBeGreaterThan(0);
    for (const [from, next] of Object.entries(NEXT_STEPS)) {
      expect(keys.has(from), from).toBe(true);
      for (const s of next) {
        expect(keys.has(s.key), `${from} → ${s.key}`).toBe(true);
        expect(s.key).not.toBe(from);
        expect(s.reason).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('reads variable types: numbers alone suggest description, not group comparisons', () => {
    const num = (name: string) => ({ name, type: 'numeric' as const, valid: 50, missing: 0, distinct: 50, min: 1, max: 99, mean: 50, levels: [] });
    const only = fileSuggestions([num('身高'), num('体重')]).map((s) => s.key);
    expect(only).toEqual(expect.arrayContaining(['correlation', 'descriptive']));
    expect(only).not.toContain('ttest-independent');
    expect(only).not.toContain('kaplan-meier');
    // A time column needs an event beside it before survival is suggested.
    expect(fileSuggestions([num('随访时间')]).map((s) => s.key)).not.toContain('kaplan-meier');
  });
});
