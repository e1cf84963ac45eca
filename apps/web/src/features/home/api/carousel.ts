import type { CarouselSlide } from '@labstat/contracts';
import { request } from '../../../lib/api-client';

/**
 * GET /home/carousel, spelled here rather than imported: CarouselPaths lives in the contracts' ops
 * file, whose zod schemas (and zod) would otherwise ship with the home page (issue 25 item 5).
 * carousel.test.ts checks it still equals CarouselPaths.list.
 */
export const CAROUSEL_LIST_PATH = '/home/carousel';

/** The slides operators set (active ones, in order); empty when none are set. */
export const fetchCarousel = () => request<CarouselSlide[]>(CAROUSEL_LIST_PATH, { silent: true });
