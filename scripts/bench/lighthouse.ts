// Lighthouse 12 (its Node API, the default mobile preset: simulated slow 4G and a 4x slower CPU)
// on the portal's screens, in Debian's Chromium launched here with a remote-debugging port that
// Lighthouse connects to. The anonymous start page first, with no cookie; then the signed-in
// screens with the bench user's session cookies set in the browser's default context, the one
// whose new tab Lighthouse opens. Lighthouse's storage reset (on by default) empties the HTTP
// cache and the origin's caches before each screen but never cookies (its clearStorageTypes), so
// each screen loads cold and signed in; the final URL it reports says which screen was measured.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Flags, Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, sessionCookies } from './browser';
import type { ApiClient } from './client';
import { ANONYMOUS_SCREENS } from './options';
import { freePort, LOG_DIR } from './processes';

export interface LighthouseScreen {
  path: string;
  signedIn: boolean;
  /** Where the run ended (path and query of Lighthouse's finalDisplayedUrl). */
  finalPath: string;
  /** The final URL's path is the screen asked for (not a sign-in redirect, not an error page). */
  onScreen: boolean;
  /** The performance score, 0–100 (NaN when Lighthouse could not score the page). */
  score: number;
  /** Largest Contentful Paint and Total Blocking Time, simulated, in milliseconds. */
  lcp: number;
  tbt: number;
  fcp: number;
  /** Cumulative Layout Shift (a quarter of the score). */
  cls: number;
  /** Bytes transferred for the page (total-byte-weight). */
  bytes: number;
  runtimeError?: string;
  warnings: string[];
  /** The first run failed (runtimeError) and this is the second. */
  retried: boolean;
  /** The HTML report, under test-results/bench. */
  report: string;
  lighthouseVersion: string;
  /** Seconds the run took. */
  seconds: number;
}

const numeric = (lhr: Result, audit: string): number => lhr.audits[audit]?.numericValue ?? NaN;
const reportName = (path: string) =>
  `lighthouse-${path.replace(/^\//, '').replace(/[^\w]+/g, '-') || 'root'}.report.html`;

export async function measureLighthouse(
  browserOrigin: string,
  client: ApiClient,
  screens: readonly string[],
  log: (line: string) => void,
): Promise<{ screens: LighthouseScreen[]; chromium: string }> {
  const { default: lighthouse } = await import('lighthouse');
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    headless: true,
  });
  try {
    // The browser's own session: cookies without a browserContextId go to the default context.
    const cdp = await browser.newBrowserCDPSession();
    const results: LighthouseScreen[] = [];
    mkdirSync(LOG_DIR, { recursive: true });
    for (const path of screens) {
      const signedIn = !ANONYMOUS_SCREENS.includes(path);
      await cdp.send('Storage.clearCookies', {});
      if (signedIn) {
        await client.refreshAccess();
        await cdp.send('Storage.setCookies', { cookies: sessionCookies(client, browserOrigin) });
      }
      const flags: Flags = {
        port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The default, said out loud: caches emptied before the load, cookies kept.
        disableStorageReset: false,
      };
      const begun = performance.now();
      let run = await lighthouse(`${browserOrigin}${path}`, flags);
      // A run Lighthouse could not score (NO_FCP and the like, seen when dist/web was rebuilt
      // under the running server) is tried once more; a second failure is reported as it is.
      const firstError = run?.lhr.runtimeError;
      if (firstError) {
        log(`  ${path}: ${firstError.code}, trying once more`);
        run = await lighthouse(`${browserOrigin}${path}`, flags);
      }
      if (!run) throw new Error(`Lighthouse answered nothing for ${path}`);
      const { lhr } = run;
      const report = join(LOG_DIR, reportName(path));
      writeFileSync(report, Array.isArray(run.report) ? run.report.join('\n') : run.report);
      const final = new URL(lhr.finalDisplayedUrl);
      const score = lhr.categories.performance?.score;
      const screen: LighthouseScreen = {
        path,
        signedIn,
        finalPath: `${final.pathname}${final.search}`,
        onScreen: final.origin === browserOrigin && final.pathname === path,
        score: typeof score === 'number' ? Math.round(score * 100) : NaN,
        lcp: numeric(lhr, 'largest-contentful-paint'),
        tbt: numeric(lhr, 'total-blocking-time'),
        fcp: numeric(lhr, 'first-contentful-paint'),
        cls: numeric(lhr, 'cumulative-layout-shift'),
        bytes: numeric(lhr, 'total-byte-weight'),
        ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.message } : {}),
        warnings: lhr.runWarnings.map(String),
        retried: !!firstError,
        report,
        lighthouseVersion: lhr.lighthouseVersion,
        seconds: (performance.now() - begun) / 1000,
      };
      results.push(screen);
      log(
        `  ${path}: score ${screen.score}, LCP ${Math.round(screen.lcp)} ms, ` +
          `TBT ${Math.round(screen.tbt)} ms, CLS ${screen.cls.toFixed(2)}, ` +
          `${Math.round(screen.bytes / 1024)} KB, ` +
          `ends on ${screen.finalPath} (${screen.seconds.toFixed(0)} s)`,
      );
    }
    return { screens: results, chromium: browser.version() };
  } finally {
    await browser.close().catch(() => undefined);
  }
}
