// The session behaviours of a signed-in user (spec sections 1 and 4): idle warning and sign-out,
// keepalive, live status changes, one window at a time, the pinned back button and the access
// OTP check. Renders nothing, and does nothing, for anonymous visitors and on the auth pages.
// The behaviours are their own chunk, loaded once someone is signed in and the page's files are
// in and it has gone idle: neither a screen's first paint nor its form (whose files are still
// arriving as the shell renders) shares the network or the main thread with them.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetPrincipalQuery } from '../../api/auth-api';
import { useGetConfigurationQuery } from '../../api/configuration-api';
import { isPublicAuthPath } from './constants';

/** A file the page announced (`modulepreload`) that has not arrived yet, as it arrives. */
const arrival = (link: HTMLLinkElement): Promise<void> | null =>
  performance.getEntriesByName(link.href).length
    ? null
    : new Promise((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      });

/**
 * Once every file the page announced is in (the shell's, the screen's and, on a form screen, the
 * form's, which the page script announces late: core/routes/page-script.ts) and the main thread
 * is idle, at most 2 s after. At once where the browser cannot tell (no idle callbacks).
 */
function pageSettled(): Promise<void> {
  if (typeof window.requestIdleCallback !== 'function') return Promise.resolve();
  const arriving = [
    ...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
  ].flatMap((link) => arrival(link) ?? []);
  return Promise.all(arriving).then(
    () =>
      new Promise<void>((resolve) =>
        window.requestIdleCallback(() => resolve(), { timeout: 2000 }),
      ),
  );
}

const SignedInSession = lazy(() => pageSettled().then(() => import('./signed-in-session')));
/** With the access OTP on, its check (one of the behaviours) waits for nothing. */
const SignedInSessionAtOnce = lazy(() => import('./signed-in-session'));

export function SessionController() {
  const { pathname } = useLocation();
  const configuration = useGetConfigurationQuery();
  const principal = useGetPrincipalQuery(undefined, { skip: isPublicAuthPath(pathname) });
  if (!principal.isSuccess || !configuration.data) return null;
  const Behaviours =
    configuration.data.businessRules.UserRegistrationOTPEnabled === true
      ? SignedInSessionAtOnce
      : SignedInSession;
  return (
    <Suspense fallback={null}>
      <Behaviours configuration={configuration.data} />
    </Suspense>
  );
}
