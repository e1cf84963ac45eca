import { describe, expect, it } from 'vitest';
import { MENU_ROUTES } from '../route-meta';
import { createRouteSearch, searchPool } from './route-search';

describe('header search over route titles (spec 02 §2, §5)', () => {
  const pool = searchPool(MENU_ROUTES, 'admin');

  it('indexes visible leaf routes with their title trail, skipping hidden and other-role routes', () => {
    expect(pool).toContainEqual({ path: '/public-tool/visual', title: ['标准工具', '可视化工具'] });
    expect(pool.some((e) => e.path === '/tool/detail')).toBe(false);
    expect(pool.some((e) => e.path === '/user-contract/index')).toBe(false);
    expect(searchPool(MENU_ROUTES, 'dynamics').some((e) => e.path === '/user-contract/index')).toBe(true);
  });

  it('finds 数据管理 by typing 数据, first', () => {
    const hits = createRouteSearch(pool)('数据');
    expect(hits[0]?.path).toBe('/data-manager/index');
  });

  it('matches on the path too and tolerates a typo', () => {
    expect(createRouteSearch(pool)('data-manager')[0]?.path).toBe('/data-manager/index');
    expect(createRouteSearch(pool)('dashbord')[0]?.path).toBe('/dashboard');
  });

  it('finds nothing for an unrelated word or an empty query', () => {
    const search = createRouteSearch(pool);
    expect(search('zzzzqqqq')).toEqual([]);
    expect(search('  ')).toEqual([]);
  });
});
