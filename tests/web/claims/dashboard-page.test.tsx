// The claims dashboard against the mocked funnel API and the real store: upcoming and past claims,
// accepting with a payout method, a currency and the one-time code, and who may not accept.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../../src/core/types/entities/claim';
import type { PaymentMethod } from '../../../src/core/types/entities/payment-method';
import ClaimsDashboardPage from '../../../src/web/features/claims/components/dashboard-page';
import { renderWithProviders } from '../support/render';
import { handlers, profileWith, server } from '../support/server';

const claim = (over: Partial<Claim>): Claim => ({
  id: 'c-1',
  status: 'CLAIM_CREATED',
  amount: '100.00',
  currency: 'USD',
  merchantName: 'Acme',
  createdAt: '2024-03-05T10:00:00Z',
  ...over,
});

const bank: PaymentMethod = {
  type: 'ACH',
  bankAccount: {
    id: 'b-1',
    nickname: 'Checking',
    preferred: false,
    transferMethod: 'ACH',
    countryCode: 'US',
    accountNumber: '000123456789',
  },
  currencies: ['USD', 'EUR'],
};
const check: PaymentMethod = {
  type: 'PHYSICAL_CHECK',
  physicalCheck: { id: 'pc-1', preferred: true },
  currencies: ['USD'],
};
const pendingZelle: PaymentMethod = {
  type: 'ZELLE',
  zelle: { id: 'z-1', email: 'ana@example.com', phone: '', status: 'AWAITS_OTP', preferred: true },
};

interface Setup {
  claims: Claim[];
  methods?: PaymentMethod[];
  status?: 'ACTIVATED' | 'ON_HOLD' | 'GUARDIAN_CONSENT_PENDING';
}

function mockApi({ claims, methods = [bank, check], status = 'ACTIVATED' }: Setup) {
  const state = { claims: [...claims], claimLoads: 0 };
  const accepts: unknown[] = [];
  const prefixes: string[] = [];
  const codeRequests: unknown[] = [];
  const quotes: { targetCurrency: string | null; paymentMethodId: string | null }[] = [];
  server.use(
    handlers.profile(profileWith({ status })),
    http.get('/master/funnel/v1/claims', () => {
      state.claimLoads++;
      return HttpResponse.json({ data: state.claims });
    }),
    http.get('/master/funnel/v1/payment-methods', () => HttpResponse.json({ data: methods })),
    http.get('/master/funnel/v1/claims/:id/quote', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const target = params.get('targetCurrency') ?? 'USD';
      quotes.push({
        targetCurrency: params.get('targetCurrency'),
        paymentMethodId: params.get('paymentMethodId'),
      });
      const rate = target === 'EUR' ? '0.92' : '1';
      return HttpResponse.json({
        data: {
          sourceCurrency: 'USD',
          targetCurrency: target,
          sourceAmount: '100.00',
          rate,
          targetAmount: target === 'EUR' ? '92.00' : '100.00',
          asOf: '2024-03-05T10:00:00Z',
          source: 'Reference rates',
          currencies: ['EUR', 'GBP', 'USD'],
        },
      });
    }),
    http.post('/master/funnel/v1/claims/:id/accept/otp', async ({ request }) => {
      const body = (await request.json()) as { prefix: string };
      prefixes.push(body.prefix);
      codeRequests.push(body);
      return HttpResponse.json({
        data: { prefix: body.prefix, expiresAt: '2099-01-01T00:00:00Z' },
      });
    }),
    http.put('/master/funnel/v1/claims/:id/accept', async ({ request, params }) => {
      const body = (await request.json()) as {
        otp: string;
        paymentMethodId: string;
        targetCurrency: string;
      };
      accepts.push({ id: params.id, ...body });
      if (body.otp !== '123456') {
        return HttpResponse.json({ code: 400, message: 'Wrong OTP' }, { status: 400 });
      }
      state.claims = state.claims.map((c) =>
        c.id === params.id
          ? {
              ...c,
              status: 'PAYMENT_IN_PROGRESS',
              targetCurrency: body.targetCurrency,
              targetAmount: '92.00',
              destination: {
                paymentMethodId: body.paymentMethodId,
                type: 'ACH',
                nickname: 'Checking',
                accountNumber: '•••• 6789',
              },
            }
          : c,
      );
      return HttpResponse.json({ data: state.claims.find((c) => c.id === params.id) });
    }),
  );
  return { state, accepts, prefixes, codeRequests, quotes };
}

async function renderDashboard() {
  const user = userEvent.setup();
  await renderWithProviders(
    <MemoryRouter>
      <ClaimsDashboardPage />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { user };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('claims dashboard', () => {
  it('splits upcoming and past claims by status, with amount, merchant, date and status', async () => {
    mockApi({
      claims: [
        claim({ id: 'c-1', status: 'CLAIM_CREATED', merchantName: 'Acme' }),
        claim({ id: 'c-2', status: 'CLAIM_ON_HOLD', merchantName: 'Globex' }),
        claim({ id: 'c-3', status: 'PAYMENT_IN_PROGRESS', merchantName: 'Initech' }),
        claim({ id: 'c-4', status: 'PAID', merchantName: 'Umbrella', amount: '1234.5' }),
        claim({ id: 'c-5', status: 'CANCELLED', merchantName: 'Hooli' }),
      ],
    });
    await renderDashboard();
    const upcoming = await waitFor(() => section('Upcoming claims'));
    await within(upcoming).findByRole('listitem', { name: 'Acme' });
    const past = section('Past claims');
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Acme', 'Globex', 'Initech']);
    expect(
      within(past)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Umbrella', 'Hooli']);

    const paid = within(past).getByRole('listitem', { name: 'Umbrella' });
    expect(paid).toHaveTextContent('$1,234.50');
    expect(paid).toHaveTextContent('Mar 5, 2024');
    expect(paid).toHaveTextContent('Paid');
    expect(within(paid).queryByRole('button')).not.toBeInTheDocument();

    const inProgress = within(upcoming).getByRole('listitem', { name: 'Initech' });
    expect(inProgress).toHaveTextContent('Payment in progress');
    expect(within(inProgress).queryByRole('button')).not.toBeInTheDocument();
    // A claim on hold is upcoming but cannot be accepted yet.
    const onHold = within(upcoming).getByRole('listitem', { name: 'Globex' });
    expect(within(onHold).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    const created = within(upcoming).getByRole('listitem', { name: 'Acme' });
    expect(within(created).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(within(created).getByRole('button', { name: 'Cancel claim' })).toBeEnabled();
  });

  it('accepts a claim end to end: method, currency, wrong code, then success and a reload', async () => {
    const api = mockApi({ claims: [claim({ id: 'c-1', status: 'CLAIM_ACKNOWLEDGED' })] });
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));

    // The preferred usable method is preselected.
    const checkRadio = await screen.findByRole('radio', { name: /Paper check/ });
    expect(checkRadio).toBeChecked();
    // A paper check is paid in USD only: no other currency is offered for it.
    const offered = () =>
      within(screen.getByRole('combobox', { name: 'Currency you are paid in' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(offered()).toEqual(['USD']);
    const bankRadio = screen.getByRole('radio', { name: /Checking •••• 6789/ });
    await user.click(bankRadio);
    expect(bankRadio).toBeChecked();

    // The claim's currency first, then a conversion from the quote.
    const currency = screen.getByRole('combobox', { name: 'Currency you are paid in' });
    expect(currency).toHaveValue('USD');
    expect(offered()).toEqual(['USD', 'EUR']);
    // Paid in the claim's own currency: the amount, with no rate of 1 USD to 1 USD.
    expect(await screen.findByText('Paid in USD: no conversion.')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Currency conversion' })).not.toBeInTheDocument();
    await user.selectOptions(currency, 'EUR');
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Currency conversion' })).toHaveTextContent(
        '€92.00',
      ),
    );
    // The rate's date and source are shown; the quote is for the chosen method.
    const conversion = screen.getByRole('group', { name: 'Currency conversion' });
    expect(conversion).toHaveTextContent('Rate as of Mar 5, 2024');
    expect(conversion).toHaveTextContent('Source: Reference rates');
    expect(api.quotes.at(-1)).toEqual({ targetCurrency: 'EUR', paymentMethodId: 'b-1' });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your confirmation code' });
    expect(api.prefixes).toHaveLength(1);
    expect(api.prefixes[0]).toMatch(/^\d{4}$/);
    expect(within(dialog).getByText(api.prefixes[0]!)).toBeInTheDocument();
    // The code is asked for this destination and currency: it cannot accept with another.
    expect(api.codeRequests[0]).toMatchObject({ paymentMethodId: 'b-1', targetCurrency: 'EUR' });

    const input = within(dialog).getByRole('textbox', { name: '6-digit code' });
    await user.type(input, '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That code is not correct or has expired.',
    );

    const loadsBefore = api.state.claimLoads;
    await user.clear(input);
    await user.type(input, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Your claim is accepted. The payment is in progress.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.accepts.at(-1)).toEqual({
      id: 'c-1',
      otp: '123456',
      paymentMethodId: 'b-1',
      targetCurrency: 'EUR',
    });
    const row = await within(section('Upcoming claims')).findByRole('listitem', { name: 'Acme' });
    await waitFor(() => expect(row).toHaveTextContent('Payment in progress'));
    // What the user chose: the amount in the chosen currency and the masked destination.
    expect(row).toHaveTextContent('€92.00 to Checking •••• 6789');
    expect(api.state.claimLoads).toBeGreaterThan(loadsBefore);
    expect(within(row).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('gives focus back to Continue when the code dialog is closed', async () => {
    mockApi({ claims: [claim({ id: 'c-1', status: 'CLAIM_ACKNOWLEDGED' })] });
    // While the code is sent Continue is disabled, and a browser takes focus from a disabled
    // control (jsdom does not): the request's handler moves focus away, as the browser would.
    server.use(
      http.post('/master/funnel/v1/claims/:id/accept/otp', async ({ request }) => {
        const elsewhere = document.body.appendChild(document.createElement('input'));
        elsewhere.focus();
        elsewhere.remove();
        const body = (await request.json()) as { prefix: string };
        return HttpResponse.json({
          data: { prefix: body.prefix, expiresAt: '2099-01-01T00:00:00Z' },
        });
      }),
    );
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await screen.findByRole('radio', { name: /Paper check/ });
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    const dialog = await screen.findByRole('dialog', { name: 'Enter your confirmation code' });
    // Escape, as the browser reports it on a modal <dialog> (jsdom has no such key handling).
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Enter your confirmation code' })).toBeNull(),
    );
    expect(continueButton).toHaveFocus();
  });

  it('says why a conversion is refused at a stale rate, and keeps the claim currency open', async () => {
    mockApi({ claims: [claim({})] });
    server.use(
      http.get('/master/funnel/v1/claims/:id/quote', ({ request }) => {
        const target = new URL(request.url).searchParams.get('targetCurrency');
        if (target === 'USD')
          return HttpResponse.json({
            data: {
              sourceCurrency: 'USD',
              targetCurrency: 'USD',
              sourceAmount: '100.00',
              rate: '1',
              targetAmount: '100.00',
              asOf: '2024-03-05T10:00:00Z',
              source: 'Reference rates',
              currencies: ['USD', 'EUR'],
            },
          });
        return HttpResponse.json(
          { code: 409, message: 'ExchangeRateStale: the USD→EUR rate is too old' },
          { status: 409 },
        );
      }),
    );
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('radio', { name: /Checking •••• 6789/ }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Currency you are paid in' }),
      'EUR',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The exchange rate to EUR is out of date, so we cannot pay you in EUR right now. Choose USD or try again later.',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Currency you are paid in' }),
      'USD',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
  });

  it('shows a Zelle account awaiting its code as not selectable, with a link to verify it', async () => {
    mockApi({ claims: [claim({})], methods: [pendingZelle, bank] });
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const zelle = await screen.findByRole('radio', { name: /Zelle ana@example.com/ });
    expect(zelle).toBeDisabled();
    expect(zelle).not.toBeChecked();
    expect(zelle).toHaveAccessibleDescription(/not verified yet/);
    // Although Zelle is the preferred method, the usable bank account is chosen.
    expect(screen.getByRole('radio', { name: /Checking/ })).toBeChecked();
    // The hint leads to Zelle's verify page (the Zelle edit link), not to the settings.
    expect(screen.getByRole('link', { name: 'Verify Zelle' })).toHaveAttribute('href', '/zelle');
  });

  it('sends a user without payout methods to the settings to add one', async () => {
    mockApi({ claims: [claim({})], methods: [] });
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('link', { name: 'Add one in your settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('lets an ON_HOLD profile see its claims but neither accept nor cancel them, and says why', async () => {
    mockApi({ claims: [claim({ merchantName: 'Acme' })], status: 'ON_HOLD' });
    await renderDashboard();
    expect(
      await screen.findByText(
        'Your account is on hold: you can see your claims but cannot accept or cancel them until the hold is lifted.',
      ),
    ).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Acme' });
    expect(row).toHaveTextContent('$100.00');
    expect(within(row).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel claim' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('offers a minor waiting for consent neither Accept nor Cancel, and says why in one sentence', async () => {
    mockApi({ claims: [claim({ merchantName: 'Acme' })], status: 'GUARDIAN_CONSENT_PENDING' });
    await renderDashboard();
    expect(
      await screen.findByText(
        'You can see your claims here; you can accept or cancel them once your account is activated.',
      ),
    ).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Acme' });
    expect(within(row).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel claim' })).not.toBeInTheDocument();
  });

  it('an ACTIVATED profile gets both actions and no sentence about withheld ones', async () => {
    mockApi({ claims: [claim({ merchantName: 'Acme' })] });
    await renderDashboard();
    const row = await screen.findByRole('listitem', { name: 'Acme' });
    expect(within(row).getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Cancel claim' })).toBeVisible();
    expect(screen.queryByText(/on hold|once your account is activated/)).not.toBeInTheDocument();
  });

  it.each([
    [409, 'ClaimNotCancellable: the claim is PAID', 'This claim can no longer be cancelled'],
    [409, 'ProfileOnHold: claims cannot be cancelled while ON_HOLD', 'Your account is on hold'],
    [400, 'ValidationError: bad id', 'This claim cannot be cancelled.'],
  ])('a refused cancel (%s) says why and never "try again"', async (code, message, reason) => {
    mockApi({ claims: [claim({ id: 'c-9' })] });
    server.use(
      http.put('/master/funnel/v1/claims/:id/cancel', () =>
        HttpResponse.json({ code, message }, { status: code }),
      ),
    );
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Cancel claim' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this claim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel claim' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(alert).not.toHaveTextContent(/try again/i);
    expect(alert).not.toHaveTextContent(message);
  });

  it('a cancel that failed on our side (503) or on the way suggests trying again', async () => {
    mockApi({ claims: [claim({ id: 'c-9' })] });
    server.use(
      http.put('/master/funnel/v1/claims/:id/cancel', () =>
        HttpResponse.json({ code: 503, message: 'ServiceUnavailable: retry' }, { status: 503 }),
      ),
    );
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Cancel claim' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this claim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel claim' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'We could not cancel the claim. Please try again in a moment.',
    );
  });

  it('cancels a claim after confirmation', async () => {
    mockApi({ claims: [claim({ id: 'c-9' })] });
    let cancelled = '';
    server.use(
      http.put('/master/funnel/v1/claims/:id/cancel', ({ params }) => {
        cancelled = String(params.id);
        return HttpResponse.json({ data: claim({ id: 'c-9', status: 'CANCELLED' }) });
      }),
    );
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Cancel claim' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this claim?' });
    expect(dialog).toHaveTextContent('You will not receive $100.00 from Acme.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel claim' }));
    expect(await screen.findByText('The claim is cancelled.')).toBeInTheDocument();
    expect(cancelled).toBe('c-9');
  });
});
