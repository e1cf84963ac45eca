// GET /v2/user/order/: the user's orders, 20 per page.
import { CommercePaths, ORDER_PAGE_SIZE, type OrderItem } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestEnvelope } from '../api-client';

export const fetchOrders = async (page: number) => {
  const env = await requestEnvelope<OrderItem[]>(CommercePaths.orders, { query: { page, limit: ORDER_PAGE_SIZE } });
  return { list: env.data, count: env.count ?? env.data.length };
};
export const ordersQuery = (page: number) =>
  queryOptions({ queryKey: ['commerce', 'orders', page], queryFn: () => fetchOrders(page), placeholderData: keepPreviousData });
export const useOrders = (page: number) => useQuery(ordersQuery(page));
