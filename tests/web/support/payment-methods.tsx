// Payout method screens rendered with the real store and router pieces, the API mocked with MSW as
// a small stateful list the handlers change.
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ReactElement } from 'react';
import type { PaymentMethod } from '../../../src/core/types/entities/payment-method';
import { configuration, profileWith, server, signedInHandlers } from './server';
import { renderWithProviders } from './render';
import type { Profile } from '../../../src/core/types/entities/profile';

const BASE = '/master/funnel/v1/payment-methods';

export const bank = (over: Record<string, unknown> = {}): PaymentMethod => ({
  type: 'ACH',
  bankAccount: {
    id: '11111111-1111-4111-8111-111111111111',
    nickname: 'Main checking',
    preferred: true,
    transferMethod: 'ACH',
    countryCode: 'US',
    accountType: 'CHECKING',
    accountNumber: '*****6789',
    routingNumber: '*****0021',
    bankName: 'First Bank',
    ...over,
  } as never,
});

export const card: PaymentMethod = {
  type: 'DEBIT_CARD',
  debitCard: {
    id: '22222222-2222-4222-8222-222222222222',
    brand: 'VISA',
    last4: '1111',
    expirationMonth: 3,
    expirationYear: 2031,
    preferred: false,
  },
};

export const zelleAwaiting: PaymentMethod = {
  type: 'ZELLE',
  zelle: {
    id: '33333333-3333-4333-8333-333333333333',
    tokenType: 'ZELLE_EMAIL',
    token: 'ana@example.com',
    email: 'ana@example.com',
    phone: '+15555550100',
    status: 'AWAITS_OTP',
    preferred: false,
  },
};

export interface Api {
  methods: PaymentMethod[];
  calls: { method: string; url: string; body: unknown }[];
}

/** The signed-in user's handlers plus a stateful payout-method API. */
export function useApi(
  methods: PaymentMethod[],
  options: { profile?: Profile; flowType?: string; types?: string[] } = {},
): Api {
  const api: Api = { methods: [...methods], calls: [] };
  const record = async (request: Request) => {
    const text = await request.text();
    api.calls.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
  };
  const config = {
    ...configuration,
    businessRules: { ...configuration.businessRules, flowType: options.flowType ?? 'standard' },
  };
  // The first handler that matches answers: ours before the signed-in defaults.
  server.use(
    http.get('/master/funnel/v1/configs', () => HttpResponse.json({ data: config })),
    http.get(BASE, () => HttpResponse.json({ data: api.methods })),
    http.get(`${BASE}/available-types`, () =>
      HttpResponse.json({
        data: (options.types ?? ['ACH', 'WIRE', 'DEBIT_CARD', 'Paypal']).map((type) => ({
          type,
          maxCount: null,
          count: 0,
        })),
      }),
    ),
    http.post(`${BASE}/preferred`, async ({ request }) => {
      await record(request.clone());
      const { id } = (await request.json()) as { id: string };
      api.methods = api.methods.map((m) => {
        const key = Object.keys(m).find((k) => k !== 'type') as string;
        const details = (m as unknown as Record<string, { id: string }>)[key] as { id: string };
        return { ...m, [key]: { ...details, preferred: details.id === id } } as PaymentMethod;
      });
      return HttpResponse.json({ data: api.methods });
    }),
    http.delete(`${BASE}/debit-card/:id`, async ({ request, params }) => {
      await record(request);
      api.methods = api.methods.filter(
        (m) => !(m.type === 'DEBIT_CARD' && m.debitCard.id === params.id),
      );
      return HttpResponse.json({ data: api.methods });
    }),
    ...signedInHandlers(options.profile ?? profileWith()),
  );
  return api;
}

/** Answers one call with `answer` (given the request body) and keeps every body it was sent. */
export function answer(
  method: 'post' | 'put',
  url: string,
  reply: (body: unknown) => Response | Promise<Response>,
): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      const text = await request.text();
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      bodies.push(body);
      return reply(body);
    }),
  );
  return bodies;
}

/** An API error answer as the server sends it. */
export const apiError = (
  status: number,
  message: string,
  errors?: { path: string; keyword: string; messageKey: string; message: string }[],
) => HttpResponse.json({ code: status, message, ...(errors ? { errors } : {}) }, { status });

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders a page at a URL inside a router that also names the pages it may go to. */
export async function renderPaymentMethodPage(path: string, url: string, page: ReactElement) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}
