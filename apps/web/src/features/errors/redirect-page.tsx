// /redirect/:path(.*) replaces the location with /{path}, keeping the query (used to refresh a page).
import { Navigate, useLocation, useParams } from 'react-router-dom';

export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
