// What a resident may add and what a payout method can receive are rule data: country rules narrowed
// by the merchant's configuration, currencies per method, and conversions refused at a stale rate.
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPaypal } from './support/paypal';
import { DATABASE_KINDS } from './support/databases';
import { ecbXml } from './support/ecb-feed';
import { activatedUser, startTestApp, type TestApp } from './support/harness';
import { AUSTRIAN_WIRE, DEBIT_CARD as CARD, US_ACH } from '../fixtures/payout-methods';

type Method = { type: string; currencies?: string[]; bankAccount?: { id: string } };

const ACH = { ...US_ACH, nickname: 'Checking' };

/** A merchant directory whose demo merchant pays only to ACH and WIRE accounts and PayPal. */
function narrowedMerchants(): string {
  const dir = mkdtempSync(join(tmpdir(), 'payee-merchants-'));
  const demo = JSON.parse(readFileSync('config/merchants/demo.json', 'utf8')) as {
    configuration: Record<string, unknown>;
  };
  demo.configuration.payoutTypes = ['ACH', 'WIRE', 'Paypal'];
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'demo.json'), JSON.stringify(demo));
  return dir;
}

/** A feed file (a file:// URL) whose newest rates were published ten days ago. */
function staleRates(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'payee-rates-')), 'eurofxref-hist-90d.xml');
  const date = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  writeFileSync(file, ecbXml([{ date, rates: { USD: '1.0858', GBP: '0.85670' } }]));
  return pathToFileURL(file).href;
}

describe.each(DATABASE_KINDS)('payout rules on %s', (kind) => {
  let fresh: TestApp;
  let narrowed: TestApp;
  beforeAll(async () => {
    fresh = await startTestApp(kind);
    narrowed = await startTestApp(kind, {
      MERCHANTS_DIR: narrowedMerchants(),
      EXCHANGE_RATES_URL: staleRates(),
      EXCHANGE_RATES_MAX_AGE_DAYS: '4',
    });
  });
  afterAll(async () => {
    await fresh?.close();
    await narrowed?.close();
  });

  it('lists what each method can receive and quotes only those currencies', async () => {
    const user = await activatedUser(fresh.app);
    const us = await user.browser.api<Method>('POST', '/payment-methods/bank-accounts', ACH);
    const at = await user.browser.api<Method>(
      'POST',
      '/payment-methods/bank-accounts',
      AUSTRIAN_WIRE,
    );
    expect(us.body.data.currencies).toEqual(['USD']);
    expect(at.body.data.currencies).toEqual(['EUR', 'USD']);
    const atId = at.body.data.bankAccount!.id;
    const quote = await user.browser.api<{ currencies: string[]; source: string; asOf: string }>(
      'GET',
      `/claims/${user.claimId}/quote?targetCurrency=EUR&paymentMethodId=${atId}`,
    );
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({ currencies: ['EUR', 'USD'], targetCurrency: 'EUR' });
    expect(quote.body.data.source).toBeTruthy();
    expect(Date.parse(quote.body.data.asOf)).not.toBeNaN();

    const usId = us.body.data.bankAccount!.id;
    const refused = await user.browser.api(
      'GET',
      `/claims/${user.claimId}/quote?targetCurrency=EUR&paymentMethodId=${usId}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^CurrencyNotReceivable/);
    expect(refused.body.errors?.[0]).toMatchObject({
      path: '/targetCurrency',
      messageKey: 'currency.notReceivable',
    });
    const code = await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      paymentMethodId: usId,
      targetCurrency: 'EUR',
    });
    expect(code.status).toBe(400);
    expect(code.body.message).toMatch(/^CurrencyNotReceivable/);
  });

  it('lets the merchant narrow the types a resident may add, on every create route', async () => {
    const user = await activatedUser(narrowed.app);
    const types = await user.browser.api<{ type: string }[]>(
      'GET',
      '/payment-methods/available-types',
    );
    // A US resident may add ACH, WIRE, RTP, cards, PayPal, Zelle and checks; this merchant pays
    // only ACH, WIRE and PayPal.
    expect(types.body.data.map((t) => t.type)).toEqual(['ACH', 'WIRE', 'Paypal']);
    const card = await user.browser.api('POST', '/payment-methods/debit-card', CARD);
    expect(card.status).toBe(409);
    expect(card.body.message).toMatch(/^PaymentTypeNotOffered/);
    const check = await user.browser.api('POST', '/payment-methods/physical-checks', {});
    expect(check.body.message).toMatch(/^PaymentTypeNotOffered/);
    const rtp = await user.browser.api('POST', '/payment-methods/bank-accounts', {
      ...ACH,
      transferMethod: 'RTP',
    });
    expect(rtp.status).toBe(409);
    expect(rtp.body.message).toMatch(/^PaymentTypeNotOffered/);
    expect((await connectPaypal(user.browser, 'ana.pp@example.com')).location).toBe('/paypal');
  });

  it('refuses to convert at a stale rate, but pays in the claim currency', async () => {
    const user = await activatedUser(narrowed.app);
    const at = await user.browser.api<Method>(
      'POST',
      '/payment-methods/bank-accounts',
      AUSTRIAN_WIRE,
    );
    const id = at.body.data.bankAccount!.id;
    const stale = await user.browser.api(
      'GET',
      `/claims/${user.claimId}/quote?targetCurrency=EUR&paymentMethodId=${id}`,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^ExchangeRateStale/);
    const code = await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      paymentMethodId: id,
      targetCurrency: 'EUR',
    });
    expect(code.status).toBe(409);
    expect(code.body.message).toMatch(/^ExchangeRateStale/);
    const same = await user.browser.api<{ targetAmount: string; source: string }>(
      'GET',
      `/claims/${user.claimId}/quote?targetCurrency=USD&paymentMethodId=${id}`,
    );
    expect(same.status).toBe(200);
    expect(same.body.data.source).toBe('European Central Bank reference rate');
  });

  it("stores the beneficiary's address a cross-border wire needs, and shows it on the method", async () => {
    const user = await activatedUser(fresh.app);
    const ukrainian = {
      countryCode: 'UA',
      transferMethod: 'WIRE',
      nickname: 'Rakhunok',
      iban: 'UA213223130000026007233566001',
      bic: 'EXBSUAUX',
    };
    const missing = await user.browser.api('POST', '/payment-methods/bank-accounts', ukrainian);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/addressLine1', '/addressCity', '/addressCountryCode']),
    );
    const created = await user.browser.api<{
      bankAccount: { address?: Record<string, string> };
      currencies: string[];
    }>('POST', '/payment-methods/bank-accounts', {
      ...ukrainian,
      addressLine1: 'vul. Khreshchatyk 22',
      addressCity: 'Kyiv',
      addressPostalCode: '01001',
      addressCountryCode: 'UA',
    });
    expect(created.status).toBe(200);
    expect(created.body.data.bankAccount.address).toEqual({
      addressLine1: 'vul. Khreshchatyk 22',
      city: 'Kyiv',
      postalCode: '01001',
      countryCode: 'UA',
    });
    expect(created.body.data.currencies).toEqual(['UAH', 'USD', 'EUR']);
    // A domestic ACH account needs none.
    expect((await user.browser.api('POST', '/payment-methods/bank-accounts', ACH)).status).toBe(
      200,
    );
  });
});
