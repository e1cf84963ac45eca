// GET /ops/commerce/products: every plan with its price and promotion (inactive ones too).
import { OpsPaths, type OpsProduct } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export const opsProductsQuery = (page: number) =>
  queryOptions({
    queryKey: ['ops', 'commerce', 'products', page],
    queryFn: () => fetchPage<OpsProduct>(OpsPaths.products, { page }),
    placeholderData: keepPreviousData,
  });

export const useOpsProducts = (page: number) => useQuery(opsProductsQuery(page));
