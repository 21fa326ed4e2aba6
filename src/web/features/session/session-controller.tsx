// The session behaviours of a signed-in user (spec sections 1 and 4): idle warning and sign-out,
// keepalive, live status changes, one window at a time, the pinned back button and the access
// OTP check. Renders nothing, and does nothing, for anonymous visitors and on the auth pages.
// The behaviours are their own chunk, loaded once someone is signed in and the page has loaded:
// a screen's first paint, and the form a page loads, wait for none of them (on a slow network
// their chunk and first calls shared it with the bank-account form's files: ~3% of the time to a
// usable form, docs/performance.md).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetPrincipalQuery } from '../../api/auth-api';
import { useGetConfigurationQuery } from '../../api/configuration-api';
import { isPublicAuthPath } from './constants';

const SignedInSession = lazy(() => import('./signed-in-session'));

/** True once the page has loaded (every file it announced is in) and the browser has been idle. */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const idle = () => {
      (window.requestIdleCallback ?? setTimeout)(() => setLoaded(true));
    };
    if (document.readyState === 'complete') return idle();
    window.addEventListener('load', idle, { once: true });
    return () => window.removeEventListener('load', idle);
  }, []);
  return loaded;
}

export function SessionController() {
  const { pathname } = useLocation();
  const configuration = useGetConfigurationQuery();
  const principal = useGetPrincipalQuery(undefined, { skip: isPublicAuthPath(pathname) });
  const loaded = usePageLoaded();
  if (!principal.isSuccess || !configuration.data || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <SignedInSession configuration={configuration.data} />
    </Suspense>
  );
}
