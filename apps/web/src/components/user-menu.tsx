// Avatar + name dropdown shared by the public header and the navbar.
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../lib/session-store';
import { logout } from '../lib/site-api/logout';

const OPERATOR_ROLE = 'operator';

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
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Avatar size="small" src={s.avatar || undefined} icon={<UserOutlined />} />
        <span>{s.username || '用户'}</span>
      </Space>
    </Dropdown>
  );
}
