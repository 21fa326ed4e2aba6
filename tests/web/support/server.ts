// The mocked HTTP layer: a small in-memory stand-in for the funnel API that tests adjust per case.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import demo from '../../../config/merchants/demo.json';
import type { Profile } from '../../../src/core/types/entities/profile';

export const configuration = demo.configuration;

export const profileWith = (over: Partial<Profile> = {}): Profile => ({
  id: 'p-1',
  status: 'ACTIVATED',
  email: 'ana@example.com',
  profileType: 'PERSON',
  person: { firstName: 'Ana', lastName: 'Lima' },
  addresses: [],
  phones: [],
  guardians: [],
  minors: [],
  isMinor: false,
  ...over,
});

export const handlers = {
  configs: () =>
    http.get('/master/funnel/v1/configs', () => HttpResponse.json({ data: configuration })),
  principal: (signedIn = true) =>
    http.get('/master/auth-app/v1/principal', () =>
      signedIn
        ? HttpResponse.json({ data: { id: 'p-1' } })
        : HttpResponse.json({ code: 401, message: 'Unauthorized' }, { status: 401 }),
    ),
  profile: (profile: Profile = profileWith()) =>
    http.get('/master/funnel/v1/me', () => HttpResponse.json({ data: profile })),
  status: (status = 'ACTIVATED') =>
    http.get('/master/funnel/v1/me/status', () => HttpResponse.json({ data: { status } })),
  loginPage: (ok = true) =>
    http.get(configuration.appConfig.loginPagePath, () =>
      ok ? new HttpResponse('OK') : new HttpResponse('Unauthorized', { status: 401 }),
    ),
  paymentMethods: () =>
    http.get('/master/funnel/v1/payment-methods', () => HttpResponse.json({ data: [] })),
  claims: () => http.get('/master/funnel/v1/claims', () => HttpResponse.json({ data: [] })),
  /** The payout method types a user may add, none added yet. */
  availableTypes: () =>
    http.get('/master/funnel/v1/payment-methods/available-types', () =>
      HttpResponse.json({
        data: ['ACH', 'WIRE', 'DEBIT_CARD', 'Paypal'].map((type) => ({
          type,
          maxCount: null,
          count: 0,
        })),
      }),
    ),
  /** A verification code sent (the screen that asks for it sends one as it opens). */
  verifyCode: () =>
    http.post('/master/funnel/v1/me/verify/otp', async ({ request }) => {
      const { prefix } = (await request.json()) as { prefix: string };
      return HttpResponse.json({ data: { prefix, expiresAt: '2030-01-01' } });
    }),
  /** No rules published since the build: every form uses its built validator. */
  rulesValidators: () =>
    http.get('/master/rules/validators', () =>
      HttpResponse.json({ data: { rulesVersion: 0, variants: [], transferMethods: [] } }),
    ),
};

/** A signed-in user with the given profile, everything else empty. */
export const signedInHandlers = (profile: Profile = profileWith()) => [
  handlers.configs(),
  handlers.principal(true),
  handlers.profile(profile),
  handlers.status(profile.status),
  handlers.loginPage(true),
  handlers.paymentMethods(),
  handlers.claims(),
  handlers.rulesValidators(),
  // Asked by screens a test may reach without looking at them (after a redirect or sign-out).
  handlers.availableTypes(),
  handlers.verifyCode(),
];

export const server = setupServer(...signedInHandlers());
