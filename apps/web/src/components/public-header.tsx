// The public header of spec 02 §2: horizontal menu above 900 px (plain links, see header-nav), a
// dropdown below, rotating notices from GET /dynamics/notification (link notices as hyperlinks),
// and the user menu.
import { MenuOutlined, NotificationOutlined } from '@ant-design/icons';
import type { MenuNotice } from '@labstat/contracts';
import { Button, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { noticeTarget, useNotices } from '../lib/help-api/notices';
import { useMinWidth } from '../lib/use-min-width';
import { HeaderNav, type HeaderNavEntry } from './header-nav';
import { LazyDropdown } from './lazy-dropdown';
import { UserMenu } from './user-menu';

export const MANUAL_PATH = '/document/document-manual';

const ENTRIES: HeaderNavEntry[] = [
  { path: '/', label: '首页' },
  { path: '/public-tool/visual', label: '分析工具' },
  { path: '/vip', label: '会员中心' },
  { path: '/team-info/index', label: '最新动态' },
  { path: MANUAL_PATH, label: '使用手册' },
  { path: '/quote/index', label: '引用与致谢' },
];

const NOTICE_LINE = 22;
const NOTICE_INTERVAL_MS = 5000;

function NoticeLine({ notice }: { notice: MenuNotice }) {
  const target = notice.type === 'link' ? noticeTarget(notice.link) : null;
  const style = { display: 'block', height: NOTICE_LINE, lineHeight: `${NOTICE_LINE}px`, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  if (!target) return <span style={{ ...style, color: '#606266' }}>{notice.content}</span>;
  return (
    <a href={target.href} style={style} {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {notice.content}
    </a>
  );
}

/** All notices stacked in one line's height, moving up one every few seconds (paused on hover). */
function RotatingNotices({ notices }: { notices: MenuNotice[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (notices.length < 2 || paused) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % notices.length), NOTICE_INTERVAL_MS);
    return () => clearInterval(t);
  }, [notices.length, paused]);
  if (notices.length === 0) return null;
  return (
    <div
      style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0, maxWidth: 340, fontSize: 13 }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      data-testid="header-notices"
    >
      <NotificationOutlined style={{ color: '#e6a23c' }} />
      <div style={{ height: NOTICE_LINE, overflow: 'hidden', minWidth: 0, flex: 1 }} aria-live="polite">
        <div style={{ transform: `translateY(-${(index % notices.length) * NOTICE_LINE}px)`, transition: 'transform .4s ease' }}>
          {notices.map((n, i) => (
            <NoticeLine key={i} notice={n} />
          ))}
        </div>
      </div>
    </div>
  );
}

export function PublicHeader() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useMinWidth(901); // wider than 900 px
  const notices = useNotices();
  const items: MenuProps['items'] = ENTRIES.map((e) => ({ key: e.path, label: e.label }));
  const onClick: MenuProps['onClick'] = ({ key }) => navigate(key);
  return (
    <header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        padding: '0 32px',
        height: 64,
        background: '#fff',
        boxShadow: '0 1px 4px rgba(0,21,41,.08)',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
      data-testid="public-header"
    >
      <a href="#/" style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600, fontSize: 20, color: '#303133', flex: 'none' }}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        LabStat
      </a>
      {wide ? (
        <HeaderNav entries={ENTRIES} pathname={pathname} testId="header-menu" />
      ) : (
        <div style={{ flex: 1 }}>
          <LazyDropdown menu={{ items, onClick }}>
            <Button icon={<MenuOutlined />} aria-label="菜单" data-testid="header-menu-button" />
          </LazyDropdown>
        </div>
      )}
      <RotatingNotices notices={notices.data ?? []} />
      <UserMenu
        entries={[
          ['我的信息', '/profile/index'],
          ['我的订单', '/profile/index?tab_id=order'],
        ]}
      />
    </header>
  );
}
