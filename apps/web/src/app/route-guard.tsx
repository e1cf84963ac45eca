// The route guard of spec 01 §4: phone check, then roles for logged-in users or the free list
// (including advanced tools from the server menu) for visitors.
import { Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../lib/api-client';
import { session, useSession } from '../lib/session-store';
import { fetchMenu } from '../lib/site-api/menu';
import { fetchProfileList } from '../lib/site-api/profile-list';
import { ui } from '../lib/ui-bridge';
import { PhoneGate } from './phone-gate';
import { isFreePath, isSpecPath } from './route-meta';

const Loading = () => (
  <div style={{ display: 'flex', height: '60vh', alignItems: 'center', justifyContent: 'center' }}>
    <Spin size="large" />
  </div>
);

function Guard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const s = useSession();
  const needRoles = !!s.token && s.roles.length === 0;
  const needMenu = !s.token && s.advancedNames === null;

  useEffect(() => {
    if (!needRoles) return;
    let live = true;
    (async () => {
      try {
        const data = await fetchProfileList();
        if (!data?.profile_list) throw new ApiError(-1, '验证失败，请重新登录');
        if (live) session.setProfile(data.profile_list);
      } catch (err) {
        if (!live) return;
        session.reset();
        ui.message?.error({ content: err instanceof Error && err.message ? err.message : 'Has Error', duration: 5 });
        navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
      }
    })();
    return () => {
      live = false;
    };
  }, [needRoles, navigate, pathname, search]);

  useEffect(() => {
    if (!needMenu) return;
    fetchMenu().then(
      (items) => session.setAdvancedNames(items.map((i) => i.name)),
      () => session.setAdvancedNames([]),
    );
  }, [needMenu]);

  if (s.token) {
    if (pathname === '/login') return <Navigate to="/" replace />;
    if (needRoles) return <Loading />;
    return <>{children}</>;
  }
  if (needMenu) return <Loading />;
  if (isFreePath(pathname, s.advancedNames ?? []) || !isSpecPath(pathname)) return <>{children}</>;
  return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
}

export function RouteGuard({ children }: { children: ReactNode }) {
  return (
    <PhoneGate>
      <Guard>{children}</Guard>
    </PhoneGate>
  );
}
