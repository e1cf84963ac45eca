// A route kept only for the active role group (spec 01 §4); others read as not found.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RoleGroup } from '../lib/session-store';
import { permitted, useActiveRole } from './route-meta';

export function Permit({ roles, children }: { roles: RoleGroup[]; children: ReactNode }) {
  return permitted(roles, useActiveRole()) ? <>{children}</> : <Navigate to="/404" replace />;
}
