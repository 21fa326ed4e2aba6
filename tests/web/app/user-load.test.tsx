// User load rules (spec sections 4 and 8): a 403 signs out, without flashing the server-error
// modal; static URLs do not load the user.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { classifyError } from '../../../src/web/app/error-rules';
import { createStore } from '../../../src/web/app/store';
import { renderApp } from '../support/render';
import { server } from '../support/server';

describe('user load', () => {
  it('goes to /auth/logout when loading the user answers 403, with no server-error modal', async () => {
    server.use(
      http.get('/master/funnel/v1/me', () =>
        HttpResponse.json({ code: 403, message: 'Forbidden' }, { status: 403 }),
      ),
    );
    const modals: unknown[] = [];
    const store = createStore();
    store.subscribe(() => {
      const modal = store.getState().ui.errorModal;
      if (modal) modals.push(modal);
    });
    const { router } = await renderApp('/dashboard', store);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/logout'));
    expect(modals).toEqual([]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('still shows the server-error modal for a 403 of any other request', () => {
    const ctx = { pathname: '/dashboard' };
    expect(classifyError({ status: 403 }, { ...ctx, endpointName: 'getProfile' })).toBe('ignore');
    expect(classifyError({ status: 403 }, { ...ctx, endpointName: 'getClaims' })).toBe('server');
    expect(classifyError({ status: 500 }, { ...ctx, endpointName: 'getProfile' })).toBe('server');
  });

  it('does not load the user on static URLs', async () => {
    let loads = 0;
    server.use(
      http.get('/master/funnel/v1/me', () => {
        loads++;
        return HttpResponse.json({ code: 500 }, { status: 500 });
      }),
    );
    const { router, findByRole } = await renderApp('/static/terms');
    expect(await findByRole('heading', { name: 'Terms of service' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/static/terms');
    expect(loads).toBe(0);
  });
});
