// GET /v2/user/redeem/query: the user's redemptions, 20 per page.
import { CommercePaths, ORDER_PAGE_SIZE, type RedemptionItem } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestEnvelope } from '../api-client';

export const fetchRedemptions = async (page: number) => {
  const env = await requestEnvelope<RedemptionItem[]>(CommercePaths.redeemQuery, { query: { page, limit: ORDER_PAGE_SIZE } });
  return { list: env.data, count: env.count ?? env.data.length };
};
export const redemptionsQuery = (page: number) =>
  queryOptions({ queryKey: ['commerce', 'redemptions', page], queryFn: () => fetchRedemptions(page), placeholderData: keepPreviousData });
export const useRedemptions = (page: number) => useQuery(redemptionsQuery(page));
