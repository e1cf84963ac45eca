// GET /v2/user/gift/check: the gift types a gift can be activated as.
import { CommercePaths, type GiftTypeOption } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../api-client';

export type GiftType = z.infer<typeof GiftTypeOption>;

export const fetchGiftTypes = (userGiftId: number) => request<GiftType[]>(CommercePaths.giftCheck, { query: { user_gift_id: userGiftId } });
export const giftTypesQuery = (userGiftId: number) =>
  queryOptions({ queryKey: ['commerce', 'gift-types', userGiftId], queryFn: () => fetchGiftTypes(userGiftId) });
export const useGiftTypes = (userGiftId: number | null) => useQuery({ ...giftTypesQuery(userGiftId ?? 0), enabled: userGiftId !== null });
