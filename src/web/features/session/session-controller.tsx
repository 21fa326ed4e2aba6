// The session behaviours of a signed-in user (spec sections 1 and 4): idle warning and sign-out,
// keepalive, live status changes, one window at a time, the pinned back button and the access
// OTP check. Renders nothing, and does nothing, for anonymous visitors and on the auth pages.
// The behaviours are their own chunk, loaded once someone is signed in: a screen's first paint
// waits for none of them.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetPrincipalQuery } from '../../api/auth-api';
import { useGetConfigurationQuery } from '../../api/configuration-api';
import { isPublicAuthPath } from './constants';

const SignedInSession = lazy(() => import('./signed-in-session'));

export function SessionController() {
  const { pathname } = useLocation();
  const configuration = useGetConfigurationQuery();
  const principal = useGetPrincipalQuery(undefined, { skip: isPublicAuthPath(pathname) });
  if (!principal.isSuccess || !configuration.data) return null;
  return (
    <Suspense fallback={null}>
      <SignedInSession configuration={configuration.data} />
    </Suspense>
  );
}
