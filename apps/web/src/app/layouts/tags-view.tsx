// The tags view under the navbar: pinned tabs (spec 01 §2: data management) always present, then
// the pages visited in this session, closable. Open tabs live as long as the layout: logging out
// leaves the layout and so clears them, as the spec asks.
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MENU_ROUTES, permitted, titleOf, useActiveRole } from '../route-meta';

export function TagsView() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = useActiveRole();
  const pinned = MENU_ROUTES.filter((r) => r.affix && permitted(r.roles, active)).map((r) => r.path);
  const [visited, setVisited] = useState<Array<{ path: string; search: string }>>([]);

  useEffect(() => {
    if (!titleOf(pathname) || pinned.includes(pathname)) return;
    setVisited((v) => (v.some((x) => x.path === pathname) ? v.map((x) => (x.path === pathname ? { path: pathname, search } : x)) : [...v, { path: pathname, search }]));
  }, [pathname, search]);

  const close = (path: string) => {
    const rest = visited.filter((x) => x.path !== path);
    setVisited(rest);
    if (path === pathname) {
      const last = rest[rest.length - 1];
      navigate(last ? last.path + last.search : pinned[0] ?? '/');
    }
  };

  const tags = [...pinned.map((p) => ({ path: p, search: '', closable: false })), ...visited.map((v) => ({ ...v, closable: true }))];
  return (
    <div
      data-testid="tags-view"
      style={{ height: 34, background: '#fff', borderBottom: '1px solid #d8dce5', boxShadow: '0 1px 3px rgba(0,0,0,.08)', padding: '4px 12px', whiteSpace: 'nowrap', overflowX: 'auto' }}
    >
      {tags.map((t) => {
        const current = t.path === pathname;
        return (
          <Tag
            key={t.path}
            closable={t.closable}
            onClose={(e) => {
              e.preventDefault();
              close(t.path);
            }}
            onClick={() => navigate(t.path + t.search)}
            color={current ? '#409EFF' : undefined}
            style={{ cursor: 'pointer', height: 26, lineHeight: '24px' }}
          >
            {titleOf(t.path)}
          </Tag>
        );
      })}
    </div>
  );
}
