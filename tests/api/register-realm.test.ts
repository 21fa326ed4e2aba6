// The additional agreements of a merchant that has them (branding.additionalAgreements; the dark
// merchant): both ways of registering refuse a sign-up that does not accept them, with a field error
// the register form shows on the checkbox. Merchants without them are not affected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nightfall from '../../config/merchants/nightfall.json';
import { DATABASE_KINDS } from './support/databases';
import {
  admin,
  Browser,
  createClaim,
  PASSWORD,
  startTestApp,
  uniqueEmail,
  type CreatedClaim,
  type TestApp,
} from './support/harness';

const DARK_HOST = 'dark.localhost:8080';

describe.each(DATABASE_KINDS)('additional agreements on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const nightfallClaim = async (email: string): Promise<CreatedClaim> => {
    const response = await admin<CreatedClaim>(t.app, 'POST', '/claims', {
      email,
      amount: '40.00',
      currency: 'USD',
      merchantId: 'nightfall',
    });
    expect(response.status).toBe(201);
    return response.body.data;
  };

  it('the dark merchant is configured with additional agreements', () => {
    expect(nightfall.configuration.branding.additionalAgreements).toBeDefined();
  });

  it('POST /me refuses a registration without them, then accepts one with them', async () => {
    const email = uniqueEmail('realm-claim');
    const { claim } = await nightfallClaim(email);
    const browser = new Browser(t.app, DARK_HOST);
    const register = (data: Record<string, unknown>) =>
      browser.api('POST', '/me', {
        data: { email, preferredContact: 'EMAIL_ONLY', termsAccepted: true, ...data },
        password: PASSWORD,
        claimId: claim.id,
      });

    const missing = await register({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      expect.objectContaining({
        path: '/additionalAgreementsAccepted',
        keyword: 'required',
        messageKey: 'mustAccept',
      }),
    ]);
    const refused = await register({ additionalAgreementsAccepted: false });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ path: '/additionalAgreementsAccepted', keyword: 'const' }),
    ]);

    const accepted = await register({ additionalAgreementsAccepted: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ email, status: 'CREATED' });
  });

  it('POST /me/confirm refuses a registration without them, then accepts one with them', async () => {
    const email = uniqueEmail('realm-token');
    const { tokenId } = await nightfallClaim(email);
    const browser = new Browser(t.app, DARK_HOST);
    const confirm = (extra: Record<string, unknown>) =>
      browser.api('POST', '/me/confirm', {
        tokenId,
        password: PASSWORD,
        preferredContact: 'EMAIL_ONLY',
        ...extra,
      });

    const missing = await confirm({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      expect.objectContaining({
        path: '/additionalAgreementsAccepted',
        messageKey: 'mustAccept',
        message: 'Please accept the additional agreements to continue.',
      }),
    ]);
    // Nothing was created: the invitation can still be used.
    expect((await browser.api('GET', `/tokens/${tokenId}`)).status).toBe(200);

    const accepted = await confirm({ additionalAgreementsAccepted: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ email, status: 'CREATED' });
  });

  it('a merchant without them registers without the checkbox', async () => {
    const email = uniqueEmail('realm-demo');
    const { claim } = await createClaim(t.app, email);
    const response = await new Browser(t.app, 'localhost:8080').api('POST', '/me', {
      data: { email, preferredContact: 'EMAIL_ONLY', termsAccepted: true },
      password: PASSWORD,
      claimId: claim.id,
    });
    expect(response.status).toBe(200);
  });
});
