// Avatar + name dropdown shared by the public header and the navbar.
import { UserOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import type { CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../lib/session-store';
import { logout } from '../lib/site-api/logout';
import { LazyDropdown } from './lazy-dropdown';

const OPERATOR_ROLE = 'operator';

// antd's small Avatar and Space (default theme) as plain elements, so the header loads neither.
const TRIGGER: CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' };
const AVATAR: CSSProperties = {
  boxSizing: 'border-box',
  display: 'inline-flex',
  justifyContent: 'center',
  alignItems: 'center',
  overflow: 'hidden',
  width: 24,
  height: 24,
  borderRadius: '50%',
  border: '1px solid transparent',
  fontSize: 14,
  color: '#fff',
  background: 'rgba(0,0,0,0.25)',
  verticalAlign: 'middle',
};

export interface UserMenuProps {
  /** Entries above 退出登录: key → [label, path]. */
  entries: [string, string][];
}

export function UserMenu({ entries }: UserMenuProps) {
  const s = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (!s.token) {
    return (
      <Button type="link" onClick={() => navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`)}>
        登录/注册
      </Button>
    );
  }
  // The console's only way in: shown to operators alone (the role arrives with the profile; the
  // console checks it again with the server).
  const all: [string, string][] = s.roles.includes(OPERATOR_ROLE) ? [...entries, ['运营后台', '/ops']] : entries;
  const items: MenuProps['items'] = [
    ...all.map(([label, path]) => ({ key: path, label })),
    { type: 'divider' },
    { key: 'logout', label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'logout') {
      const back = pathname + search;
      await logout();
      navigate(`/login?redirect=${encodeURIComponent(back)}`);
    } else {
      navigate(key);
    }
  };
  return (
    <LazyDropdown menu={{ items, onClick }} placement="bottomRight">
      <span style={TRIGGER} data-testid="user-menu">
        {s.avatar ? (
          <span style={{ ...AVATAR, background: 'transparent' }}>
            <img src={s.avatar} alt="" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
          </span>
        ) : (
          <span style={AVATAR}>
            <UserOutlined />
          </span>
        )}
        <span>{s.username || '用户'}</span>
      </span>
    </LazyDropdown>
  );
}
