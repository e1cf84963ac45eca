import { CarouselPaths } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { CAROUSEL_LIST_PATH } from './carousel';

describe('home carousel path', () => {
  it('is the contracts path', () => {
    expect(CAROUSEL_LIST_PATH).toBe(CarouselPaths.list);
  });
});
