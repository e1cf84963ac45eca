// GET /ops/commerce/orders: orders by id, buyer phone or nickname and status, newest first.
import { OpsPaths, type OpsOrder } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export type OrderStatusFilter = 'all' | 'created' | 'paid' | 'expired' | 'closed';

export const opsOrdersQuery = (q: string, status: OrderStatusFilter, page: number) =>
  queryOptions({
    queryKey: ['ops', 'commerce', 'orders', q, status, page],
    queryFn: () => fetchPage<OpsOrder>(OpsPaths.orders, { q, status, page }),
    placeholderData: keepPreviousData,
  });

export const useOpsOrders = (q: string, status: OrderStatusFilter, page: number) => useQuery(opsOrdersQuery(q, status, page));
