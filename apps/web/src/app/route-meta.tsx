// Route metadata (titles, roles, menu entries) and the free list of spec 01 §4 and §6. Icons are
// named here and drawn by the main layout's sidebar (layouts/menu-icons.tsx), so the route guard,
// which reads this file on every page, does not load them (issue 25 item 5).
import { PROCESSING_ROUTE } from '@labstat/contracts';
import { useLocation } from 'react-router-dom';
import type { RoleGroup } from '../lib/session-store';

/** A sidebar icon, by name (see layouts/menu-icons.tsx). */
export type MenuIconName = 'home' | 'dashboard' | 'database' | 'calculator' | 'filter' | 'appstore' | 'experiment' | 'star' | 'schedule' | 'book' | 'comment' | 'team' | 'notification' | 'read' | 'fileProtect';

export interface MenuRoute {
  path: string;
  title: string;
  icon?: MenuIconName;
  /** Kept for the user when absent or when it shares a role with the active role group. */
  roles?: RoleGroup[];
  hidden?: boolean;
  /** Pinned in the tags view: always shown, cannot be closed (spec 01 §2). */
  affix?: boolean;
  children?: MenuRoute[];
}

export const DYNAMICS_PATHS = ['/team-info/index', '/user-contract/index', '/quote/index', '/dynamics-update/index'];

const FREE_PATHS = new Set(['/', '/login', '/auth-redirect', '/dashboard', '/calculate/index', '/vip', '/404', '/401', '/high-tool', ...DYNAMICS_PATHS]);
const FREE_PREFIXES = ['/public-tool', '/redirect/'];

/** Every route the spec defines (children included by prefix); anything else is a 404 for all. */
const SPEC_ROUTES = [
  '/', '/login', '/auth-redirect', '/dashboard', '/vip', '/profile/index', '/404', '/401', '/redirect',
  '/team-info/index', '/user-contract/index', '/quote/index', '/dynamics-update/index',
  '/data-manager/index', '/calculate/index', '/public-tool', '/high-tool', '/task', '/collect', '/document',
  '/feedback-list/index', '/tool/detail', PROCESSING_ROUTE,
];

export function isSpecPath(path: string): boolean {
  return SPEC_ROUTES.some((r) => path === r || (r !== '/' && path.startsWith(`${r}/`)));
}

/** Paths a visitor without a token may open; advanced tools come from the server menu. */
export function isFreePath(path: string, advancedNames: readonly string[]): boolean {
  if (FREE_PATHS.has(path)) return true;
  if (FREE_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`))) return true;
  return advancedNames.some((n) => path === `/high-tool/${n}`);
}

export function roleGroupFor(path: string): RoleGroup {
  return DYNAMICS_PATHS.includes(path) ? 'dynamics' : 'admin';
}

export function permitted(roles: readonly RoleGroup[] | undefined, active: RoleGroup): boolean {
  return !roles || roles.includes(active);
}

/** Sidebar entries, in order; later screens add theirs here. */
export const MENU_ROUTES: MenuRoute[] = [
  { path: '/', title: '首页', icon: 'home' },
  { path: '/dashboard', title: '工作台', icon: 'dashboard' },
  { path: '/data-manager/index', title: '数据管理', icon: 'database', affix: true },
  { path: '/calculate/index', title: '计算工具', icon: 'calculator', affix: true },
  { path: PROCESSING_ROUTE, title: '数据处理', icon: 'filter' },
  {
    path: '/public-tool',
    title: '标准工具',
    icon: 'appstore',
    children: [
      { path: '/public-tool/visual', title: '可视化工具' },
      { path: '/public-tool/small_process', title: '小流程工具' },
      { path: '/public-tool/med', title: '医学统计工具' },
    ],
  },
  // Children come from GET /menu (spec 01 §2); the layout adds them.
  { path: '/high-tool', title: '高级工具', icon: 'experiment', children: [] },
  {
    path: '/collect',
    title: '我的收藏',
    icon: 'star',
    children: [
      { path: '/collect/public-tool', title: '标准工具收藏' },
      { path: '/collect/heigh-tool', title: '高级工具收藏' },
    ],
  },
  {
    path: '/task',
    title: '任务中心',
    icon: 'schedule',
    children: [
      { path: '/task/public-tool-task', title: '标准工具任务' },
      { path: '/task/height-tool-task', title: '高级工具任务' },
    ],
  },
  {
    path: '/document',
    title: '用户手册',
    icon: 'book',
    children: [
      { path: '/document/document-introduce', title: '平台介绍' },
      { path: '/document/document-manual', title: '快速上手' },
    ],
  },
  { path: '/feedback-list/index', title: '意见反馈', icon: 'comment' },
  { path: '/tool/detail', title: '工具详情', hidden: true },
  { path: '/profile/index', title: '个人信息', hidden: true },
  { path: '/team-info/index', title: '团队介绍', icon: 'team', roles: ['dynamics'] },
  { path: '/dynamics-update/index', title: '更新动态', icon: 'notification', roles: ['dynamics'] },
  { path: '/quote/index', title: '引用与致谢', icon: 'read', roles: ['dynamics'] },
  { path: '/user-contract/index', title: '用户协议', icon: 'fileProtect', roles: ['dynamics'] },
];

/** Titles of the advanced tools, set once GET /menu answers. */
const dynamicTitles = new Map<string, string>();
export function setAdvancedTitles(items: ReadonlyArray<{ name: string; title: string }>): void {
  for (const i of items) dynamicTitles.set(`/high-tool/${i.name}`, i.title);
}

export function titleOf(path: string): string | undefined {
  const walk = (list: readonly MenuRoute[]): string | undefined => {
    for (const r of list) {
      if (r.path === path) return r.title;
      const inner = r.children && walk(r.children);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(MENU_ROUTES) ?? dynamicTitles.get(path);
}

/** The active role group follows the path: the four static pages select `dynamics`. */
export function useActiveRole(): RoleGroup {
  return roleGroupFor(useLocation().pathname);
}
