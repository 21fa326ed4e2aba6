// Time to a usable bank-account form: from the start of the navigation to the moment the form's
// first field takes a key and shows it, on a cold cache, the CPU throttled 4x and the network at
// "slow 4G" (Chromium's network emulation). The portal's /bank-account, signed in (it opens on the
// user's country, United States, and its first method, ACH), against the stock RJSF page served
// gzipped, under the same conditions.
//
// Each load starts where a visitor comes from: a page of another site (their mail's invitation
// link, the merchant's site). From a blank tab, Chromium keeps the tab's renderer for a page that
// allows it and starts a new one for a page that asks for its own browsing context group (the
// portal's `Cross-Origin-Opener-Policy: same-origin`): the stock page then skipped ~0.1 s a real
// visitor pays for either page, since a page of another site gets a renderer of its own anyway
// (docs/performance.md, 2026-11-28).
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { newContext, sessionCookies } from './browser';
import type { ApiClient } from './client';
import { LOG_DIR } from './processes';

/** "Slow 4G" as Lighthouse names it: 1.6 Mbps down, 750 Kbps up, 150 ms of latency. */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** The field typed into: the first field of the portal's form, the same field on the stock page. */
export const FIRST_FIELD = '#root_nickname';
const KEY = 'x';
/** Milliseconds between two tries. */
const POLL = 50;
const TIMEOUT = 60_000;

export interface UsableRun {
  /** Milliseconds from the navigation's start (the document's time origin) to the shown key. */
  ms: number;
  /** Tries before the key showed (a try: focus the field, press the key, read it a frame later). */
  tries: number;
  /**
   * The requests that finished before then, in the order they started: path, then start and end
   * in milliseconds since the navigation's start (the chain of round trips the page waits on).
   */
  requests: [path: string, start: number, end: number][];
}

export interface UsableResult {
  /** The median of the runs. */
  median: number;
  runs: UsableRun[];
}

type Outcome = 'not yet' | 'focused';

/** One try: the field, if it is there and enabled, is focused; the key follows from outside. */
async function focusField(page: Page, origin: string): Promise<Outcome> {
  return page
    .evaluate(
      ({ selector, origin }) => {
        if (location.origin !== origin) return 'not yet' as const;
        const field = document.querySelector<HTMLInputElement>(selector);
        if (!field || field.disabled || field.readOnly) return 'not yet' as const;
        field.focus();
        return document.activeElement === field ? ('focused' as const) : ('not yet' as const);
      },
      { selector: FIRST_FIELD, origin },
    )
    .catch(() => 'not yet' as const); // the navigation replaced the document meanwhile
}

/** The field's value once the frame after the key is painted, and the time then. */
async function shownAfterFrame(page: Page): Promise<{ value: string; at: number } | null> {
  return page
    .evaluate(
      (selector) =>
        new Promise<{ value: string; at: number }>((resolve) =>
          requestAnimationFrame(() =>
            setTimeout(() =>
              resolve({
                value: document.querySelector<HTMLInputElement>(selector)?.value ?? '',
                at: performance.now(),
              }),
            ),
          ),
        ),
      FIRST_FIELD,
    )
    .catch(() => null);
}

/**
 * One cold page load in a new context: throttled, then navigated; every 50 ms a try focuses the
 * first field and presses a key (a real key event through the DevTools protocol), until the
 * field shows the key once the next frame is painted. The time is the page's own
 * `performance.now()` then: milliseconds since its time origin, the start of the navigation.
 */
async function timeToUsable(
  browser: Browser,
  url: string,
  options: {
    name: string;
    cpuRate: number;
    /** The page of another site the visitor comes from. */
    from: string;
    cookies?: ReturnType<typeof sessionCookies>;
  },
  check?: (page: Page) => Promise<void>,
): Promise<UsableRun> {
  const context = await newContext(browser);
  try {
    if (options.cookies) await context.addCookies(options.cookies);
    const page = await context.newPage();
    await page.goto(options.from);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuRate });
    // BENCH_PROFILE=<dir>: a CPU profile of each load until the form is usable (DevTools, load).
    const profileDir = process.env.BENCH_PROFILE;
    if (profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const { origin } = new URL(url);
    const finished: Request[] = [];
    page.on('requestfinished', (request) => finished.push(request));
    const navigated = page
      .goto(url, { waitUntil: 'load', timeout: TIMEOUT })
      .then(() => null)
      .catch((error: Error) => error);
    const deadline = Date.now() + TIMEOUT;
    let tries = 0;
    while (Date.now() < deadline) {
      if ((await focusField(page, origin)) === 'focused') {
        tries++;
        await page.keyboard.press(KEY);
        const shown = await shownAfterFrame(page);
        if (shown?.value.includes(KEY)) {
          const failed = await navigated;
          if (failed) throw failed;
          if (profileDir) {
            const { profile } = await cdp.send('Profiler.stop');
            mkdirSync(profileDir, { recursive: true });
            writeFileSync(
              join(profileDir, `usable-${options.name}.cpuprofile`),
              JSON.stringify(profile),
            );
          }
          await check?.(page);
          // What the page showed then (after the measure), the last run's kept for a look.
          mkdirSync(LOG_DIR, { recursive: true });
          await page.screenshot({ path: join(LOG_DIR, `usable-${options.name}.png`) });
          const timeOrigin = await page.evaluate(() => performance.timeOrigin);
          const requests = finished
            .map((request): [string, number, number] => {
              const timing = request.timing();
              const start = timing.startTime - timeOrigin;
              return [
                request.url().replace(origin, ''),
                Math.round(start),
                Math.round(start + timing.responseEnd),
              ];
            })
            .filter(([, , end]) => end <= shown.at)
            .sort((a, b) => a[1] - b[1]);
          return { ms: shown.at, tries, requests };
        }
      }
      await page.waitForTimeout(POLL);
    }
    // What the page shows instead, for the error and as a screenshot under test-results/bench.
    const screenshot = join(LOG_DIR, `usable-${options.name}-timeout.png`);
    mkdirSync(LOG_DIR, { recursive: true });
    await page.screenshot({ path: screenshot }).catch(() => undefined);
    const shows = await page
      .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 300) ?? '')
      .catch((error: Error) => error.message);
    throw new Error(
      `${url}: ${FIRST_FIELD} took no key within ${TIMEOUT / 1000} s; the page is at ` +
        `${page.url()} and shows "${shows}" (${screenshot})`,
    );
  } finally {
    await context.close();
  }
}

/** The portal's form must be the one the keystroke measure types into: United States, ACH. */
async function unitedStatesAch(page: Page): Promise<void> {
  const variant = await page.evaluate(() => ({
    countries: [...document.querySelectorAll('select')].map((s) => s.value),
    method: document.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value,
  }));
  if (!variant.countries.includes('US') || variant.method !== 'ACH')
    throw new Error(
      `/bank-account opened on ${JSON.stringify(variant)}, not United States and ACH: ` +
        'the usable-form measure expects the bench user (a US resident) to start there',
    );
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const summary = (runs: UsableRun[]): UsableResult => ({
  median: median(runs.map((r) => r.ms)),
  runs,
});

/**
 * The page a visitor comes from: one of another site than the portal (localhost) and the stock
 * page (127.0.0.1), as an address of its own on the loopback network is.
 */
async function serveArrivalPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Your mail</title><p>An invitation to the portal.</p>');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.2', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.2:${port}/`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

/**
 * `runs` loads of each page, alternating the portal and the stock page (the machine's speed drifts),
 * each in a new context. The session's access window is renewed before each portal load.
 */
export async function measureUsable(
  browser: Browser,
  portal: { browserOrigin: string; client: ApiClient },
  stockOrigin: string,
  options: { runs: number; cpuRate: number },
  log: (line: string) => void,
): Promise<{ portal: UsableResult; stock: UsableResult }> {
  const ours: UsableRun[] = [];
  const stock: UsableRun[] = [];
  const from = await serveArrivalPage();
  try {
    for (let i = 0; i < options.runs; i++) {
      await portal.client.refreshAccess();
      ours.push(
        await timeToUsable(
          browser,
          `${portal.browserOrigin}/bank-account`,
          {
            name: 'portal',
            cpuRate: options.cpuRate,
            from: from.url,
            cookies: sessionCookies(portal.client, portal.browserOrigin),
          },
          unitedStatesAch,
        ),
      );
      stock.push(
        await timeToUsable(browser, `${stockOrigin}/`, {
          name: 'stock',
          cpuRate: options.cpuRate,
          from: from.url,
        }),
      );
      log(
        `  run ${i + 1}/${options.runs}: portal ${Math.round(ours.at(-1)!.ms)} ms, ` +
          `stock ${Math.round(stock.at(-1)!.ms)} ms`,
      );
    }
  } finally {
    await from.close();
  }
  return { portal: summary(ours), stock: summary(stock) };
}
