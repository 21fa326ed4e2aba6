// Renders the session controller alone, with the real store, a memory router at a URL and MSW for
// HTTP: the session behaviours are tested without the screens and guards around them.
import { act, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { createStore } from '../../../src/web/app/store';
import { SessionController } from '../../../src/web/features/session';
import { setLoginPagePath } from '../../../src/web/lib/api';
import { initI18n } from '../../../src/web/lib/i18n';
import { setNavigator } from '../../../src/web/lib/navigation';
import { configuration, server } from './server';

export const LOGIN_PAGE_PATH = configuration.appConfig.loginPagePath;

export async function renderSession(url = '/dashboard', { waitForSignIn = true } = {}) {
  await initI18n('en');
  setLoginPagePath(LOGIN_PAGE_PATH);
  const store = createStore();
  const router = createMemoryRouter([{ path: '*', element: <SessionController /> }], {
    initialEntries: [url],
  });
  setNavigator((to) => void router.navigate(to));
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  // The signed-in session marks this window in the currentWindowId cookie as it starts.
  if (waitForSignIn) await waitFor(() => expect(document.cookie).toContain('currentWindowId='));
  return { ...view, router, store };
}

/** Counts the requests to one path (and answers them with `respond`). */
export function countRequests(
  method: 'get' | 'post',
  path: string,
  respond: () => Response = () => new HttpResponse('OK'),
) {
  const calls = { count: 0 };
  server.use(
    http[method](path, () => {
      calls.count += 1;
      return respond();
    }),
  );
  return calls;
}

/** Advances the fake clock (and lets the app react) inside act(). */
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
