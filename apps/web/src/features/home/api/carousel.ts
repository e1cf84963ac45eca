import { CarouselPaths, type CarouselSlide } from '@labstat/contracts';
import { request } from '../../../lib/api-client';

/** The slides operators set (active ones, in order); empty when none are set. */
export const fetchCarousel = () => request<CarouselSlide[]>(CarouselPaths.list, { silent: true });
