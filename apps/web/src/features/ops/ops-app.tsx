// The operator console (issue 24, DESIGN §8b) under /#/ops/…: loaded as one lazy chunk from the
// router, it asks the server who the caller is (GET /ops/me) and shows the app's 401/无权限 page to
// anyone who is not an operator; each section page is a further chunk of its own.
import { Button, Result, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/session-store';
import { useOpsMe } from './api/me';
import { isForbidden } from './api/ops-request';
import { OpsLayout } from './components/ops-layout';

const DashboardPage = lazy(() => import('./pages/dashboard-page').then((m) => ({ default: m.OpsDashboardPage })));
const FeedbackPage = lazy(() => import('./pages/feedback-page').then((m) => ({ default: m.OpsFeedbackPage })));
const ContentPage = lazy(() => import('./pages/content-page').then((m) => ({ default: m.OpsContentPage })));
const CommercePage = lazy(() => import('./pages/commerce-page').then((m) => ({ default: m.OpsCommercePage })));
const UsersPage = lazy(() => import('./pages/users-page').then((m) => ({ default: m.OpsUsersPage })));
const CataloguePage = lazy(() => import('./pages/catalogue-page').then((m) => ({ default: m.OpsCataloguePage })));
const AuditPage = lazy(() => import('./pages/audit-page').then((m) => ({ default: m.OpsAuditPage })));

const Loading = () => <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export function OpsApp() {
  const { pathname, search } = useLocation();
  const { token } = useSession();
  const me = useOpsMe(!!token);

  if (!token) return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  if (me.isPending) return <Loading />;
  if (me.isError) {
    if (isForbidden(me.error)) return <Navigate to="/401?noGoBack=1" replace />;
    return <Result status="error" title="运营后台加载失败" subTitle={me.error.message} extra={<Button onClick={() => void me.refetch()}>重试</Button>} />;
  }
  return (
    <OpsLayout me={me.data}>
      <Routes>
        <Route index element={page(<DashboardPage />)} />
        <Route path="feedback" element={page(<FeedbackPage />)} />
        <Route path="content" element={page(<ContentPage />)} />
        <Route path="commerce" element={page(<CommercePage />)} />
        <Route path="users" element={page(<UsersPage />)} />
        <Route path="catalogue" element={page(<CataloguePage />)} />
        <Route path="audit" element={page(<AuditPage />)} />
        <Route path="*" element={<Navigate to="/ops" replace />} />
      </Routes>
    </OpsLayout>
  );
}
