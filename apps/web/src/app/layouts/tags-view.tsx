// The tags view under the navbar (spec 02 §2): pinned tabs (数据管理, and 计算工具 once its route
// exists: any route marked `affix`) always present, then the pages visited, closable. A right
// click opens the 105 px menu 刷新 / 关闭 / 关闭其他 / 关闭所有; a click elsewhere, a scroll or Escape closes it.
import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePreferences } from '../../lib/preferences';
import { MENU_ROUTES, permitted, titleOf, useActiveRole } from '../route-meta';
import { closeAll, closeOthers, closeTag, tagsStore, useOpenTags, visit, type TagsResult } from './tags-store';

export const TAG_MENU_WIDTH = 105;

interface MenuState {
  path: string;
  left: number;
  top: number;
}

export function TagsView({ onRefresh }: { onRefresh: () => void }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = useActiveRole();
  const { theme } = usePreferences();
  const pinned = MENU_ROUTES.filter((r) => r.affix && permitted(r.roles, active)).map((r) => r.path);
  const visited = useOpenTags();
  const [menu, setMenu] = useState<MenuState | null>(null);

  useEffect(() => {
    if (titleOf(pathname)) tagsStore.set(visit(tagsStore.get(), { path: pathname, search }, pinned));
    // `pinned` follows the path's role group, so the path alone decides when to run.
  }, [pathname, search]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('click', close);
    document.addEventListener('scroll', close, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('scroll', close, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const apply = (r: TagsResult) => {
    tagsStore.set(r.visited);
    if (r.goTo) navigate(r.goTo);
  };
  const target = (path: string) => {
    const v = visited.find((x) => x.path === path);
    return v ? v.path + v.search : path;
  };
  // The page the address names. Navigation renders in a transition, so for a moment after a click
  // the rendered `pathname` is still the previous page: the tags' actions go by the address.
  const livePath = () => window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const refresh = (path: string) => {
    if (path === livePath()) onRefresh();
    else navigate(target(path));
  };

  const tags = [...pinned.map((p) => ({ path: p, closable: false })), ...visited.map((v) => ({ path: v.path, closable: true }))];
  const openMenu = (e: MouseEvent, path: string) => {
    e.preventDefault();
    setMenu({ path, left: e.clientX, top: e.clientY });
  };
  const item = (label: string, action: () => void) => (
    <li
      role="menuitem"
      onClick={() => {
        setMenu(null);
        action();
      }}
      style={{ margin: 0, padding: '7px 16px', cursor: 'pointer' }}
      onMouseEnter={(e) => (e.currentTarget.style.background = '#eee')}
      onMouseLeave={(e) => (e.currentTarget.style.background = '')}
    >
      {label}
    </li>
  );

  return (
    <div
      data-testid="tags-view"
      style={{ height: 34, background: '#fff', borderBottom: '1px solid #d8dce5', boxShadow: '0 1px 3px rgba(0,0,0,.12)', whiteSpace: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
    >
      <div style={{ display: 'inline-flex', gap: 5, padding: '4px 4px' }}>
        {tags.map((t) => {
          const current = t.path === pathname;
          return (
            <span
              key={t.path}
              role="tab"
              aria-selected={current}
              data-testid={`tag-${t.path}`}
              onClick={() => navigate(target(t.path))}
              onContextMenu={(e) => openMenu(e, t.path)}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 4,
                height: 26,
                padding: '0 8px',
                fontSize: 12,
                cursor: 'pointer',
                border: `1px solid ${current ? theme : '#d8dce5'}`,
                background: current ? theme : '#fff',
                color: current ? '#fff' : '#495060',
              }}
            >
              {current && <span style={{ width: 8, height: 8, borderRadius: '50%', background: '#fff' }} />}
              {titleOf(t.path)}
              {t.closable && (
                <CloseOutlined
                  aria-label={`关闭${titleOf(t.path) ?? ''}`}
                  style={{ fontSize: 10 }}
                  onClick={(e) => {
                    e.stopPropagation();
                    apply(closeTag(visited, t.path, livePath(), pinned));
                  }}
                />
              )}
            </span>
          );
        })}
      </div>
      {menu && (
        <ul
          role="menu"
          data-testid="tags-menu"
          style={{
            position: 'fixed',
            left: Math.min(menu.left, window.innerWidth - TAG_MENU_WIDTH - 4),
            top: menu.top,
            width: TAG_MENU_WIDTH,
            boxSizing: 'border-box',
            zIndex: 3000,
            listStyle: 'none',
            margin: 0,
            padding: '5px 0',
            background: '#fff',
            borderRadius: 4,
            fontSize: 12,
            fontWeight: 400,
            color: '#333',
            boxShadow: '2px 2px 3px 0 rgba(0,0,0,.3)',
          }}
        >
          {item('刷新', () => refresh(menu.path))}
          {!pinned.includes(menu.path) && item('关闭', () => apply(closeTag(visited, menu.path, livePath(), pinned)))}
          {item('关闭其他', () => apply(closeOthers(visited, menu.path, livePath())))}
          {item('关闭所有', () => apply(closeAll(livePath(), pinned)))}
        </ul>
      )}
    </div>
  );
}
