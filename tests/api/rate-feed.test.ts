// Reference rates from the ECB's feed (issue 31): the real fetch, parse, store and cache code runs
// against a feed served over HTTP, on each database. A normal day, a holiday gap the 90-day file
// fills, a currency the feed does not publish, a malformed file, a feed that does not answer, and
// two processes due at once (one fetches).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { ApiError } from '../../src/server/errors';
import {
  createExchange,
  ECB_SOURCE,
  SIMULATED_SOURCE,
  type Exchange,
} from '../../src/server/services/exchange-rates';
import { createRateFeed, type RateFeedLog } from '../../src/server/services/rate-feed';
import { DATABASE_KINDS, openTestDatabase } from './support/databases';
import { ecbXml, startFeedServer, type FeedDay, type FeedServer } from './support/ecb-feed';
import { activatedUser, startTestApp } from './support/harness';

const DAILY = '/stats/eurofxref/eurofxref-daily.xml';
const NINETY = '/stats/eurofxref/eurofxref-hist-90d.xml';
const RATES = { USD: '1.0858', JPY: '167.54', GBP: '0.85670', INR: '91.3158' };

const day = (date: string, rates: Record<string, string> = RATES): FeedDay => ({ date, rates });
const without = (code: string): Record<string, string> =>
  Object.fromEntries(Object.entries(RATES).filter(([currency]) => currency !== code));

class Log implements RateFeedLog {
  warnings: string[] = [];
  info(): void {}
  warn(_object: object, message: string): void {
    this.warnings.push(message);
  }
}

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('not refused');
}

describe.each(DATABASE_KINDS)('the reference rate feed on %s', (kind) => {
  let feed: FeedServer;
  let database: DatabaseHandle;
  const opened: DatabaseHandle[] = [];
  beforeAll(async () => {
    feed = await startFeedServer();
  });
  afterEach(async () => {
    feed.requests.length = 0;
    feed.delayMs = 0;
  });
  afterAll(async () => {
    await feed.close();
    for (const handle of opened) await handle.close();
  });

  /** One server process's exchange and feed, with the day it is today. */
  function serverProcess(
    db: DatabaseHandle,
    clock: { now: Date },
    options: { refreshMinutes?: number; timeoutMs?: number; url?: string | null } = {},
  ) {
    const log = new Log();
    const exchange: Exchange = createExchange({
      source: options.url === null ? SIMULATED_SOURCE : ECB_SOURCE,
      now: () => clock.now,
    });
    const rates = createRateFeed(db.db, exchange, {
      url: options.url === null ? null : (options.url ?? feed.url(DAILY)),
      // 0: every check is due, so each step below fetches.
      refreshMinutes: options.refreshMinutes ?? 0,
      timeoutMs: options.timeoutMs ?? 2_000,
      log,
      now: () => clock.now,
    });
    return { exchange, rates, log };
  }

  describe('one process over the days', () => {
    const clock = { now: new Date('2026-12-22T16:30:00Z') };
    let one: ReturnType<typeof serverProcess>;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      opened.push(database);
      one = serverProcess(database, clock);
    });

    it('on a normal day, reads the daily file (and the 90-day file the first time) and quotes from it', async () => {
      feed.serve(DAILY, ecbXml([day('2026-12-22')]));
      feed.serve(
        NINETY,
        ecbXml([day('2026-12-22'), day('2026-12-21', { ...RATES, USD: '1.0800' })]),
      );
      await one.rates.check();
      expect(feed.requests).toEqual([DAILY, NINETY]);
      expect(one.exchange.quote('125.50', 'USD', 'EUR')).toEqual({
        sourceCurrency: 'USD',
        targetCurrency: 'EUR',
        sourceAmount: '125.50',
        rate: '0.920979922638',
        targetAmount: '115.58',
        asOf: '2026-12-22T00:00:00.000Z',
        rateDate: '2026-12-22',
        source: 'European Central Bank reference rate',
        sourceCode: 'ECB',
      });
      // The next day follows the last one: the daily file alone.
      feed.requests.length = 0;
      clock.now = new Date('2026-12-23T16:30:00Z');
      feed.serve(DAILY, ecbXml([day('2026-12-23', { ...RATES, USD: '1.2500' })]));
      await one.rates.check();
      expect(feed.requests).toEqual([DAILY]);
      expect(one.exchange.quote('10.00', 'USD', 'EUR')).toMatchObject({
        rate: '0.8',
        targetAmount: '8.00',
        rateDate: '2026-12-23',
      });
    });

    it('after a holiday gap, fills the missed day from the 90-day file, and uses a missing currency’s latest earlier rate within the age', async () => {
      // Down on Thursday the 24th; Friday the 25th is a TARGET holiday. Monday's daily file has
      // no INR, and the weekdays between need the 90-day file.
      clock.now = new Date('2026-12-28T16:30:00Z');
      feed.serve(DAILY, ecbXml([day('2026-12-28', without('INR'))]));
      feed.serve(
        NINETY,
        ecbXml([
          day('2026-12-28', without('INR')),
          day('2026-12-24', { ...RATES, INR: '90.0000' }),
          day('2026-12-23', { ...RATES, USD: '1.2500' }),
        ]),
      );
      await one.rates.check();
      expect(feed.requests).toEqual([DAILY, NINETY]);
      // INR from the 24th (4 days old: within the age), not from the 23rd it had before.
      expect(one.exchange.quote('1.00', 'EUR', 'INR')).toMatchObject({
        rate: '90',
        rateDate: '2026-12-24',
      });
      expect(one.exchange.quote('100.00', 'USD', 'INR')).toMatchObject({ rateDate: '2026-12-24' });
      expect(one.exchange.quote('1.00', 'EUR', 'USD').rateDate).toBe('2026-12-28');
      // On the 29th it is still 4 days old: the holiday, with no rates published, does not count.
      clock.now = new Date('2026-12-29T16:30:00Z');
      feed.serve(DAILY, ecbXml([day('2026-12-29', without('INR'))]));
      await one.rates.check();
      expect(one.exchange.quote('1.00', 'EUR', 'INR').rateDate).toBe('2026-12-24');
      // The next morning it is 5: refused, with the name the portal translates.
      clock.now = new Date('2026-12-30T09:00:00Z');
      const stale = refusal(() => one.exchange.quote('1.00', 'EUR', 'INR'));
      expect(stale.statusCode).toBe(409);
      expect(stale.message).toMatch(/^ExchangeRateStale: the EUR→INR rate of 2026-12-24/);
      expect(one.exchange.quote('1.00', 'EUR', 'GBP').rateDate).toBe('2026-12-29');
    });

    it('refuses a currency the feed does not publish by name', () => {
      const refused = refusal(() => one.exchange.quote('1.00', 'USD', 'UAH'));
      expect(refused.statusCode).toBe(400);
      expect(refused.message).toMatch(/^UnsupportedCurrency: UAH/);
      expect(one.exchange.currencies).toEqual(['EUR', 'GBP', 'INR', 'JPY', 'USD']);
    });

    it('rejects a malformed file as a whole and keeps the previous rates', async () => {
      const before = one.exchange.quote('100.00', 'USD', 'JPY');
      clock.now = new Date('2026-12-30T16:30:00Z');
      const good = ecbXml([day('2026-12-30', { ...RATES, USD: '2.0000' })]);
      // Cut off in the middle of a day: nothing of it is stored.
      feed.serve(DAILY, good.slice(0, good.indexOf("\t\t\t<Cube currency='GBP'")));
      await one.rates.check();
      // A rate with a decimal comma.
      feed.serve(DAILY, good.replace("rate='2.0000'", "rate='2,0000'"));
      await one.rates.check();
      // An error page instead of the file.
      feed.serve(DAILY, '<html><body>Service unavailable</body></html>');
      await one.rates.check();
      expect(one.log.warnings).toEqual([
        expect.stringMatching(/^exchange rate feed failed: RateFeedError: .*not closed/),
        expect.stringMatching(
          /^exchange rate feed failed: RateFeedError: USD of 2026-12-30: "2,0000" is not a rate/,
        ),
        expect.stringMatching(
          /^exchange rate feed failed: RateFeedError: expected <gesmes:Envelope>/,
        ),
      ]);
      expect(one.exchange.quote('100.00', 'USD', 'JPY')).toEqual(before);
      // Nor is anything stored: a new process reads the same rates.
      const other = serverProcess(database, clock);
      await other.rates.check();
      expect(other.exchange.quote('100.00', 'USD', 'JPY')).toEqual(before);
    });

    it('keeps the previous rates when the feed does not answer, and logs it', async () => {
      const before = one.exchange.quote('100.00', 'USD', 'GBP');
      const slow = serverProcess(database, clock, { timeoutMs: 300 });
      feed.serve(DAILY, 'hang');
      const started = Date.now();
      await slow.rates.check();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(slow.log.warnings).toEqual([
        expect.stringMatching(/^exchange rate feed failed: TimeoutError/),
      ]);
      expect(slow.exchange.quote('100.00', 'USD', 'GBP')).toEqual(before);
      // A feed that answers with an error status is the same.
      feed.serve(DAILY, 503);
      await one.rates.check();
      expect(one.log.warnings.at(-1)).toMatch(/answered 503/);
      expect(one.exchange.quote('100.00', 'USD', 'GBP')).toEqual(before);
    });
  });

  it('with two processes due at once, one fetches and both quote what it stored', async () => {
    const shared = await openTestDatabase(kind);
    opened.push(shared);
    // Two server processes: on PostgreSQL each with a pool of its own.
    const second = shared.url ? await openDatabase({ url: shared.url }) : shared;
    if (second !== shared) opened.unshift(second);
    const clock = { now: new Date('2026-12-22T16:30:00Z') };
    const a = serverProcess(shared, clock, { refreshMinutes: 60 });
    const b = serverProcess(second, clock, { refreshMinutes: 60 });
    feed.serve(DAILY, ecbXml([day('2026-12-22')]));
    feed.serve(NINETY, ecbXml([day('2026-12-22')]));
    feed.delayMs = 200;
    await Promise.all([a.rates.check(), b.rates.check()]);
    expect(feed.requests).toEqual([DAILY, NINETY]);
    // The other one reads the stored rates at its next check, without fetching again.
    await Promise.all([a.rates.check(), b.rates.check()]);
    expect(feed.requests).toEqual([DAILY, NINETY]);
    expect(b.exchange.quote('125.50', 'USD', 'EUR')).toEqual(
      a.exchange.quote('125.50', 'USD', 'EUR'),
    );
    expect(b.exchange.quote('125.50', 'USD', 'EUR').targetAmount).toBe('115.58');
  });

  it('without EXCHANGE_RATES_URL, reads the bundled file as a simulated feed whose newest day is today', async () => {
    const db = await openTestDatabase(kind);
    opened.push(db);
    const clock = { now: new Date('2027-03-10T08:00:00Z') };
    const dev = serverProcess(db, clock, { url: null });
    await dev.rates.check();
    expect(feed.requests).toEqual([]);
    expect(dev.exchange.simulated).toBe(true);
    expect(dev.exchange.quote('125.50', 'USD', 'UAH')).toMatchObject({
      rate: '41.3',
      targetAmount: '5183.15',
      rateDate: '2027-03-10',
      source: 'Payee Portal reference rates (simulated feed)',
      sourceCode: 'PORTAL_REFERENCE_SIMULATED',
    });
  });

  it('an app with EXCHANGE_RATES_URL quotes the feed’s rates with their source and date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    feed.serve(DAILY, ecbXml([day(today)]));
    feed.serve(NINETY, ecbXml([day(today)]));
    const t = await startTestApp(kind, { EXCHANGE_RATES_URL: feed.url(DAILY) });
    try {
      const user = await activatedUser(t.app);
      const quote = await user.browser.api<Record<string, unknown>>(
        'GET',
        `/claims/${user.claimId}/quote?targetCurrency=GBP`,
      );
      expect(quote.status).toBe(200);
      expect(quote.body.data).toMatchObject({
        rate: '0.789003499724',
        rateDate: today,
        source: 'European Central Bank reference rate',
        sourceCode: 'ECB',
        currencies: ['EUR', 'GBP', 'INR', 'JPY', 'USD'],
      });
    } finally {
      await t.close();
    }
  });
});
