// The whole life of a recipient through the funnel API, and its failure paths, on PGlite and
// (when DATABASE_URL is set) on PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, paymentMethods, profiles, sessions } from '../../src/server/db/schema';
import { DATABASE_KINDS } from './support/databases';
import {
  activatedUser,
  admin,
  type CreatedClaim,
  Browser,
  createClaim,
  latestOtp,
  outbox,
  PASSWORD,
  PERSON,
  registeredUser,
  startTestApp,
  uniqueEmail,
  US_ADDRESS,
  type TestApp,
} from './support/harness';

/** A German WIRE account (masked details as stored): its country rules say it receives EUR. */
const EURO_ACCOUNT = { countryCode: 'DE', nickname: 'Girokonto', iban: 'DE89 •••• 3000' };

describe.each(DATABASE_KINDS)('funnel API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it("links an invitation to its merchant's own portal host, in that merchant's branding", async () => {
    const email = uniqueEmail('nightfall');
    const created = await admin<CreatedClaim>(t.app, 'POST', '/claims', {
      email,
      amount: '40.00',
      currency: 'EUR',
      merchantId: 'nightfall',
    });
    expect(created.status).toBe(201);
    const { claim, inviteUrl } = created.body.data;
    expect(inviteUrl).toBe(`http://dark.localhost:8080/auth/register?claim_id=${claim.id}`);
    expect((await outbox(t.app, email))[0]?.text).toContain(inviteUrl);
  });

  it('walks the whole life: invite → register → sign in → verify → profile → proofing → ACTIVATED → claims', async () => {
    const email = uniqueEmail('life');
    const created = await createClaim(t.app, email, '125.50', 'USD');
    expect(created.inviteUrl).toBe(
      `http://localhost:8080/auth/register?claim_id=${created.claim.id}`,
    );
    const invitation = (await outbox(t.app, email))[0];
    expect(invitation?.text).toContain(`/auth/register?claim_id=${created.claim.id}`);

    const browser = new Browser(t.app);
    expect((await browser.api('GET', `/tokens/${created.claim.id}`)).body.data).toEqual({ email });
    const registered = await browser.api<{ status: string }>('POST', '/me', {
      data: { email, termsAccepted: true },
      password: PASSWORD,
      claimId: created.claim.id,
    });
    expect(registered.status).toBe(200);
    expect(registered.body.data.status).toBe('CREATED');

    const signIn = await browser.signIn(email, PASSWORD, '/registration/verify-account');
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe('/registration/verify-account');
    const session = signIn.cookies.find((c) => c.name === 'pp_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    expect((await browser.api('GET', '/me/status')).body.data).toEqual({ status: 'CREATED' });
    const sent = await browser.api<{ prefix: string }>('POST', '/me/verify/otp', {
      prefix: '4321',
    });
    expect(sent.body.data.prefix).toBe('4321');
    const code = await latestOtp(t.app, email);
    expect(code).toMatch(/^\d{6}$/);
    expect((await outbox(t.app, email))[0]?.text).toContain(`4321-${code}`);
    expect((await browser.api('PUT', '/me/verify', { otp: code })).body.data).toEqual({
      status: 'VERIFIED',
    });

    const saved = await browser.api<{
      person: unknown;
      addresses: { city: string; postalCode: string }[];
    }>('PATCH', '/me', {
      profileType: 'PERSON',
      person: PERSON,
      addresses: [US_ADDRESS],
      phones: [{ number: '+14155550123', phoneType: 'CELL' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.addresses[0]).toMatchObject({
      city: 'New York',
      postalCode: '10118',
      state: 'NY',
    });

    expect((await browser.api('POST', '/id-proofing/start')).body.data).toEqual({
      status: 'ACTIVATED',
    });
    const claims = await browser.api<{ id: string; status: string; amount: string }[]>(
      'GET',
      '/claims',
    );
    expect(claims.body.data).toEqual([
      expect.objectContaining({
        id: created.claim.id,
        status: 'CLAIM_CREATED',
        amount: '125.50',
        currency: 'USD',
        merchantName: 'Acme Refunds',
      }),
    ]);
    expect((await browser.get('/master/auth-app/v1/principal')).body.data).toEqual({
      id: (registered.body.data as unknown as { id: string }).id,
    });
  });

  describe('one-time codes', () => {
    it('refuses a wrong code with "Wrong OTP"', async () => {
      const { browser, email } = await registeredUser(t.app);
      await browser.api('POST', '/me/verify/otp', {});
      const code = await latestOtp(t.app, email);
      const wrong = code === '000000' ? '111111' : '000000';
      const response = await browser.api('PUT', '/me/verify', { otp: wrong });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 400, message: 'Wrong OTP' });
      expect((await browser.api('PUT', '/me/verify', { otp: code })).status).toBe(200);
    });

    it('refuses an expired code', async () => {
      const { browser, email, profileId } = await registeredUser(t.app);
      await browser.api('POST', '/me/verify/otp', {});
      await t.database.db
        .update(oneTimeCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeCodes.profileId, profileId));
      const response = await browser.api('PUT', '/me/verify', {
        otp: await latestOtp(t.app, email),
      });
      expect(response.body.message).toBe('Wrong OTP');
    });

    it('locks a code after five wrong tries, even for the right code on the sixth', async () => {
      const { browser, email } = await registeredUser(t.app);
      await browser.api('POST', '/me/verify/otp', {});
      const code = await latestOtp(t.app, email);
      const wrong = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++)
        expect((await browser.api('PUT', '/me/verify', { otp: wrong })).body.message).toBe(
          'Wrong OTP',
        );
      const sixth = await browser.api('PUT', '/me/verify', { otp: code });
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toMatch(/^TooManyAttempts/);
    });

    it('uses a code once', async () => {
      const { browser, email, profileId } = await registeredUser(t.app);
      await browser.api('POST', '/me/verify/otp', {});
      const code = await latestOtp(t.app, email);
      expect((await browser.api('PUT', '/me/verify', { otp: code })).status).toBe(200);
      await t.database.db
        .update(profiles)
        .set({ status: 'CREATED' })
        .where(eq(profiles.id, profileId));
      expect((await browser.api('PUT', '/me/verify', { otp: code })).body.message).toBe(
        'Wrong OTP',
      );
    });

    it('binds a claim code to its claim: a code for one claim does not accept another', async () => {
      const user = await activatedUser(t.app);
      const second = await createClaim(t.app, user.email, '10.00', 'USD');
      const [method] = await t.database.db
        .insert(paymentMethods)
        .values({ profileId: user.profileId, type: 'WIRE', preferred: true, details: EURO_ACCOUNT })
        .returning();
      await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
        claimId: user.claimId,
        prefix: '1234',
        paymentMethodId: method?.id,
        targetCurrency: 'EUR',
      });
      const code = await latestOtp(t.app, user.email);
      const response = await user.browser.api('PUT', `/claims/${second.claim.id}/accept`, {
        otp: code,
        paymentMethodId: method?.id,
        targetCurrency: 'EUR',
      });
      expect(response.body.message).toBe('Wrong OTP');
      const right = await user.browser.api<{ status: string }>(
        'PUT',
        `/claims/${user.claimId}/accept`,
        { otp: code, paymentMethodId: method?.id, targetCurrency: 'EUR' },
      );
      expect(right.status).toBe(200);
      expect(right.body.data).toMatchObject({
        status: 'PAYMENT_IN_PROGRESS',
        targetCurrency: 'EUR',
        targetAmount: '115.58',
        exchangeRate: '0.920979922638',
      });
    });

    it('limits how many codes an account can request', async () => {
      const { browser } = await registeredUser(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await browser.api('POST', '/me/verify/otp', {})).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses[5]).toBe(429);
    });
  });

  describe('registration', () => {
    it('refuses a taken email with AlreadyExists', async () => {
      const { email } = await registeredUser(t.app);
      const again = await createClaim(t.app, email);
      const response = await new Browser(t.app).api('POST', '/me', {
        data: { email, termsAccepted: true },
        password: PASSWORD,
        claimId: again.claim.id,
      });
      expect(response.status).toBe(409);
      expect(response.body.message).toContain('AlreadyExists');
    });

    it('registers by token and answers 404 TokenNotFound for an unknown one', async () => {
      const email = uniqueEmail('token');
      const { tokenId } = await createClaim(t.app, email);
      const browser = new Browser(t.app);
      const unknown = await browser.api('POST', '/me/confirm', {
        tokenId: 'no-such-token',
        password: PASSWORD,
        preferredContact: 'EMAIL_ONLY',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toContain('TokenNotFound');
      expect((await browser.api('GET', '/tokens/no-such-token')).status).toBe(404);
      const ok = await browser.api<{ email: string; status: string }>('POST', '/me/confirm', {
        tokenId,
        password: PASSWORD,
        preferredContact: 'EMAIL_ONLY',
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ email, status: 'CREATED' });
      await browser.signIn(email);
      expect((await browser.api<unknown[]>('GET', '/claims')).body.data).toHaveLength(1);
    });

    it('applies the register form rules and the common-password blocklist on the server', async () => {
      const email = uniqueEmail('rules');
      const { claim } = await createClaim(t.app, email);
      const browser = new Browser(t.app);
      const register = (password: string, data: object = {}) =>
        browser.api('POST', '/me', {
          data: { email, termsAccepted: true, ...data },
          password,
          claimId: claim.id,
        });
      const short = await register('abc1');
      expect(short.status).toBe(400);
      expect(short.body.errors).toContainEqual(
        expect.objectContaining({
          path: '/password',
          keyword: 'minLength',
          messageKey: 'password.minLength',
        }),
      );
      expect((await register(email.toUpperCase())).body.errors).toContainEqual(
        expect.objectContaining({ path: '/password', keyword: 'isSameValue' }),
      );
      expect((await register('password123')).body.errors).toContainEqual(
        expect.objectContaining({ path: '/password', keyword: 'commonPassword' }),
      );
      expect((await register(PASSWORD, { termsAccepted: false })).body.errors).toContainEqual(
        expect.objectContaining({ path: '/termsAccepted' }),
      );
      expect((await register(PASSWORD)).status).toBe(200);
    });

    it('refuses, with the form-level error email, an address the invitation was not sent to', async () => {
      const owner = uniqueEmail('owner');
      const { claim } = await createClaim(t.app, owner);
      const register = (email: string) =>
        new Browser(t.app).api('POST', '/me', {
          data: { email, termsAccepted: true },
          password: PASSWORD,
          claimId: claim.id,
        });
      const response = await register(uniqueEmail('thief'));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([
        expect.objectContaining({ path: '', keyword: 'email', messageKey: 'email' }),
      ]);
      // The invited address in other letter case is the same address.
      expect((await register(owner.toUpperCase())).status).toBe(200);
    });
  });

  describe('profile lifecycle', () => {
    it('refuses, with 409, a status change that is not an operations move', async () => {
      const { profileId } = await registeredUser(t.app);
      const illegal = await admin(t.app, 'PUT', `/profiles/${profileId}/status`, {
        status: 'ACTIVATED',
      });
      expect(illegal.status).toBe(409);
      expect(illegal.body.message).toMatch(
        /^IllegalStatusTransition: operations may .* not move a CREATED profile to ACTIVATED/,
      );
      expect(
        (await admin(t.app, 'PUT', `/profiles/${profileId}/status`, { status: 'LOCKED' })).status,
      ).toBe(200);
      expect(
        (await admin(t.app, 'PUT', `/profiles/${profileId}/status`, { status: 'NOPE' })).status,
      ).toBe(400);
    });

    it('reaches every proofing outcome through the simulator', async () => {
      const outcomes: Record<string, string> = {
        Fail: 'ID_PROOFING_FAILED',
        Pending: 'ID_PROOFING_PENDING',
        Mismatch: 'NAME_MATCH_FAILED',
        Relationship: 'RELATIONSHIP_VERIFICATION_FAILED',
        Final: 'RELATIONSHIP_VERIFICATION_FAILED_FINAL',
        Lima: 'ACTIVATED',
      };
      for (const [lastName, status] of Object.entries(outcomes)) {
        const user = await activatedUser(t.app, uniqueEmail(lastName.toLowerCase()), {
          ...PERSON,
          lastName,
        });
        expect(user.status, lastName).toBe(status);
      }
    });

    it('validates the profile with the form schemas and names each field', async () => {
      const { browser, email } = await registeredUser(t.app);
      await browser.api('POST', '/me/verify/otp', {});
      await browser.api('PUT', '/me/verify', { otp: await latestOtp(t.app, email) });
      const response = await browser.api('PATCH', '/me', {
        profileType: 'PERSON',
        person: { ...PERSON, firstName: 'An4' },
        addresses: [{ ...US_ADDRESS, zipCode: '1234' }],
        phones: [{ number: '555', phoneType: 'CELL' }],
      });
      expect(response.status).toBe(400);
      expect(response.body.errors?.map((e) => `${e.path} ${e.keyword}`)).toEqual([
        '/person/firstName pattern',
        '/addresses/0/zipCode pattern',
        '/phones/0/number pattern',
      ]);
      expect(response.body.errors?.[0]?.message).toBe(
        'First name may contain only letters, spaces, commas, periods, apostrophes and hyphens.',
      );
    });

    it('refuses identity proofing before the profile is complete', async () => {
      const { browser, email } = await registeredUser(t.app);
      await browser.api('POST', '/me/verify/otp', {});
      await browser.api('PUT', '/me/verify', { otp: await latestOtp(t.app, email) });
      const response = await browser.api('POST', '/id-proofing/start');
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^ProfileIncomplete/);
    });

    it('deletes a phone of the user only', async () => {
      const user = await activatedUser(t.app);
      await user.browser.api('PATCH', '/me', {
        phones: [{ number: '+14155550199', phoneType: 'WORK' }],
      });
      const phones = (await user.browser.api<{ phones: { id: string }[] }>('GET', '/me')).body.data
        .phones;
      const other = await activatedUser(t.app);
      expect((await other.browser.api('DELETE', `/me/phones/${phones[0]?.id}`)).status).toBe(404);
      expect((await user.browser.api('DELETE', `/me/phones/${phones[0]?.id}`)).status).toBe(200);
    });
  });

  describe('sessions and access', () => {
    it('answers 401 when the access window lapsed, refreshes through the login page, then the retry succeeds', async () => {
      const { browser, profileId } = await registeredUser(t.app);
      await t.database.db
        .update(sessions)
        .set({ accessExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.profileId, profileId));
      expect((await browser.api('GET', '/me/status')).status).toBe(401);
      const refresh = await browser.get('/master/auth-app/v1/login');
      expect(refresh.status).toBe(200);
      expect(refresh.raw.headers['content-type']).toMatch(/^text\/plain/);
      expect((await browser.api('GET', '/me/status')).status).toBe(200);
    });

    it('does not refresh an idle session: the login page answers 401 to the portal', async () => {
      const { browser, profileId } = await registeredUser(t.app);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) })
        .where(eq(sessions.profileId, profileId));
      expect((await browser.get('/master/auth-app/v1/login')).status).toBe(401);
      expect((await browser.api('GET', '/me/status')).status).toBe(401);
    });

    it('renders the sign-in form, refuses a wrong password and never redirects off-site', async () => {
      const { email } = await registeredUser(t.app);
      const browser = new Browser(t.app);
      const form = await browser.request(
        'GET',
        '/master/auth-app/v1/login?state=%2Fdashboard',
        undefined,
        { accept: 'text/html' },
      );
      expect(form.raw.body).toContain('name="state" value="/dashboard"');
      expect((await browser.signIn(email, 'wrong-password1')).statusCode).toBe(401);
      expect(
        (await browser.signIn(email, PASSWORD, 'https://evil.example/')).headers.location,
      ).toBe('/');
      expect((await browser.signIn(email, PASSWORD, '//evil.example/')).headers.location).toBe('/');
    });

    it('refuses a sign-in form posted from another site', async () => {
      const { email } = await registeredUser(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/master/auth-app/v1/login',
        headers: {
          host: 'localhost',
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ email, password: PASSWORD, state: '/' }).toString(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.cookies.find((c) => c.name === 'pp_session')).toBeUndefined();
    });

    it('reports whether this session passed the access code, for the registration OTP feature', async () => {
      const { browser, email, profileId } = await registeredUser(t.app);
      expect((await browser.api('POST', '/me/verify-access-otp', { profileId })).body.data).toEqual(
        { status: false },
      );
      await browser.api('POST', '/me/verify/otp', {});
      await browser.api('PUT', '/me/verify', { otp: await latestOtp(t.app, email) });
      expect((await browser.api('POST', '/me/verify-access-otp', { profileId })).body.data).toEqual(
        { status: true },
      );
      // A new sign-in is a new session, which has to pass the code again.
      await browser.signIn(email);
      expect((await browser.api('POST', '/me/verify-access-otp', { profileId })).body.data).toEqual(
        { status: false },
      );
    });

    it('deletes the user: profile and session gone, the claim kept for the merchant', async () => {
      const user = await activatedUser(t.app);
      const elsewhere = new Browser(t.app);
      await elsewhere.signIn(user.email);
      expect((await elsewhere.api('GET', '/me')).status).toBe(200);
      // The password is asked again (issue 29).
      expect((await user.browser.api('DELETE', '/me', { password: PASSWORD })).status).toBe(200);
      expect((await user.browser.api('GET', '/me')).status).toBe(401);
      // Signed out everywhere, and the password no longer signs anyone in.
      expect((await elsewhere.api('GET', '/me')).status).toBe(401);
      await elsewhere.signIn(user.email);
      expect((await elsewhere.api('GET', '/me')).status).toBe(401);
      expect(
        (await t.database.db.select().from(profiles).where(eq(profiles.id, user.profileId))).length,
      ).toBe(0);
      expect((await new Browser(t.app).api('GET', `/tokens/${user.claimId}`)).body.data).toEqual({
        email: user.email,
      });
    });

    it('ends the session on the server at logout', async () => {
      const { browser } = await registeredUser(t.app);
      const cookie = browser.cookie('pp_session');
      const logout = await browser.get('/master/auth-app/v1/logout');
      expect(logout.status).toBe(303);
      expect(logout.raw.headers.location).toBe('/auth/logout-successful');
      const replay = await t.app.inject({
        method: 'GET',
        url: '/master/funnel/v1/me',
        headers: { cookie: `pp_session=${cookie}` },
      });
      expect(replay.statusCode).toBe(401);
    });

    it('refuses a write without the CSRF token', async () => {
      const { browser } = await registeredUser(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/master/funnel/v1/me/verify/otp',
        headers: { cookie: `pp_session=${browser.cookie('pp_session')}` },
        payload: {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/^CsrfTokenMissing/);
    });

    it("keeps one user away from another user's claims and codes", async () => {
      const owner = await activatedUser(t.app);
      const intruder = await activatedUser(t.app);
      for (const [method, path] of [
        ['GET', `/claim/status?claimId=${owner.claimId}`],
        ['GET', `/claims/${owner.claimId}/quote?targetCurrency=EUR`],
        ['POST', `/claims/${owner.claimId}/accept/otp`],
        ['PUT', `/claims/${owner.claimId}/accept`],
        ['PUT', `/claims/${owner.claimId}/cancel`],
        ['POST', '/claims'],
      ] as const) {
        const body =
          method === 'GET'
            ? undefined
            : path === '/claims'
              ? { claimId: owner.claimId }
              : { otp: '123456', paymentMethodId: owner.profileId };
        const response = await intruder.browser.api(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      expect(
        (await intruder.browser.api<unknown[]>('GET', '/claims')).body.data.every(
          (c) => (c as { id: string }).id !== owner.claimId,
        ),
      ).toBe(true);
    });

    it('refuses every non-public route to an anonymous request (route inventory)', async () => {
      const anonymous = new Browser(t.app);
      // The portal's static files are public assets; every API route is listed with its access rule.
      const privateRoutes = t.app.routeInventory.filter(
        (r) => r.url.startsWith('/master/') && !r.public,
      );
      expect(privateRoutes.length).toBeGreaterThan(20);
      for (const route of privateRoutes) {
        const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
        const response = await anonymous.request(
          route.method,
          url,
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        );
        expect(response.status, `${route.method} ${route.url}`).toBe(401);
      }
    });

    it('sends security headers with a CSP that forbids eval', async () => {
      const response = await new Browser(t.app).get('/master/health');
      const csp = String(response.raw.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.raw.headers['x-content-type-options']).toBe('nosniff');
      expect(response.raw.headers['referrer-policy']).toBeDefined();
    });
  });

  describe('claims', () => {
    it('quotes, accepts once in another currency, and lists the claim as in progress', async () => {
      const user = await activatedUser(t.app);
      const [method] = await t.database.db
        .insert(paymentMethods)
        .values({ profileId: user.profileId, type: 'WIRE', preferred: true, details: EURO_ACCOUNT })
        .returning();
      const quote = await user.browser.api<{ rate: string; targetAmount: string }>(
        'GET',
        `/claims/${user.claimId}/quote?targetCurrency=EUR&paymentMethodId=${method?.id}`,
      );
      expect(quote.body.data).toMatchObject({
        rate: '0.920979922638',
        targetAmount: '115.58',
        currencies: ['EUR'],
        source: expect.stringMatching(/reference rates/),
      });
      await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
        claimId: user.claimId,
        paymentMethodId: method?.id,
        targetCurrency: 'EUR',
      });
      const otp = await latestOtp(t.app, user.email);
      const body = { otp, paymentMethodId: method?.id, targetCurrency: 'EUR' };
      const [first, second] = await Promise.all([
        user.browser.api<{ status: string }>('PUT', `/claims/${user.claimId}/accept`, body),
        user.browser.api<{ status: string }>('PUT', `/claims/${user.claimId}/accept`, body),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body.data).toEqual(first.body.data);
      const other = await user.browser.api('PUT', `/claims/${user.claimId}/accept`, {
        ...body,
        targetCurrency: 'GBP',
      });
      expect(other.status).toBe(409);
      const list = await user.browser.api<{ status: string }[]>('GET', '/claims');
      expect(list.body.data[0]).toMatchObject({
        status: 'PAYMENT_IN_PROGRESS',
        targetAmount: '115.58',
      });
      expect((await user.browser.api('PUT', `/claims/${user.claimId}/cancel`)).status).toBe(409);
    });

    it('cancels an upcoming claim', async () => {
      const user = await activatedUser(t.app);
      const response = await user.browser.api<{ status: string }>(
        'PUT',
        `/claims/${user.claimId}/cancel`,
      );
      expect(response.body.data.status).toBe('CANCELLED');
    });

    it("refuses a payout method that is not the user's or awaits its code", async () => {
      const user = await activatedUser(t.app);
      const other = await activatedUser(t.app);
      const [foreign] = await t.database.db
        .insert(paymentMethods)
        .values({
          profileId: other.profileId,
          type: 'PHYSICAL_CHECK',
          preferred: true,
          details: {},
        })
        .returning();
      const [zelle] = await t.database.db
        .insert(paymentMethods)
        .values({
          profileId: user.profileId,
          type: 'ZELLE',
          status: 'AWAITS_OTP',
          preferred: false,
          details: {},
        })
        .returning();
      for (const [id, status] of [
        [foreign?.id, 400],
        [zelle?.id, 409],
      ] as const) {
        // The code is asked for one payout method: a foreign or unconfirmed one is refused there.
        const response = await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
          paymentMethodId: id,
          targetCurrency: 'USD',
        });
        expect(response.status).toBe(status);
      }
      const claim = await t.database.db
        .select()
        .from(profiles)
        .where(and(eq(profiles.id, user.profileId)));
      expect(claim).toHaveLength(1);
    });
  });
});
