import { FilePaths, PREVIEW_PAGE_SIZE, type DetailData } from '@labstat/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/** Pages of a file (first row of each page is the header); the next page exists while rows remain. */
export const fileDetailQuery = (fid: string) =>
  infiniteQueryOptions({
    queryKey: ['files', 'detail', fid],
    queryFn: ({ pageParam }) =>
      request<DetailData>(FilePaths.detail, { query: { _fid: fid, page: pageParam, page_size: PREVIEW_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * PREVIEW_PAGE_SIZE < last.total ? all.length + 1 : undefined),
  });
export const useFileDetail = (fid: string | null) => useInfiniteQuery({ ...fileDetailQuery(fid ?? ''), enabled: !!fid });
