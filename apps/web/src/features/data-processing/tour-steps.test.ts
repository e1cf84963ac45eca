import { describe, expect, it } from 'vitest';
import { PROCESSING_TOUR } from './tour-steps';

describe('data-processing guided tour (spec 01 §2, §9)', () => {
  it('has ten steps, each with a title, a text and its own target', () => {
    expect(PROCESSING_TOUR).toHaveLength(10);
    expect(new Set(PROCESSING_TOUR.map((s) => s.target)).size).toBe(10);
    for (const s of PROCESSING_TOUR) expect(s.title && s.description).toBeTruthy();
  });

  it('names the AI models KIMI、ChatGPT、DeepSeek in one step', () => {
    expect(PROCESSING_TOUR.filter((s) => s.description.includes('KIMI、ChatGPT、DeepSeek'))).toHaveLength(1);
  });
});
