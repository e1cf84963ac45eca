// The header search's index (spec 02 §2, §5): every visible, permitted route by its title trail
// ('标准工具 > 可视化工具') and path, matched fuzzily with Fuse.js — title weight 0.7, path 0.3,
// threshold 0.4.
import Fuse from 'fuse.js';
import type { RoleGroup } from '../../lib/session-store';
import { permitted, type MenuRoute } from '../route-meta';

export interface SearchEntry {
  path: string;
  /** Titles from the top menu entry down, e.g. ['标准工具', '可视化工具']. */
  title: string[];
}

export const SEARCH_THRESHOLD = 0.4;

/** Leaf routes a user can reach from the sidebar, with their title trails. */
export function searchPool(routes: readonly MenuRoute[], active: RoleGroup, parents: string[] = []): SearchEntry[] {
  return routes.flatMap((r) => {
    if (r.hidden || !permitted(r.roles, active)) return [];
    const title = [...parents, r.title];
    return r.children?.length ? searchPool(r.children, active, title) : [{ path: r.path, title }];
  });
}

export function createRouteSearch(pool: readonly SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(pool, {
    shouldSort: true,
    threshold: SEARCH_THRESHOLD,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}
