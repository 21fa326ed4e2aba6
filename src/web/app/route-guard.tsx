// Applies a route's access rule: anonymous visitors go to /auth/start?redirectUrl=...; a status the
// route does not allow goes where the route says (refusedTo), else where the root flow says; a 403
// on the user load signs out.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useGetPrincipalQuery } from '../api/auth-api';
import { useGetProfileQuery } from '../api/profile-api';
import { Spinner } from '../components/spinner';
import { checkAccess, type RouteEntry } from './route-table';
import { rootFlow } from './root-flow';
import { InternalError } from '../lib/internal-errors';
import { signInRedirect } from '../../core/routes/signed-in-paths';
import { isStaticPath } from '../../core/routes/static-path';

export function RouteGuard({ entry, children }: { entry: RouteEntry; children: ReactNode }) {
  const location = useLocation();
  const needsLogin = entry.access.kind === 'login';
  // The user is not loaded on static URLs (spec section 4).
  const skipUser = !needsLogin || isStaticPath(location.pathname);
  const principal = useGetPrincipalQuery(undefined, { skip: !needsLogin });
  const profile = useGetProfileQuery(undefined, { skip: skipUser || !principal.isSuccess });

  if (!needsLogin) return <>{children}</>;
  if (principal.isLoading || principal.isUninitialized) return <Spinner />;
  if (principal.isError) {
    return <Navigate to={signInRedirect(location.pathname + location.search)} replace />;
  }
  if (!principal.data) throw new InternalError('Principal is missing');
  if (skipUser) return <>{children}</>;
  if (profile.isError) {
    const status = (profile.error as { status?: unknown }).status;
    return status === 403 ? (
      <Navigate to="/auth/logout" replace />
    ) : (
      <Navigate to="/maintenance" replace />
    );
  }
  if (!profile.data) {
    if (profile.isSuccess) throw new InternalError('Profile is missing');
    return <Spinner />;
  }
  const verdict = checkAccess(entry.access, profile.data);
  if (!verdict.allowed) {
    // A refused status may be stale (a step just changed it): wait for the refetch to decide.
    if (profile.isFetching) return <Spinner />;
    const target = entry.refusedTo?.(profile.data.status) ?? rootFlow(profile.data);
    return target === location.pathname ? <>{children}</> : <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
