import { describe, expect, it } from 'vitest';
import { manualDrawerWidth } from './drawer-width';

describe('manual drawer width (spec 01 §2, §9)', () => {
  it('is 100% up to 768 px, 60% up to 1024 px, 50% above', () => {
    expect([320, 700, 768].map(manualDrawerWidth)).toEqual(['100%', '100%', '100%']);
    expect([769, 900, 1024].map(manualDrawerWidth)).toEqual(['60%', '60%', '60%']);
    expect([1025, 1400, 2560].map(manualDrawerWidth)).toEqual(['50%', '50%', '50%']);
  });
});
