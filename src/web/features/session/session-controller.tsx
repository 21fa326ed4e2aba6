// The session behaviours of a signed-in user (spec sections 1 and 4): idle warning and sign-out,
// keepalive, live status changes, one window at a time, the pinned back button and the access
// OTP check. Renders nothing, and does nothing, for anonymous visitors and on the auth pages.
// The behaviours are their own chunk, loaded once someone is signed in and the page has loaded
// and gone idle: neither a screen's first paint nor its form (whose files are still arriving as
// the shell renders) shares the network or the main thread with them.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetPrincipalQuery } from '../../api/auth-api';
import { useGetConfigurationQuery } from '../../api/configuration-api';
import { isPublicAuthPath } from './constants';

/**
 * Once the page's files are in (the load event: the announced form files included) and the main
 * thread is idle, at most 2 s later. At once where the browser cannot tell (no idle callbacks).
 */
function pageSettled(): Promise<void> {
  if (typeof window.requestIdleCallback !== 'function') return Promise.resolve();
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) =>
          window.addEventListener('load', () => resolve(), { once: true }),
        );
  return loaded.then(
    () =>
      new Promise<void>((resolve) =>
        window.requestIdleCallback(() => resolve(), { timeout: 2000 }),
      ),
  );
}

const SignedInSession = lazy(() => pageSettled().then(() => import('./signed-in-session')));

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
