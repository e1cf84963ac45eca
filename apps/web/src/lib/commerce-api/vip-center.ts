// GET /v2/user/vipcenter/profile: the /vip user card (answers visitors too, as 未登录).
import { CommercePaths, type VipCenterData } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const fetchVipCenter = () => request<VipCenterData>(CommercePaths.vipCenter);

/** Keyed by login state, so logging in or out never shows the other person's card. */
export const vipCenterQuery = (token: string | undefined) =>
  queryOptions({ queryKey: ['commerce', 'vip-center', token ?? ''], queryFn: fetchVipCenter });
export const useVipCenter = (token: string | undefined) => useQuery(vipCenterQuery(token));
