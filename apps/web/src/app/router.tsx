// Hash routes of spec 01 §2 and spec 02 §2 for the screens that exist so far.
import { PROCESSING_ROUTE } from '@labstat/contracts';
import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate, Outlet } from 'react-router-dom';
import { AuthRedirectPage } from '../features/errors/auth-redirect-page';
import { RedirectPage } from '../features/errors/redirect-page';
import { Permit } from './permit';
import { RouteGuard } from './route-guard';

// Every screen loads on first use, the main layout (menus, settings, search) included: the entry
// holds only what all pages share, so the home and login pages each load just their own antd
// components (issue 25: at most 250 KB of gzipped JS).
const HomePage = lazy(() => import('../features/home/components/home-page').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })));
const MainLayout = lazy(() => import('./layouts/main-layout').then((m) => ({ default: m.MainLayout })));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const UnauthorizedPage = lazy(() => import('../features/errors/unauthorized-page').then((m) => ({ default: m.UnauthorizedPage })));
const UserContractPage = lazy(() => import('../features/static-pages/user-contract-page').then((m) => ({ default: m.UserContractPage })));
const DataManagerPage = lazy(() => import('../features/data-manager/data-manager-page').then((m) => ({ default: m.DataManagerPage })));
const ToolListPage = lazy(() => import('../features/tools/tool-list-page').then((m) => ({ default: m.ToolListPage })));
const TaskListPage = lazy(() => import('../features/tasks/task-list-page').then((m) => ({ default: m.TaskListPage })));
const ToolDetailPage = lazy(() => import('../features/tool-detail/tool-detail-page').then((m) => ({ default: m.ToolDetailPage })));
const VipPage = lazy(() => import('../features/vip/vip-page').then((m) => ({ default: m.VipPage })));
const ProfilePage = lazy(() => import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const FeedbackPage = lazy(() => import('../features/feedback/feedback-page').then((m) => ({ default: m.FeedbackPage })));
const DocumentPage = lazy(() => import('../features/document/document-page').then((m) => ({ default: m.DocumentPage })));
const TeamInfoPage = lazy(() => import('../features/static-pages/team-info-page').then((m) => ({ default: m.TeamInfoPage })));
const QuotePage = lazy(() => import('../features/static-pages/quote-page').then((m) => ({ default: m.QuotePage })));
const CalculatePage = lazy(() => import('../features/calculate/calculate-page').then((m) => ({ default: m.CalculatePage })));
const DataProcessingPage = lazy(() => import('../features/data-processing/data-processing-page').then((m) => ({ default: m.DataProcessingPage })));
// The operator console (issue 24) is one chunk, loaded only on /#/ops…; it checks the role itself.
const OpsApp = lazy(() => import('../features/ops/ops-app').then((m) => ({ default: m.OpsApp })));
const DynamicsUpdatePage = lazy(() => import('../features/static-pages/dynamics-update-page').then((m) => ({ default: m.DynamicsUpdatePage })));

const page = (node: ReactNode) => <Suspense fallback={<Spin style={{ display: 'block', marginTop: 80 }} />}>{node}</Suspense>;

export const router = createHashRouter([
  {
    element: (
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    ),
    children: [
      { path: '/', element: page(<HomePage />) },
      { path: '/login', element: page(<LoginPage />) },
      { path: '/auth-redirect', element: <AuthRedirectPage /> },
      { path: '/redirect/*', element: <RedirectPage /> },
      { path: '/vip', element: page(<VipPage />) },
      { path: '/404', element: page(<NotFoundPage />) },
      { path: '/401', element: page(<UnauthorizedPage />) },
      { path: '/ops/*', element: page(<OpsApp />) },
      {
        element: page(<MainLayout />),
        children: [
          { path: '/dashboard', element: page(<DashboardPage />) },
          { path: '/data-manager/index', element: page(<DataManagerPage />) },
          { path: '/calculate/index', element: page(<CalculatePage />) },
          { path: PROCESSING_ROUTE, element: page(<DataProcessingPage />) },
          { path: '/public-tool', element: <Navigate to="/public-tool/visual" replace /> },
          { path: '/public-tool/:level', element: page(<ToolListPage mode="public" />) },
          { path: '/high-tool', element: <Navigate to="/high-tool/fenxi" replace /> },
          { path: '/high-tool/:name', element: page(<ToolListPage mode="advanced" />) },
          { path: '/collect', element: <Navigate to="/collect/public-tool" replace /> },
          { path: '/collect/public-tool', element: page(<ToolListPage mode="collect-public" />) },
          { path: '/collect/heigh-tool', element: page(<ToolListPage mode="collect-advanced" />) },
          { path: '/tool/detail', element: page(<ToolDetailPage />) },
          { path: '/profile/index', element: page(<ProfilePage />) },
          { path: '/task', element: <Navigate to="/task/public-tool-task" replace /> },
          { path: '/task/public-tool-task', element: page(<TaskListPage key="tool" kind="tool" />) },
          { path: '/task/height-tool-task', element: page(<TaskListPage key="process" kind="process" />) },
          { path: '/feedback-list/index', element: page(<FeedbackPage />) },
          { path: '/document', element: <Navigate to="/document/document-introduce" replace /> },
          { path: '/document/document-introduce', element: page(<DocumentPage key="introduction" page="introduction" />) },
          { path: '/document/document-manual', element: page(<DocumentPage key="manual" page="manual" />) },
          { path: '/team-info/index', element: <Permit roles={['dynamics']}>{page(<TeamInfoPage />)}</Permit> },
          { path: '/quote/index', element: <Permit roles={['dynamics']}>{page(<QuotePage />)}</Permit> },
          { path: '/dynamics-update/index', element: <Permit roles={['dynamics']}>{page(<DynamicsUpdatePage />)}</Permit> },
          {
            path: '/user-contract/index',
            element: (
              <Permit roles={['dynamics']}>{page(<UserContractPage />)}</Permit>
            ),
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
