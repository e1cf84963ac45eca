// GET /v2/user/gift/list: the user's gifts, 20 per page.
import { CommercePaths, GIFT_PAGE_SIZE, type GiftItem } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestEnvelope } from '../api-client';

export const fetchGifts = async (page: number) => {
  const env = await requestEnvelope<GiftItem[]>(CommercePaths.giftList, { query: { page, limit: GIFT_PAGE_SIZE } });
  return { list: env.data, count: env.count ?? env.data.length };
};
export const giftsQuery = (page: number) =>
  queryOptions({ queryKey: ['commerce', 'gifts', page], queryFn: () => fetchGifts(page), placeholderData: keepPreviousData });
export const useGifts = (page: number) => useQuery(giftsQuery(page));
