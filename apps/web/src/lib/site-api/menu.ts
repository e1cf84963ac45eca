import { SitePaths, type MenuItem } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, requestEnvelope } from '../api-client';
import { ui } from '../ui-bridge';

/** The advanced menu; a failure shows 菜单数据加载异常 (spec 01 §8). */
export async function fetchMenu(): Promise<MenuItem[]> {
  try {
    return (await requestEnvelope<MenuItem[]>(SitePaths.menu, { silent: true })).data;
  } catch (err) {
    ui.message?.error({ content: '菜单数据加载异常', duration: 5 });
    throw err instanceof ApiError ? err : new ApiError(-1, '菜单数据加载异常');
  }
}
export const menuQuery = queryOptions({ queryKey: ['menu'], queryFn: fetchMenu, staleTime: 5 * 60_000 });
export const useMenu = () => useQuery(menuQuery);
