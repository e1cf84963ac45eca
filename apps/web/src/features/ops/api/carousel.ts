// GET /ops/content/carousel: the home page's carousel slides, 20 a page.
import { OpsPaths, type CarouselSlide } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export const carouselQuery = (page: number) =>
  queryOptions({
    queryKey: ['ops', 'content', 'carousel', page],
    queryFn: () => fetchPage<CarouselSlide>(OpsPaths.carousel, { page }),
    placeholderData: keepPreviousData,
  });

export const useOpsCarousel = (page: number) => useQuery(carouselQuery(page));
