// The console's own frame: a dark sidebar of its sections, a header with the operator and a way
// back to the user side. Kept apart from the main layout, whose menus never mention /ops.
import { AppstoreOutlined, AuditOutlined, CommentOutlined, DashboardOutlined, FileTextOutlined, RollbackOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import type { OpsMe } from '@labstat/contracts';
import { Button, Layout, Menu, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { UserMenu } from '../../../components/user-menu';

export const OPS_SECTIONS = [
  { path: '/ops', title: '运营概览', icon: <DashboardOutlined /> },
  { path: '/ops/feedback', title: '反馈处理', icon: <CommentOutlined /> },
  { path: '/ops/content', title: '内容管理', icon: <FileTextOutlined /> },
  { path: '/ops/commerce', title: '商业运营', icon: <ShopOutlined /> },
  { path: '/ops/users', title: '用户管理', icon: <TeamOutlined /> },
  { path: '/ops/catalogue', title: '工具目录', icon: <AppstoreOutlined /> },
  { path: '/ops/audit', title: '操作日志', icon: <AuditOutlined /> },
] as const;

export function OpsLayout({ me, children }: { me: OpsMe; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = OPS_SECTIONS.find((s) => s.path === pathname) ?? OPS_SECTIONS[0];
  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="ops-layout">
      <Layout.Sider width={210} theme="dark" data-testid="ops-sidebar">
        <a href="#/ops" style={{ display: 'flex', alignItems: 'center', gap: 8, height: 50, padding: '0 20px', color: '#fff', fontWeight: 600 }}>
          <img src="/favicon.svg" alt="" width={26} height={26} />
          <span>LabStat 运营后台</span>
        </a>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[current.path]}
          items={OPS_SECTIONS.map((s) => ({ key: s.path, icon: s.icon, label: s.title }))}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', gap: 12, height: 50, lineHeight: '50px', boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}
        >
          <Typography.Text strong style={{ fontSize: 16 }}>
            {current.title}
          </Typography.Text>
          <div style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 12 }}>
            <Typography.Text type="secondary" data-testid="ops-operator">
              运营人员：{me.username || me.mobile}
            </Typography.Text>
            <Button icon={<RollbackOutlined />} onClick={() => navigate('/dashboard')}>
              返回工作台
            </Button>
            <UserMenu entries={[['个人信息', '/profile/index'], ['首页', '/']]} />
          </div>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
