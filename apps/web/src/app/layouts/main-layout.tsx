// The main layout: collapsible 210 px sidebar built from permitted routes, and the navbar.
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Grid, Layout, Menu, type MenuProps } from 'antd';
import Cookies from 'js-cookie';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { UserMenu } from '../../components/user-menu';
import { useMenu } from '../../lib/site-api/menu';
import { MENU_ROUTES, permitted, setAdvancedTitles, titleOf, useActiveRole, type MenuRoute } from '../route-meta';
import { TagsView } from './tags-view';

const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIDEBAR_WIDTH = 210;

export function MainLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = useActiveRole();
  const screens = Grid.useBreakpoint();
  // Below 992 px the app is in mobile mode and the sidebar starts closed (spec 02 §4).
  const mobile = screens.lg === false;
  const [collapsed, setCollapsed] = useState(() => Cookies.get(SIDEBAR_COOKIE) === '0');
  useEffect(() => {
    if (mobile) setCollapsed(true);
  }, [mobile]);
  const toggle = () => {
    setCollapsed((c) => {
      Cookies.set(SIDEBAR_COOKIE, c ? '1' : '0');
      return !c;
    });
  };
  const menu = useMenu();
  useEffect(() => {
    if (menu.data) setAdvancedTitles(menu.data);
  }, [menu.data]);
  const toItem = (r: MenuRoute): NonNullable<MenuProps['items']>[number] => {
    const children: MenuRoute[] | undefined = r.path === '/high-tool' ? (menu.data ?? []).map((m) => ({ path: `/high-tool/${m.name}`, title: m.title })) : r.children;
    return children
      ? { key: r.path, icon: r.icon, label: r.title, children: children.filter((c) => !c.hidden).map(toItem) }
      : { key: r.path, icon: r.icon, label: r.title };
  };
  const items = MENU_ROUTES.filter((r) => !r.hidden && permitted(r.roles, active)).map(toItem);
  const openGroup = MENU_ROUTES.find((r) => r.children && pathname.startsWith(`${r.path}/`))?.path;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDEBAR_WIDTH}
        collapsedWidth={mobile ? 0 : 54}
        collapsed={collapsed}
        trigger={null}
        theme="dark"
        data-testid="sidebar"
      >
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={[pathname]}
            defaultOpenKeys={openGroup ? [openGroup] : []}
            items={items}
            onClick={({ key }) => navigate(key)}
            style={{ flex: 1, borderRight: 0 }}
          />
          {!collapsed && (
            <div style={{ color: 'rgba(255,255,255,0.45)', fontSize: 12, padding: '12px 16px' }}>
              LabStat 医学统计分析平台
            </div>
          )}
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            height: 50,
            lineHeight: '50px',
            boxShadow: '0 1px 4px rgba(0,21,41,.08)',
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? '展开侧边栏' : '收起侧边栏'}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
          />
          <Breadcrumb items={[{ title: '首页', href: '#/' }, ...(pathname !== '/' ? [{ title: titleOf(pathname) ?? '' }] : [])]} />
          <div style={{ marginLeft: 'auto' }}>
            <UserMenu
              entries={[
                ['个人信息', '/profile/index'],
                ['首页', '/'],
              ]}
            />
          </div>
        </Layout.Header>
        <TagsView />
        <Layout.Content style={{ margin: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
