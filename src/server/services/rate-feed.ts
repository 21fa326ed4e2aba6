// Keeps the reference rates current (issue 31): fetches the feed on a schedule, one process at a
// time, stores each publication day in exchange_rates, and hands every process's exchange the
// newest stored rates.
//
// - The feed is EXCHANGE_RATES_URL (http(s)://, file:// or a path) in the ECB's XML. When it is the
//   ECB's daily file, the 90-day file beside it fills gaps: it is read too when a weekday between
//   the newest stored date and the daily file's date has no rates (the first fetch, or a process
//   that was down over a publication).
// - Without EXCHANGE_RATES_URL the bundled config/exchange-rates/eurofxref-hist-90d.xml is read as
//   a simulated feed (development and tests, no network): the same parser and store, with its
//   dates moved forward so its newest day is today, so development never runs into the age limit.
// - With the job engine on (JOBS, jobs/engine.ts) the fetch is its 'exchange-rates' job: once per
//   cluster per interval, retried on failure (`fetch`); each process then only reloads on its
//   timer. The row's due time still decides the fetch at start (rates before the first request).
// - Without the job engine: each process checks every CHECK_EVERY_MS; the feed's row in
//   exchange_rate_feeds says when the next fetch is due, and the process whose UPDATE moves it one
//   interval forward is the one that fetches (a row lock, so with several processes exactly one
//   fetches per interval; one that dies mid-way is replaced at the next interval).
// - A file that does not parse, or a feed that does not answer within the timeout, stores nothing:
//   the previous rates stay, the failure is logged and kept in the row, the next try comes after
//   RETRY_MS.
// - Each process reloads its in-memory rates when the row's stored_at moves (new or corrected
//   rates); quotes never wait on the database or the feed.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { exchangeRateFeeds, exchangeRates } from '../db/schema';
import { REPO_ROOT } from '../../core/schemas/catalog';
import { MAX_FEED_BYTES, parseEcbRates, RateFeedError, type EcbDay } from './ecb-rates';
import type { Exchange } from './exchange-rates';

/** The simulated feed's file: the ECB's 90-day XML, with the currencies the portal pays in. */
export const BUNDLED_RATES_FILE = join(REPO_ROOT, 'config/exchange-rates/eurofxref-hist-90d.xml');
const DAILY = 'eurofxref-daily.xml';
const NINETY_DAYS = 'eurofxref-hist-90d.xml';

export interface RateFeedLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface RateFeedOptions {
  /** EXCHANGE_RATES_URL; null reads the bundled file as a simulated feed. */
  url: string | null;
  /** How often the feed is fetched (EXCHANGE_RATES_REFRESH_MINUTES). */
  refreshMinutes: number;
  log: RateFeedLog;
  /** A feed that has not answered after this long fails (10 s). */
  timeoutMs?: number;
  /** How often this process looks for a due fetch and for newer stored rates (60 s). */
  checkEveryMs?: number;
  /** After a failed fetch, the next try (5 min, at most the refresh interval). */
  retryMs?: number;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const dateOf = (time: number): string => new Date(time).toISOString().slice(0, 10);
/** How long a starting process waits for the rates another process is fetching. */
const START_WAIT_MS = 20_000;

/** The text of a feed file: over HTTP(S) within the timeout, or from the disk. */
export async function readFeed(location: string, timeoutMs: number): Promise<string> {
  if (/^https?:\/\//i.test(location)) {
    const response = await fetch(location, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/xml, text/xml' },
      redirect: 'follow',
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new RateFeedError(`${location} answered ${response.status}`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_FEED_BYTES) {
      await response.body?.cancel();
      throw new RateFeedError('the file is larger than a rate feed');
    }
    return response.text();
  }
  const path = location.startsWith('file:') ? fileURLToPath(location) : resolve(location);
  return readFile(path, 'utf8');
}

/** The 90-day file beside the ECB's daily file, or null for any other file. */
export function ninetyDayFileOf(location: string): string | null {
  const base = location.split(/[?#]/)[0] ?? '';
  return base.endsWith(`/${DAILY}`) || base === DAILY
    ? `${base.slice(0, -DAILY.length)}${NINETY_DAYS}`
    : null;
}

/** True when a Monday-to-Friday date lies strictly between `older` and `newer`. */
function weekdayBetween(older: string, newer: string): boolean {
  for (let day = dayOf(older) + DAY_MS; day < dayOf(newer); day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return true;
  }
  return false;
}

export function createRateFeed(db: Database, exchange: Exchange, options: RateFeedOptions) {
  const feed = exchange.simulated ? 'SIMULATED' : 'ECB';
  const location = options.url ?? BUNDLED_RATES_FILE;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const refreshMs = options.refreshMinutes * 60_000;
  const retryMs = Math.min(options.retryMs ?? 5 * 60_000, refreshMs);
  const now = options.now ?? (() => new Date());
  let loadedStoredAt: string | null | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  /** Moves the due time one interval forward if it has come: true for the one process that did. */
  async function claim(): Promise<boolean> {
    await db
      .insert(exchangeRateFeeds)
      .values({ feed, dueAt: new Date(0) })
      .onConflictDoNothing();
    const claimed = await db
      .update(exchangeRateFeeds)
      .set({ dueAt: sql`now() + make_interval(secs => ${refreshMs / 1000})` })
      .where(and(eq(exchangeRateFeeds.feed, feed), lte(exchangeRateFeeds.dueAt, sql`now()`)))
      .returning({ feed: exchangeRateFeeds.feed });
    return claimed.length === 1;
  }

  async function newestStored(): Promise<string | null> {
    const [row] = await db
      .select({ date: exchangeRates.rateDate })
      .from(exchangeRates)
      .where(eq(exchangeRates.feed, feed))
      .orderBy(desc(exchangeRates.rateDate))
      .limit(1);
    return row?.date ?? null;
  }

  /** The simulated feed's days moved forward whole days, so that its newest day is today. */
  function rolled(days: EcbDay[]): EcbDay[] {
    const newest = days[0]?.date;
    if (!exchange.simulated || !newest) return days;
    const today = dateOf(now().getTime());
    const shift = dayOf(today) - dayOf(newest);
    if (shift <= 0) return days;
    return days.map((day) => ({ ...day, date: dateOf(dayOf(day.date) + shift) }));
  }

  /** Reads the feed (and the 90-day file for a gap) and stores every day in one transaction. */
  async function fetchAndStore(): Promise<number> {
    let days = rolled(parseEcbRates(await readFeed(location, timeoutMs)).days);
    const ninetyDays = ninetyDayFileOf(location);
    const stored = await newestStored();
    const newest = days[0]?.date ?? '';
    if (ninetyDays && (!stored || (newest > stored && weekdayBetween(stored, newest)))) {
      const history = parseEcbRates(await readFeed(ninetyDays, timeoutMs)).days;
      const published = new Set(days.map((day) => day.date));
      days = [...days, ...history.filter((day) => !published.has(day.date))];
    }
    const rows = days.flatMap(({ date, rates }) =>
      Object.entries(rates).map(([currency, perEuro]) => ({
        feed,
        rateDate: date,
        currency,
        perEuro,
      })),
    );
    return db.transaction(async (tx) => {
      let changed = 0;
      // In slices: one statement's parameters stay well under PostgreSQL's 65535.
      for (let at = 0; at < rows.length; at += 2000) {
        const written = await tx
          .insert(exchangeRates)
          .values(rows.slice(at, at + 2000))
          .onConflictDoUpdate({
            target: [exchangeRates.feed, exchangeRates.rateDate, exchangeRates.currency],
            set: { perEuro: sql`excluded.per_euro`, storedAt: sql`now()` },
            // A day published again unchanged is not a change: the caches stay as they are.
            setWhere: sql`${exchangeRates.perEuro} <> excluded.per_euro`,
          })
          .returning({ currency: exchangeRates.currency });
        changed += written.length;
      }
      await tx
        .update(exchangeRateFeeds)
        .set({
          fetchedAt: sql`now()`,
          lastError: null,
          ...(changed ? { storedAt: sql`now()` } : {}),
        })
        .where(eq(exchangeRateFeeds.feed, feed));
      return changed;
    });
  }

  /** Each currency's latest stored rate, into the exchange. */
  async function load(storedAt: string | null): Promise<void> {
    const rows = await db
      .selectDistinctOn([exchangeRates.currency], {
        currency: exchangeRates.currency,
        date: exchangeRates.rateDate,
        perEuro: exchangeRates.perEuro,
      })
      .from(exchangeRates)
      .where(eq(exchangeRates.feed, feed))
      .orderBy(exchangeRates.currency, desc(exchangeRates.rateDate));
    exchange.replace({
      rates: Object.fromEntries(
        rows.map((row) => [row.currency, { perEuro: row.perEuro, date: row.date }]),
      ),
    });
    loadedStoredAt = storedAt;
  }

  /** The row's stored_at moved since this process loaded: reload its rates. */
  async function reloadIfChanged(): Promise<void> {
    const [row] = await db
      .select({ storedAt: exchangeRateFeeds.storedAt })
      .from(exchangeRateFeeds)
      .where(eq(exchangeRateFeeds.feed, feed));
    const storedAt = row?.storedAt?.toISOString() ?? null;
    if (storedAt !== loadedStoredAt) await load(storedAt);
  }

  /** The failure kept in the row and logged; the previous rates stay. */
  async function recordFailure(error: unknown, retryAfterMs: number | null): Promise<void> {
    const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    const message =
      (error instanceof Error ? `${error.name}: ${error.message}` : String(error)) +
      (typeof cause === 'string' ? ` (${cause})` : '');
    options.log.warn({ feed, url: location, err: error }, `exchange rate feed failed: ${message}`);
    await db
      .update(exchangeRateFeeds)
      .set({
        lastError: message.slice(0, 500),
        ...(retryAfterMs === null
          ? {}
          : { dueAt: sql`now() + make_interval(secs => ${retryAfterMs / 1000})` }),
      })
      .where(eq(exchangeRateFeeds.feed, feed));
  }

  async function tick(): Promise<void> {
    if (await claim()) {
      try {
        const changed = await fetchAndStore();
        options.log.info({ feed, url: location, changed }, 'exchange rates fetched');
      } catch (error) {
        // Another process (or this one) tries again after RETRY_MS.
        await recordFailure(error, retryMs);
      }
    }
    await reloadIfChanged();
  }

  return {
    feed,
    /** One check: fetch when due (this process holding the turn), reload when newer rates are stored. */
    check(): Promise<void> {
      running ??= tick().finally(() => (running = null));
      return running;
    },
    /**
     * The job engine's run: fetches and stores now (the engine ran it once for the cluster), moves
     * the due time one interval on, reloads this process. Throws on failure, for the engine to retry.
     */
    async fetch(): Promise<number> {
      await db
        .insert(exchangeRateFeeds)
        .values({ feed, dueAt: new Date(0) })
        .onConflictDoNothing();
      try {
        const changed = await fetchAndStore();
        await db
          .update(exchangeRateFeeds)
          .set({ dueAt: sql`now() + make_interval(secs => ${refreshMs / 1000})` })
          .where(eq(exchangeRateFeeds.feed, feed));
        options.log.info({ feed, url: location, changed }, 'exchange rates fetched');
        await reloadIfChanged();
        return changed;
      } catch (error) {
        await recordFailure(error, null);
        throw error;
      }
    },
    /**
     * The first check (rates before the first request), then one every CHECK_EVERY_MS: a fetch
     * when due and a reload, or only the reload when the job engine fetches (`scheduled`).
     */
    async start(scheduled = false): Promise<void> {
      await this.check();
      // Processes starting together: the one holding the first fetch stores the rates a moment
      // later; the others wait for them (bounded) rather than refuse every currency for a minute.
      for (let waited = 0; !exchange.currencies.length && waited < START_WAIT_MS; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        await reloadIfChanged();
      }
      timer = setInterval(() => {
        (scheduled ? reloadIfChanged() : this.check()).catch((error: unknown) =>
          options.log.warn({ feed, err: error }, 'exchange rates could not be checked'),
        );
      }, options.checkEveryMs ?? 60_000);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
export type RateFeed = ReturnType<typeof createRateFeed>;
