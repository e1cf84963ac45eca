// The main layout (spec 02 §2): collapsible 210 px sidebar built from permitted routes, the navbar
// (route search, full screen, layout settings, user menu), the optional tags view, and the client
// preferences (theme colour and size through antd's ConfigProvider).
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Grid, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { UserMenu } from '../../components/user-menu';
import { preferences, usePreferences } from '../../lib/preferences';
import { useMenu } from '../../lib/site-api/menu';
import { MENU_ROUTES, permitted, setAdvancedTitles, titleOf, useActiveRole, type MenuRoute } from '../route-meta';
import { HeaderSearch } from './header-search';
import { MENU_ICONS } from './menu-icons';
import { ScreenfullButton } from './screenfull-button';
import { SettingsPanel } from './settings-panel';
import { TagsView } from './tags-view';

export const SIDEBAR_WIDTH = 210;

export function MainLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = useActiveRole();
  const prefs = usePreferences();
  const screens = Grid.useBreakpoint();
  // Below 992 px the app is in mobile mode and the sidebar starts closed (spec 02 §4); that
  // closing is not a choice of the user's, so it is not saved.
  const mobile = screens.lg === false;
  const [collapsed, setCollapsed] = useState(() => !prefs.sidebarOpen);
  useEffect(() => {
    if (mobile) setCollapsed(true);
  }, [mobile]);
  const toggle = () => {
    preferences.set({ sidebarOpen: collapsed });
    setCollapsed(!collapsed);
  };
  const [settings, setSettings] = useState(false);
  // 刷新 in the tags view mounts the current page afresh.
  const [refreshKey, setRefreshKey] = useState(0);

  const menu = useMenu();
  useEffect(() => {
    if (menu.data) setAdvancedTitles(menu.data);
  }, [menu.data]);
  // The advanced tools' entries come from GET /menu (spec 01 §2).
  const routes = useMemo<MenuRoute[]>(
    () => MENU_ROUTES.map((r) => (r.path === '/high-tool' ? { ...r, children: (menu.data ?? []).map((m) => ({ path: `/high-tool/${m.name}`, title: m.title })) } : r)),
    [menu.data],
  );
  const toItem = (r: MenuRoute): NonNullable<MenuProps['items']>[number] =>
    r.children
      ? { key: r.path, icon: r.icon && MENU_ICONS[r.icon], label: r.title, children: r.children.filter((c) => !c.hidden).map(toItem) }
      : { key: r.path, icon: r.icon && MENU_ICONS[r.icon], label: r.title };
  const items = routes.filter((r) => !r.hidden && permitted(r.roles, active)).map(toItem);
  const openGroup = routes.find((r) => r.children && pathname.startsWith(`${r.path}/`))?.path;

  const header = (
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
      <Button type="text" aria-label={collapsed ? '展开侧边栏' : '收起侧边栏'} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={toggle} />
      <Breadcrumb items={[{ title: '首页', href: '#/' }, ...(pathname !== '/' ? [{ title: titleOf(pathname) ?? '' }] : [])]} />
      <div style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 4 }}>
        <HeaderSearch routes={routes} />
        <ScreenfullButton />
        <Button type="text" aria-label="布局设置" icon={<SettingOutlined />} onClick={() => setSettings(true)} />
        <UserMenu
          entries={[
            ['个人信息', '/profile/index'],
            ['首页', '/'],
          ]}
        />
      </div>
    </Layout.Header>
  );

  return (
    <>
      <Layout style={{ minHeight: '100vh' }} data-size={prefs.size}>
        <Layout.Sider width={SIDEBAR_WIDTH} collapsedWidth={mobile ? 0 : 54} collapsed={collapsed} trigger={null} theme="dark" data-testid="sidebar">
          <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
            {prefs.sidebarLogo && (
              <a
                href="#/"
                data-testid="sidebar-logo"
                style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8, height: 50, color: '#fff', fontWeight: 600, fontSize: 14, whiteSpace: 'nowrap' }}
              >
                <img src="/favicon.svg" alt="" width={28} height={28} />
                {!collapsed && <span>LabStat</span>}
              </a>
            )}
            <Menu
              theme="dark"
              mode="inline"
              selectedKeys={[pathname]}
              defaultOpenKeys={openGroup ? [openGroup] : []}
              items={items}
              onClick={({ key }) => navigate(key)}
              style={{ flex: 1, borderRight: 0 }}
            />
            {!collapsed && <div style={{ color: 'rgba(255,255,255,0.45)', fontSize: 12, padding: '12px 16px' }}>LabStat 医学统计分析平台</div>}
          </div>
        </Layout.Sider>
        <Layout>
          <div data-testid="navbar" style={prefs.fixedHeader ? { position: 'sticky', top: 0, zIndex: 9 } : undefined}>
            {header}
            {prefs.tagsView && <TagsView onRefresh={() => setRefreshKey((k) => k + 1)} />}
          </div>
          <Layout.Content style={{ margin: 16 }}>
            <div key={refreshKey} data-testid="app-main" style={{ height: '100%' }}>
              <Outlet />
            </div>
          </Layout.Content>
        </Layout>
        <SettingsPanel open={settings} onClose={() => setSettings(false)} />
      </Layout>
    </>
  );
}
