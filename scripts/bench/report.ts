// One table: each measure with its figure, its anchor from the same run and its budget.
import type { SequentialResult } from './api';
import type { AnonymousVisit, KeystrokeResult } from './browser';
import type { BundleResults } from './bundles';
import type { LighthouseScreen } from './lighthouse';
import { failed, type LoadResult } from './load';
import { ANONYMOUS_SCREENS, LIGHTHOUSE_SCREENS } from './options';
import type { UsableResult } from './usable';
import { FORM_BUDGET, SHELL_BUDGET } from '../bundle-report';

export const KB = 1024;

export interface Row {
  id: string;
  measure: string;
  figure: string;
  anchor: string;
  budget: string;
  /** true/false against the budget; null when only reported (no budget) or skipped. */
  ok: boolean | null;
  skipped?: string;
  /** The numbers behind the row, for the JSON file and the tests. */
  values: Record<string, number>;
}

export interface Results {
  readsPostgres?: { anchor: LoadResult; me: LoadResult; paymentMethods: LoadResult };
  mePglite?: LoadResult;
  addBankAccount?: LoadResult & { database: string };
  acceptClaim?: SequentialResult & { database: string };
  bundles?: BundleResults;
  stockJs?: number;
  anonymous?: AnonymousVisit;
  keysPortal?: KeystrokeResult;
  keysStock?: KeystrokeResult;
  usable?: { portal: UsableResult; stock: UsableResult };
  lighthouse?: LighthouseScreen[];
  skipped: Partial<
    Record<'postgres' | 'api' | 'bundles' | 'keys' | 'usable' | 'lighthouse', string>
  >;
}

/** Keystroke p95 budget in milliseconds, besides the stock page's p95. */
export const KEY_P95_BUDGET = 40;
/** Lighthouse budget of every screen. */
export const LIGHTHOUSE_SCORE_BUDGET = 95;
export const LCP_BUDGET = 2500;

const num = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => `${num(n, n < 10 ? 1 : 0)} ms`;
const kb = (bytes: number) => `${num(bytes / KB, 1)} KB`;
const seconds = (n: number) => `${num(n / 1000, 2)} s`;
/** A figure Lighthouse could not compute (a failed run) shows as a dash. */
const orDash = (n: number, format: (n: number) => string) => (Number.isFinite(n) ? format(n) : '—');
const rps = (r: LoadResult) => `${num(r.requestsPerSecond)} req/s`;
const load = (r: LoadResult) =>
  `${rps(r)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${
    failed(r) ? ` (${r.non2xx} non-2xx, ${r.errors} errors of ${r.total})` : ''
  }`;
const loadValues = (r: LoadResult) => ({
  requestsPerSecond: r.requestsPerSecond,
  p50: r.p50,
  p99: r.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});
/** Keystroke figures; a key under Event Timing's 16 ms threshold shows as "<16". */
const keyMs = (n: number) => (n <= 16 ? '<16 ms' : ms(n));
const phases = (k: KeystrokeResult) =>
  `input delay ${ms(k.phases.inputDelay)}, processing ${ms(k.phases.processing)}, presentation ${ms(k.phases.presentation)}`;

function skippedRow(id: string, measure: string, budget: string, reason: string): Row {
  return { id, measure, figure: '—', anchor: '—', budget, ok: null, skipped: reason, values: {} };
}

export function buildRows(r: Results): Row[] {
  const rows: Row[] = [];
  const apiSkip = r.skipped.api ?? r.skipped.postgres;

  // ---- reads on PostgreSQL against the anchor
  const reads = r.readsPostgres;
  if (reads) {
    const half = reads.anchor.requestsPerSecond / 2;
    const anchorText = `Fastify + pg, 2 indexed queries: ${rps(reads.anchor)}, p99 ${ms(reads.anchor.p99)}`;
    rows.push({
      id: 'me-postgres',
      measure: 'GET /me, signed in, PostgreSQL, 10 connections',
      figure: load(reads.me),
      anchor: anchorText,
      budget: `≥ 0.5x anchor (${num(half)} req/s), p99 ≤ 5 ms`,
      ok: !failed(reads.me) && reads.me.requestsPerSecond >= half && reads.me.p99 <= 5,
      values: { ...loadValues(reads.me), anchorRequestsPerSecond: reads.anchor.requestsPerSecond },
    });
    rows.push({
      id: 'payment-methods-postgres',
      measure: 'GET /payment-methods, same',
      figure: load(reads.paymentMethods),
      anchor: anchorText,
      budget: `≥ 0.5x anchor (${num(half)} req/s)`,
      ok: !failed(reads.paymentMethods) && reads.paymentMethods.requestsPerSecond >= half,
      values: {
        ...loadValues(reads.paymentMethods),
        anchorRequestsPerSecond: reads.anchor.requestsPerSecond,
      },
    });
  } else {
    const reason = apiSkip ?? 'not run';
    rows.push(
      skippedRow(
        'me-postgres',
        'GET /me, signed in, PostgreSQL, 10 connections',
        '≥ 0.5x anchor, p99 ≤ 5 ms',
        reason,
      ),
      skippedRow('payment-methods-postgres', 'GET /payment-methods, same', '≥ 0.5x anchor', reason),
    );
  }
  if (r.mePglite) {
    rows.push({
      id: 'me-pglite',
      measure: 'GET /me on the embedded PGlite',
      figure: load(r.mePglite),
      anchor: '—',
      budget: '≥ 1,000 req/s',
      ok: !failed(r.mePglite) && r.mePglite.requestsPerSecond >= 1000,
      values: loadValues(r.mePglite),
    });
  } else {
    rows.push(
      skippedRow(
        'me-pglite',
        'GET /me on the embedded PGlite',
        '≥ 1,000 req/s',
        r.skipped.api ?? 'not run',
      ),
    );
  }

  // ---- bundles
  const b = r.bundles;
  if (b) {
    rows.push({
      id: 'form-screens',
      measure: 'First load of a form screen (/bank-account, /registration, /zelle), gzipped JS',
      figure: `${kb(b.forms.js)} (${b.forms.route})`,
      anchor: r.stockJs === undefined ? '—' : `stock RJSF page, one chunk: ${kb(r.stockJs)}`,
      budget: `≤ ${kb(FORM_BUDGET)}`,
      ok: b.forms.js <= FORM_BUDGET,
      values: { bytes: b.forms.js, ...(r.stockJs === undefined ? {} : { anchorBytes: r.stockJs }) },
    });
    rows.push({
      id: 'shell-screens',
      measure: 'First load of the signed-in shell (/dashboard, /settings)',
      figure: `${kb(b.shell.js)} (${b.shell.route})`,
      anchor: '—',
      budget: `≤ ${kb(SHELL_BUDGET)}`,
      ok: b.shell.js <= SHELL_BUDGET,
      values: { bytes: b.shell.js },
    });
  } else {
    const reason = r.skipped.bundles ?? 'not run';
    rows.push(
      skippedRow(
        'form-screens',
        'First load of a form screen, gzipped JS',
        `≤ ${kb(FORM_BUDGET)}`,
        reason,
      ),
      skippedRow(
        'shell-screens',
        'First load of the signed-in shell',
        `≤ ${kb(SHELL_BUDGET)}`,
        reason,
      ),
    );
  }
  const a = r.anonymous;
  if (a) {
    const encodings = (v: AnonymousVisit['br']) =>
      Object.entries(v.jsEncodings)
        .map(([encoding, n]) => `${n} ${encoding}`)
        .join(', ') || 'no JS';
    const consoleErrors = a.br.consoleErrors.length + a.gzip.consoleErrors.length;
    rows.push({
      id: 'anonymous-root',
      measure:
        'What an anonymous visitor of / transfers (Chromium, empty cache), JS bytes over the wire',
      figure:
        `${kb(a.br.js)} in ${a.br.scripts.length} files with Accept-Encoding ${a.br.acceptEncoding} (${encodings(a.br)}); ` +
        `${kb(a.gzip.js)} with ${a.gzip.acceptEncoding} only (${encodings(a.gzip)}); ` +
        `${kb(a.br.total)} in all; ${consoleErrors} console errors, ends on ${a.br.finalUrl}`,
      anchor: b ? `/auth/start alone (bundle report): ${kb(b.authStart)}` : '—',
      budget: '≤ 100 KB (br, gzip) and no console error',
      ok: a.br.js <= 100 * KB && consoleErrors === 0,
      values: {
        bytes: a.br.js,
        gzipBytes: a.gzip.js,
        totalBytes: a.br.total,
        gzipTotalBytes: a.gzip.total,
        consoleErrors,
        ...(b ? { anchorBytes: b.authStart } : {}),
      },
    });
  } else {
    rows.push(
      skippedRow(
        'anonymous-root',
        'What an anonymous visitor of / transfers',
        '≤ 100 KB and no console error',
        r.skipped.bundles ?? 'not run',
      ),
    );
  }

  // ---- keystrokes
  const k = r.keysPortal;
  const s = r.keysStock;
  if (k && s) {
    rows.push({
      id: 'keys-latency',
      measure: `Keystroke latency, /bank-account US ACH after a failed submit, CPU 4x (${k.keys} keys)`,
      figure: `p95 ${keyMs(k.p95)}, max ${keyMs(k.max)}, first key ${keyMs(k.firstKey)}`,
      anchor: `stock RJSF + liveValidate: p95 ${keyMs(s.p95)}, max ${keyMs(s.max)}, first key ${keyMs(s.firstKey)}`,
      budget: `p95 ≤ stock p95 (${keyMs(s.p95)}) and ≤ ${KEY_P95_BUDGET} ms`,
      ok: k.p95 <= s.p95 && k.p95 <= KEY_P95_BUDGET,
      values: {
        p95: k.p95,
        max: k.max,
        firstKey: k.firstKey,
        anchorP95: s.p95,
        anchorFirstKey: s.firstKey,
      },
    });
    const worst = Math.max(k.phases.inputDelay, k.phases.processing, k.phases.presentation);
    rows.push({
      id: 'keys-phases',
      measure: 'Keystroke phases (p95 of each over the keys)',
      figure: phases(k),
      anchor: `stock: ${phases(s)}`,
      budget: 'every phase ≤ 40 ms',
      ok: worst <= 40,
      values: { ...k.phases },
    });
  } else {
    const reason = r.skipped.keys ?? 'not run';
    rows.push(
      skippedRow(
        'keys-latency',
        'Keystroke latency, /bank-account US ACH, CPU 4x',
        `p95 ≤ stock p95 and ≤ ${KEY_P95_BUDGET} ms`,
        reason,
      ),
      skippedRow('keys-phases', 'Keystroke phases', 'every phase ≤ 40 ms', reason),
    );
  }

  // ---- time to a usable form
  const u = r.usable;
  if (u) {
    const runs = (x: UsableResult) => x.runs.map((run) => seconds(run.ms)).join(', ');
    rows.push({
      id: 'usable-form',
      measure: `Time to a usable form: /bank-account US ACH signed in, navigation → its first field shows a typed key (CPU 4x, slow 4G, cold cache, median of ${u.portal.runs.length})`,
      figure: `${seconds(u.portal.median)} (${runs(u.portal)})`,
      anchor: `stock RJSF page, gzipped: ${seconds(u.stock.median)} (${runs(u.stock)})`,
      budget: `≤ 1.0x stock (${seconds(u.stock.median)})`,
      ok: u.portal.median <= u.stock.median,
      values: {
        median: u.portal.median,
        anchorMedian: u.stock.median,
        ratio: u.portal.median / u.stock.median,
        runs: u.portal.runs.length,
      },
    });
  } else {
    rows.push(
      skippedRow(
        'usable-form',
        'Time to a usable form: /bank-account US ACH, CPU 4x, slow 4G',
        '≤ 1.0x stock',
        r.skipped.usable ?? 'not run',
      ),
    );
  }

  // ---- Lighthouse, one row per screen
  for (const path of LIGHTHOUSE_SCREENS) {
    const id = `lighthouse-${path.replace(/^\//, '').replace(/[^\w]+/g, '-')}`;
    const l = r.lighthouse?.find((screen) => screen.path === path);
    const budget = `score ≥ ${LIGHTHOUSE_SCORE_BUDGET}, LCP ≤ ${seconds(LCP_BUDGET)}`;
    const measure = (signedIn: boolean) =>
      `Lighthouse 12, mobile preset (slow 4G, CPU 4x): ${path}, ${signedIn ? 'signed in' : 'anonymous'}`;
    if (!l) {
      rows.push(
        skippedRow(
          id,
          measure(!ANONYMOUS_SCREENS.includes(path)),
          budget,
          r.skipped.lighthouse ?? 'not run',
        ),
      );
      continue;
    }
    rows.push({
      id,
      measure: measure(l.signedIn),
      figure:
        `score ${orDash(l.score, String)}, LCP ${orDash(l.lcp, seconds)}, ` +
        `TBT ${orDash(l.tbt, ms)}, CLS ${orDash(l.cls, (n) => num(n, 2))}, ` +
        `${orDash(l.bytes, kb)} transferred, ends on ${l.finalPath}` +
        (l.runtimeError ? ` (error: ${l.runtimeError})` : ''),
      anchor: '—',
      budget,
      ok:
        l.onScreen && !l.runtimeError && l.score >= LIGHTHOUSE_SCORE_BUDGET && l.lcp <= LCP_BUDGET,
      values: {
        score: l.score,
        lcp: l.lcp,
        tbt: l.tbt,
        fcp: l.fcp,
        cls: l.cls,
        bytes: l.bytes,
        onScreen: l.onScreen ? 1 : 0,
      },
    });
  }

  // ---- writes, reported
  if (r.addBankAccount) {
    const w = r.addBankAccount;
    rows.push({
      id: 'write-bank-account',
      measure: `Write: add a bank account (POST, ${w.database}, 10 connections, ${w.total} requests)`,
      figure: load(w),
      anchor: '—',
      budget: 'reported',
      ok: failed(w) ? false : null,
      values: loadValues(w),
    });
  } else
    rows.push(
      skippedRow(
        'write-bank-account',
        'Write: add a bank account',
        'reported',
        apiSkip ?? r.skipped.api ?? 'not run',
      ),
    );
  if (r.acceptClaim) {
    const c = r.acceptClaim;
    rows.push({
      id: 'write-accept-claim',
      measure: `Write: accept a claim with its code (PUT, ${c.database}, one at a time, ${c.count} claims)`,
      figure: `${num(c.requestsPerSecond)} req/s, p50 ${ms(c.p50)}, p99 ${ms(c.p99)}${c.failures ? ` (${c.failures} failed)` : ''}`,
      anchor: '—',
      budget: 'reported',
      ok: c.failures ? false : null,
      values: {
        requestsPerSecond: c.requestsPerSecond,
        p50: c.p50,
        p99: c.p99,
        failures: c.failures,
      },
    });
  } else
    rows.push(
      skippedRow(
        'write-accept-claim',
        'Write: accept a claim',
        'reported',
        apiSkip ?? r.skipped.api ?? 'not run',
      ),
    );
  return rows;
}

const mark = (row: Row) => (row.skipped ? 'skipped' : row.ok === null ? '–' : row.ok ? '✓' : '✗');

/** A Markdown table (readable in a terminal, pasted as is into the README). */
export function formatTable(rows: Row[]): string {
  const cells = [
    ['Measure', 'Figure', 'Anchor, same run', 'Budget', ''],
    ...rows.map((row) => [
      row.measure,
      row.skipped ? `skipped: ${row.skipped}` : row.figure,
      row.anchor,
      row.budget,
      mark(row),
    ]),
  ];
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${cells[0]!.join(' | ')} |`,
    `|${cells[0]!.map(() => '---').join('|')}|`,
    ...cells.slice(1).map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

export const brokenBudgets = (rows: Row[]): Row[] => rows.filter((row) => row.ok === false);
