// GET /ops/commerce/batches: redeem-code batches with their used and voided counts, newest first.
import { OpsPaths, type OpsBatch } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export const opsBatchesQuery = (page: number) =>
  queryOptions({
    queryKey: ['ops', 'commerce', 'batches', page],
    queryFn: () => fetchPage<OpsBatch>(OpsPaths.batches, { page }),
    placeholderData: keepPreviousData,
  });

export const useOpsBatches = (page: number) => useQuery(opsBatchesQuery(page));
