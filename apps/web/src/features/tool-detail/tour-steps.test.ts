import { describe, expect, it } from 'vitest';
import { AI_INTERPRET_TOUR_TEXT } from '../../lib/ai-api/tour-text';
import { TOOL_DETAIL_TOUR } from './tour-steps';

describe('tool-detail guided tour (spec 01 §2, §9)', () => {
  it('gives every step a title and a text', () => {
    for (const s of TOOL_DETAIL_TOUR) expect(s.title && s.description).toBeTruthy();
  });

  it('names the AI models KIMI、ChatGPT、DeepSeek in one step, the one at the 解读 button', () => {
    const named = TOOL_DETAIL_TOUR.filter((s) => s.description.includes('KIMI、ChatGPT、DeepSeek'));
    expect(named).toHaveLength(1);
    expect(named[0]!.target).toBe('interpret');
    expect(named[0]!.description).toContain(AI_INTERPRET_TOUR_TEXT);
  });
});
