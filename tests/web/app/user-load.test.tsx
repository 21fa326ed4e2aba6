// User load rules (spec section 4): a 403 signs out; static URLs do not load the user.
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { server } from '../support/server';

describe('user load', () => {
  it('goes to /auth/logout when loading the user answers 403', async () => {
    server.use(
      http.get('/master/funnel/v1/me', () =>
        HttpResponse.json({ code: 403, message: 'Forbidden' }, { status: 403 }),
      ),
    );
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/logout'));
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
