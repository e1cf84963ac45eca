// The public header of spec 02 §2: horizontal menu above 900 px, a dropdown below.
import { MenuOutlined } from '@ant-design/icons';
import { Button, Dropdown, Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { UserMenu } from './user-menu';

export const MANUAL_URL = '/#/document/document-manual';

const ENTRIES: { key: string; label: string; external?: boolean }[] = [
  { key: '/', label: '首页' },
  { key: '/public-tool/visual', label: '分析工具' },
  { key: '/vip', label: '会员中心' },
  { key: '/team-info/index', label: '最新动态' },
  { key: MANUAL_URL, label: '使用手册', external: true },
  { key: '/quote/index', label: '引用与致谢' },
];

function useWide(threshold: number): boolean {
  const [wide, setWide] = useState(() => window.innerWidth > threshold);
  useEffect(() => {
    const onResize = () => setWide(window.innerWidth > threshold);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [threshold]);
  return wide;
}

export function PublicHeader() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useWide(900);
  const items: MenuProps['items'] = ENTRIES.map((e) => ({ key: e.key, label: e.label }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = ENTRIES.find((e) => e.key === key);
    if (entry?.external) window.open(entry.key, '_blank', 'noopener');
    else navigate(key);
  };
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
    >
      <a href="#/" style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600, fontSize: 20, color: '#303133' }}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        LabStat
      </a>
      {wide ? (
        <Menu mode="horizontal" selectedKeys={[pathname]} items={items} onClick={onClick} style={{ flex: 1, borderBottom: 0 }} />
      ) : (
        <div style={{ flex: 1 }}>
          <Dropdown menu={{ items, onClick }} trigger={['click']}>
            <Button icon={<MenuOutlined />} aria-label="菜单" />
          </Dropdown>
        </div>
      )}
      <UserMenu
        entries={[
          ['我的信息', '/profile/index'],
          ['我的订单', '/profile/index?tab_id=order'],
        ]}
      />
    </header>
  );
}
