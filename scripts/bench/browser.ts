// Debian's Chromium through playwright-core (tests/support/chromium.ts, as the e2e tests launch it): the bytes
// an anonymous visitor of `/` transfers, and keystroke latency (Event Timing) with the CPU throttled.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../../tests/support/chromium';
import { SESSION_COOKIE, type ApiClient } from './client';
import { REPO_ROOT } from './processes';
import { percentile } from './stats';

export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser };

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  context.setDefaultTimeout(20_000);
  return context;
}

/** The cookies of `client` (the session and the CSRF token) for the browser's origin. */
export const sessionCookies = (client: ApiClient, browserOrigin: string) =>
  [...client.cookies].map(([name, value]) => ({
    name,
    value,
    url: browserOrigin,
    httpOnly: name === SESSION_COOKIE,
    sameSite: 'Lax' as const,
  }));

// ---- what an anonymous visitor of `/` downloads ------------------------------------------------

/** One response as it came over the wire. */
export interface Transfer {
  url: string;
  status: number;
  /** Its Content-Encoding ("identity" when none). */
  encoding: string;
  script: boolean;
  /** Bytes received for it: the response headers and the body as sent (compressed or not). */
  bytes: number;
}

export interface VisitTransfers {
  /** The Accept-Encoding every request of the visit sent. */
  acceptEncoding: string;
  finalUrl: string;
  /** Bytes transferred for the JavaScript responses (headers and encoded body). */
  js: number;
  /** Bytes transferred for every response of the visit, the document and redirects included. */
  total: number;
  /** The JavaScript responses (status 200). */
  scripts: string[];
  /** How many JavaScript responses came with each Content-Encoding. */
  jsEncodings: Record<string, number>;
  consoleErrors: string[];
  responses: Transfer[];
}

export interface AnonymousVisit {
  /** Chromium's own Accept-Encoding (br, gzip): what a visitor transfers. */
  br: VisitTransfers;
  /** The same visit offering gzip only. */
  gzip: VisitTransfers;
}

/** Waits until the URL has not changed for `quietMs` and the network is idle. */
async function settle(page: Page, quietMs = 1000, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let url = page.url();
  let since = Date.now();
  while (Date.now() < deadline) {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(100);
    if (page.url() !== url) {
      url = page.url();
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}

/**
 * Chromium with no cookies and an empty cache opens `/` (every request offering `acceptEncoding`)
 * and follows what happens until the URL and the network are quiet; each response counts the
 * bytes that came over the wire for it (Playwright's request sizes: Chromium's encodedDataLength,
 * the headers and the body as sent).
 */
export async function visitTransfers(
  browser: Browser,
  origin: string,
  acceptEncoding: string,
): Promise<VisitTransfers> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding },
  });
  context.setDefaultTimeout(20_000);
  try {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
    const finished: Promise<Transfer>[] = [];
    page.on('requestfinished', (request) => {
      finished.push(
        (async () => {
          const [response, sizes] = await Promise.all([request.response(), request.sizes()]);
          const headers = (await response?.allHeaders()) ?? {};
          const contentType = headers['content-type'] ?? '';
          return {
            url: request.url().replace(origin, ''),
            status: response?.status() ?? 0,
            encoding: headers['content-encoding'] ?? 'identity',
            script: request.resourceType() === 'script' || /javascript/.test(contentType),
            bytes: sizes.responseHeadersSize + sizes.responseBodySize,
          };
        })(),
      );
    });
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await settle(page);
    const responses = await Promise.all(finished);
    const scripts = responses.filter((r) => r.script && r.status === 200);
    const jsEncodings: Record<string, number> = {};
    for (const s of scripts) jsEncodings[s.encoding] = (jsEncodings[s.encoding] ?? 0) + 1;
    return {
      acceptEncoding,
      finalUrl: page.url().replace(origin, ''),
      js: scripts.reduce((sum, s) => sum + s.bytes, 0),
      total: responses.reduce((sum, r) => sum + r.bytes, 0),
      scripts: scripts.map((s) => s.url),
      jsEncodings,
      consoleErrors,
      responses,
    };
  } finally {
    await context.close();
  }
}

/** The anonymous visit of `/` twice: with Chromium's Accept-Encoding, then offering gzip only. */
export async function anonymousVisit(browser: Browser, origin: string): Promise<AnonymousVisit> {
  return {
    br: await visitTransfers(browser, origin, 'br, gzip'),
    gzip: await visitTransfers(browser, origin, 'gzip'),
  };
}

// ---- keystroke latency ---------------------------------------------------------------------------

/**
 * The fields typed into, by the input id RJSF gives them (root_<field>), in the form's order
 * (ui-schemas/bank-account.json), and the keys typed. The order matters: on the portal, typing
 * the routing number after the nickname has shown frames presented up to a second late.
 */
export const TYPED: readonly (readonly [field: string, text: string])[] = [
  ['nickname', 'Household bills'],
  ['routingNumber', '021000021'],
  ['accountNumber', '123456789012'],
  ['accountNumberConfirmation', '123456789012'],
];
/** The keys typed into the first `fields` fields of TYPED. */
export const keyCount = (fields = TYPED.length): number =>
  TYPED.slice(0, fields).reduce((n, [, text]) => n + text.length, 0);
/** Event Timing reports only events of at least this duration (its smallest threshold). */
export const EVENT_THRESHOLD = 16;

interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

declare global {
  interface Window {
    __benchEvents?: EventEntry[];
  }
}

/** Runs before the page's own scripts: every Event Timing entry of 16 ms or more, kept. */
function observeEvents(threshold: number): void {
  const events: EventEntry[] = [];
  window.__benchEvents = events;
  new PerformanceObserver((list) => {
    // interactionId is in Chromium (Event Timing) but not yet in TypeScript's DOM library.
    for (const entry of list.getEntries() as (PerformanceEventTiming & {
      interactionId?: number;
    })[]) {
      events.push({
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
        interactionId: entry.interactionId ?? 0,
      });
    }
  }).observe({
    type: 'event',
    durationThreshold: threshold,
    buffered: true,
  } as PerformanceObserverInit);
}

export interface Interaction {
  /** INP-style: the longest event of the interaction (keydown, keypress, keyup). */
  latency: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

export interface KeystrokeResult {
  keys: number;
  /** Keys whose interaction stayed under 16 ms (Event Timing reports nothing for them). */
  underThreshold: number;
  p95: number;
  max: number;
  firstKey: number;
  /** p95 of each phase over the keys (a key under the threshold counts 0 in each). */
  phases: { inputDelay: number; processing: number; presentation: number };
  maxPhases: { inputDelay: number; processing: number; presentation: number };
  interactions: Interaction[];
}

/**
 * Interactions from Event Timing entries, INP-style: entries grouped by interactionId, the
 * latency is the longest duration. Its phases: the input delay until the first handler of that
 * event ran, the processing of its own handlers (keydown and keypress share one start time; the
 * beforeinput and input events they cause carry no interactionId and are counted in when they
 * start within that processing), and the presentation delay from the end of that processing to the
 * next frame presented. (web-vitals' attribution would count all the events handled before the
 * frame as processing — with keys queued behind a late frame that would lump in other keys' work.)
 */
export function interactionsOf(entries: EventEntry[]): Interaction[] {
  const groups = new Map<number, EventEntry[]>();
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    groups.set(entry.interactionId, [...(groups.get(entry.interactionId) ?? []), entry]);
  }
  return [...groups.values()]
    .map((group) => {
      const longest = group.reduce((a, b) => (b.duration > a.duration ? b : a));
      const dispatch = group.filter((e) => Math.abs(e.startTime - longest.startTime) < 0.5);
      const dispatchEnd = Math.max(...dispatch.map((e) => e.processingEnd));
      const caused = entries.filter(
        (e) =>
          !e.interactionId &&
          (e.name === 'beforeinput' || e.name === 'input') &&
          e.startTime >= longest.startTime &&
          e.startTime <= dispatchEnd,
      );
      const own = [...dispatch, ...caused];
      const processingStart = Math.min(...own.map((e) => e.processingStart));
      const processingEnd = Math.max(...own.map((e) => e.processingEnd));
      const end = longest.startTime + longest.duration;
      return {
        startTime: longest.startTime,
        latency: longest.duration,
        inputDelay: Math.max(0, processingStart - longest.startTime),
        processing: Math.max(0, processingEnd - processingStart),
        presentation: Math.max(0, end - processingEnd),
      };
    })
    .sort((a, b) => a.startTime - b.startTime)
    .map(({ startTime: _start, ...interaction }) => interaction);
}

export function summarise(interactions: Interaction[], keys: number): KeystrokeResult {
  const measured = interactions.slice(0, keys);
  const under = keys - measured.length;
  // A key with no entry took under 16 ms: counted at the threshold, an upper bound.
  const latencies = [
    ...measured.map((i) => i.latency),
    ...Array<number>(under).fill(EVENT_THRESHOLD),
  ];
  const phase = (name: keyof Omit<Interaction, 'latency'>) => [
    ...measured.map((i) => i[name]),
    ...Array<number>(under).fill(0),
  ];
  const max = (values: number[]) => (values.length ? Math.max(...values) : 0);
  return {
    keys,
    underThreshold: under,
    p95: percentile(latencies, 95),
    max: max(latencies),
    firstKey: measured[0]?.latency ?? EVENT_THRESHOLD,
    phases: {
      inputDelay: percentile(phase('inputDelay'), 95),
      processing: percentile(phase('processing'), 95),
      presentation: percentile(phase('presentation'), 95),
    },
    maxPhases: {
      inputDelay: max(phase('inputDelay')),
      processing: max(phase('processing')),
      presentation: max(phase('presentation')),
    },
    interactions: measured,
  };
}

export interface Typing {
  /** The CPU throttling rate (4: four times slower). */
  rate: number;
  /** Milliseconds between two keys. */
  keyDelay: number;
  /** How many fields of TYPED are typed into. */
  fields: number;
}

/** Types TYPED into the page's fields, one key at a time, and reads the interactions. */
async function typeKeys(
  { page, cdp }: ThrottledPage,
  typing: Typing,
  name: string,
): Promise<KeystrokeResult> {
  // BENCH_PROFILE=<dir>: a CPU profile of the keys, to open in DevTools (Performance, load).
  const profileDir = process.env.BENCH_PROFILE;
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  // BENCH_TRACE=<dir>: a Chromium trace of the keys (style, layout, paint beside the scripts), to
  // load in DevTools' Performance panel.
  const traceDir = process.env.BENCH_TRACE;
  const browser = page.context().browser();
  if (traceDir && browser) {
    mkdirSync(traceDir, { recursive: true });
    await browser.startTracing(page, {
      path: join(traceDir, `keys-${name}.trace.json`),
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    });
  }
  const mark = await page.evaluate(() => performance.now());
  let keys = 0;
  for (const [field, text] of TYPED.slice(0, typing.fields)) {
    // Focus without a click: the click would be an interaction of its own.
    await page.locator(`#root_${field}`).focus();
    for (const char of text) {
      await page.keyboard.type(char);
      keys++;
      await page.waitForTimeout(typing.keyDelay);
    }
  }
  // Event Timing entries are delivered after the frame is presented.
  await page.waitForTimeout(1500);
  if (profileDir) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(join(profileDir, `keys-${name}.cpuprofile`), JSON.stringify(profile));
  }
  if (traceDir && browser) await browser.stopTracing();
  const entries = await page.evaluate(
    (since) => (window.__benchEvents ?? []).filter((e) => e.startTime >= since),
    mark,
  );
  if (process.env.BENCH_DUMP_EVENTS) console.log(JSON.stringify(entries));
  return summarise(interactionsOf(entries), keys);
}

interface ThrottledPage {
  page: Page;
  cdp: CDPSession;
}

async function throttledPage(context: BrowserContext, rate: number): Promise<ThrottledPage> {
  await context.addInitScript(observeEvents, EVENT_THRESHOLD);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { page, cdp };
}

type Texts = Record<string, unknown>;
const locale = (ns: string): Texts =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'locales/en', `${ns}.json`), 'utf8')) as Texts;
const text = (bundle: Texts, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], bundle);
  if (typeof value !== 'string') throw new Error(`locales/en has no "${key}"`);
  return value;
};
const exactly = (label: string) =>
  new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`, 'i');

/**
 * The portal's /bank-account, signed in with the session of `client`: United States and ACH above
 * the form, a submit of the empty form (the errors show and live validation starts), the keys.
 */
export async function portalKeystrokes(
  browser: Browser,
  browserOrigin: string,
  client: ApiClient,
  options: Typing,
): Promise<KeystrokeResult> {
  const context = await newContext(browser);
  try {
    await context.addCookies(sessionCookies(client, browserOrigin));
    const throttled = await throttledPage(context, options.rate);
    const { page } = throttled;
    const common = locale('common');
    await page.goto(`${browserOrigin}/bank-account`);
    await page
      .getByRole('heading', {
        level: 1,
        name: text(common, 'payoutMethods.bankAccount.createTitle'),
      })
      .waitFor();
    await page
      .getByLabel(exactly(text(common, 'form.picker.country')))
      .first()
      .selectOption('US');
    await page.locator('input[type="radio"][value="ACH"]').check();
    await page.locator('#root_nickname').waitFor();
    await page
      .getByRole('button', { name: exactly(text(common, 'payoutMethods.bankAccount.add')) })
      .click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    return await typeKeys(throttled, options, 'portal');
  } finally {
    await context.close();
  }
}

/**
 * The stock RJSF page: a click on its submit button (the browser's own validation refuses the
 * empty form, as a stock page does; live validation is on from the start), then the same keys.
 */
export async function stockKeystrokes(
  browser: Browser,
  origin: string,
  options: Typing,
): Promise<KeystrokeResult> {
  const context = await newContext(browser);
  try {
    const throttled = await throttledPage(context, options.rate);
    const { page } = throttled;
    await page.goto(`${origin}/`);
    await page.locator('#root_nickname').waitFor();
    await page.locator('button[type="submit"]').click();
    return await typeKeys(throttled, options, 'stock');
  } finally {
    await context.close();
  }
}
