// The public header's horizontal menu as plain links (issue 25 item 5): antd's horizontal Menu
// brought its menu, overflow and tooltip code to every public page, about 24 KB gzipped of the
// home page's 250 KB. This keeps its look (header-nav.css), its selected entry (the current path)
// and its overflow: entries that do not fit move into a "…" entry whose dropdown loads when used.
import type { MenuProps } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { visibleCount } from './header-nav-fit';
import { LazyDropdown } from './lazy-dropdown';
import './header-nav.css';

export interface HeaderNavEntry {
  /** The route the entry opens; it is the selected entry while this is the current path. */
  path: string;
  label: string;
}

// antd's "…" entry: 16 px either side of a 14 px icon.
const REST_WIDTH = 46;

function EllipsisIcon() {
  return (
    <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false" className="header-nav-ellipsis">
      <path d="M176 511a56 56 0 10112 0 56 56 0 10-112 0zm280 0a56 56 0 10112 0 56 56 0 10-112 0zm280 0a56 56 0 10112 0 56 56 0 10-112 0z" />
    </svg>
  );
}

export function HeaderNav({ entries, pathname, testId }: { entries: HeaderNavEntry[]; pathname: string; testId?: string }) {
  const navigate = useNavigate();
  const navRef = useRef<HTMLElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const [shown, setShown] = useState(entries.length);

  // Every entry stays rendered (the hidden ones invisible and out of the flow), so their widths
  // can be read again whenever the line or an entry changes size (a late web font, say).
  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const measure = () => {
      const widths = itemRefs.current.slice(0, entries.length).map((a) => a?.getBoundingClientRect().width ?? 0);
      setShown(visibleCount(widths, nav.clientWidth, REST_WIDTH));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(nav);
    itemRefs.current.forEach((a) => a && ro.observe(a));
    return () => ro.disconnect();
  }, [entries]);

  const hidden = entries.slice(shown);
  const restSelected = hidden.some((e) => e.path === pathname);
  const restMenu: MenuProps = {
    items: hidden.map((e) => ({ key: e.path, label: e.label })),
    selectable: true,
    selectedKeys: [pathname],
    onClick: ({ key }) => navigate(key),
  };
  return (
    <nav ref={navRef} className="header-nav" aria-label="主菜单" data-testid={testId}>
      {entries.map((e, i) => {
        const selected = e.path === pathname;
        const out = i >= shown;
        return (
          <Link
            key={e.path}
            ref={(a) => {
              itemRefs.current[i] = a;
            }}
            to={e.path}
            className={`header-nav-item${selected ? ' header-nav-item-selected' : ''}${out ? ' header-nav-item-out' : ''}`}
            aria-current={selected ? 'page' : undefined}
          >
            {e.label}
          </Link>
        );
      })}
      {hidden.length > 0 && (
        <LazyDropdown menu={restMenu} openOnHover>
          <button
            type="button"
            className={`header-nav-item header-nav-rest${restSelected ? ' header-nav-item-selected' : ''}`}
            aria-label="更多菜单"
            aria-haspopup="menu"
            data-testid="header-menu-more"
          >
            <EllipsisIcon />
          </button>
        </LazyDropdown>
      )}
    </nav>
  );
}
