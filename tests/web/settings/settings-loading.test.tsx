// /settings while its payout methods load: the screen stays in sight (heading and profile), the
// methods' part says it is loading, and the cards take its place with their texts — the screen is
// never swapped for the route's spinner while the cards' texts (the 'fields' namespace) load.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bank, useApi } from '../support/payment-methods';
import { renderApp } from '../support/render';
import { server } from '../support/server';

describe('settings while its payout methods load', () => {
  it('keeps the screen in sight and shows the loading status where the cards come', async () => {
    useApi([bank()]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/master/funnel/v1/payment-methods', async () => {
        await held;
        return HttpResponse.json({ data: [bank()] });
      }),
    );
    await renderApp('/settings');
    const methods = await screen.findByRole('region', { name: 'Payout methods' });
    expect(within(methods).getByRole('status')).toHaveTextContent('Loading');
    const heading = screen.getByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.getByText('Ana Lima')).toBeVisible();

    // A suspended screen is hidden (display: none) behind its boundary's spinner: note any.
    const hidden: Element[] = [];
    const observer = new MutationObserver((changes) => {
      for (const { target } of changes)
        if (target instanceof HTMLElement && target.style.display === 'none') hidden.push(target);
    });
    observer.observe(document.body, {
      attributes: true,
      attributeFilter: ['style'],
      subtree: true,
    });
    release();
    const account = await within(methods).findByRole('listitem', { name: 'Main checking' });
    expect(within(account).getByText('First Bank · Transfer method: ACH')).toBeVisible();
    observer.disconnect();
    expect(hidden).toEqual([]);
    expect(heading).toBeVisible();
    expect(within(methods).queryByRole('status')).not.toBeInTheDocument();
  });
});
