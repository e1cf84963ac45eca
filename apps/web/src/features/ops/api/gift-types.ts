// GET /ops/commerce/gift-types: what a granted gift may be activated as.
import { OpsPaths, type OpsGiftType } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { z } from 'zod';

type GiftType = z.infer<typeof OpsGiftType>;

export const opsGiftTypesQuery = () =>
  queryOptions({ queryKey: ['ops', 'commerce', 'gift-types'], queryFn: () => request<GiftType[]>(OpsPaths.giftTypes), staleTime: 5 * 60_000 });

export const useOpsGiftTypes = () => useQuery(opsGiftTypesQuery());
