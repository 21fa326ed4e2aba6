// npm run bench — issue 13's and 27's measures in one run, each beside its anchor from the same
// run: signed-in reads on PostgreSQL against a lean Fastify + node-postgres route, /me on PGlite,
// two writes, first-load JavaScript of the portal's screens against a stock RJSF page, the bytes an
// anonymous visitor of / transfers, keystroke latency in Chromium with the CPU throttled 4x, the
// time to a usable bank-account form on a throttled CPU and network against the stock page, and
// Lighthouse's mobile preset on four screens.
// Prints one table and writes test-results/bench.json; with --check exits 1 when a budget is broken.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import {
  measureAcceptClaim,
  measureAddBankAccount,
  measureMe,
  measureReads,
  readerOn,
} from './api';
import {
  anonymousVisit,
  launchBrowser,
  portalKeystrokes,
  stockKeystrokes,
  keyCount,
} from './browser';
import { measureBundles } from './bundles';
import { newSession } from './client';
import { parseOptions, type BenchOptions } from './options';
import { ensurePortalBuilt, killAllNow, REPO_ROOT, stopAll } from './processes';
import { brokenBudgets, buildRows, formatTable, type Results } from './report';
import {
  createDatabase,
  POSTGRES_ADMIN_URL,
  postgresReachable,
  startAnchor,
  startPortal,
  type BenchDatabase,
  type PortalServer,
} from './servers';
import { measureLighthouse } from './lighthouse';
import { buildStockPage, serveStockPage, stockPageJs, type StaticServer } from './stock-page';
import { measureUsable } from './usable';

const CPU_THROTTLE = 4;
const begun = performance.now();
/** Progress on stderr, with the seconds since the start; the table goes to stdout. */
const log = (line: string) =>
  console.error(`[${((performance.now() - begun) / 1000).toFixed(1).padStart(5)} s] ${line}`);

async function postgresVersion(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The server serves the built portal: a server started while dist/web was being rebuilt (its
 * folder emptied first) answers 404 to every screen for its whole life, and every browser measure
 * would fail on that.
 */
async function servesThePortal(server: PortalServer): Promise<void> {
  const response = await fetch(`${server.origin}/auth/start`);
  const body = await response.text();
  if (response.status !== 200 || !body.includes('<script'))
    throw new Error(
      `the portal answers ${response.status} to /auth/start, not the built portal: was dist/web ` +
        `being rebuilt when it started? (${server.child.logFile})\n${body.slice(0, 300)}`,
    );
}

export interface BenchRun {
  date: string;
  machine: { cpus: number; node: string; chromium?: string; postgres?: string };
  options: Pick<
    BenchOptions,
    | 'quick'
    | 'connections'
    | 'seconds'
    | 'bankAccounts'
    | 'claims'
    | 'keyDelay'
    | 'usableRuns'
    | 'lighthouseScreens'
  > & {
    parts: string[];
    cpuThrottle: number;
  };
  rows: ReturnType<typeof buildRows>;
  results: Results;
}

export async function runBench(options: BenchOptions): Promise<BenchRun> {
  const results: Results = { skipped: {} };
  const machine: BenchRun['machine'] = { cpus: cpus().length, node: process.version };
  const { parts } = options;
  let database: BenchDatabase | undefined;
  let browser: Browser | undefined;
  let stock: StaticServer | undefined;
  const servers: PortalServer[] = [];
  const started = async (databaseUrl: string | null) => {
    const server = await startPortal(databaseUrl);
    servers.push(server);
    return server;
  };

  try {
    log('Preparing: the portal build, the stock RJSF page...');
    ensurePortalBuilt(log);
    const browserParts = parts.has('bundles') || parts.has('keys') || parts.has('usable');
    if (browserParts) {
      await buildStockPage();
      results.stockJs = stockPageJs().gzip;
    }

    const unreachable = await postgresReachable();
    if (unreachable) {
      results.skipped.postgres = `PostgreSQL unreachable at ${POSTGRES_ADMIN_URL} (BENCH_POSTGRES_URL)`;
      log(`${results.skipped.postgres}: ${unreachable}`);
    } else {
      machine.postgres = await postgresVersion();
      database = await createDatabase();
    }

    // The server the browser measures use: PostgreSQL when there is one.
    log(
      `Starting the portal on ${database ? `PostgreSQL (database ${database.name})` : 'PGlite'}...`,
    );
    const primary = await started(database?.url ?? null);
    await servesThePortal(primary);
    const reader = await readerOn(primary);

    if (parts.has('api')) {
      if (database) {
        const anchor = await startAnchor(database.url);
        log('Reads on PostgreSQL:');
        results.readsPostgres = await measureReads(primary, anchor, reader, options, log);
        await anchor.stop();
      }
      log(`Writes on ${primary.kind}: add bank accounts, accept claims...`);
      results.addBankAccount = {
        ...(await measureAddBankAccount(primary, options)),
        database: primary.kind,
      };
      results.acceptClaim = {
        ...(await measureAcceptClaim(primary, options, log)),
        database: primary.kind,
      };
    } else results.skipped.api = 'not asked for (--only)';

    if (browserParts) {
      browser = await launchBrowser();
      machine.chromium = browser.version();
    }
    if (parts.has('bundles')) {
      log('Bundles: the manifest, then an anonymous visit of / in Chromium...');
      results.bundles = await measureBundles();
      results.anonymous = await anonymousVisit(browser!, primary.browserOrigin);
    } else results.skipped.bundles = 'not asked for (--only)';

    if (parts.has('keys')) {
      log(
        `Keystrokes (${keyCount(options.typedFields)} keys, CPU ${CPU_THROTTLE}x): the portal, then the stock page...`,
      );
      stock ??= await serveStockPage();
      const session = await newSession(reader);
      const typing = {
        rate: CPU_THROTTLE,
        keyDelay: options.keyDelay,
        fields: options.typedFields,
      };
      results.keysPortal = await portalKeystrokes(browser!, primary.browserOrigin, session, typing);
      results.keysStock = await stockKeystrokes(browser!, stock.origin, typing);
    } else results.skipped.keys = 'not asked for (--only)';

    if (parts.has('usable')) {
      log(
        `Time to a usable bank-account form (CPU ${CPU_THROTTLE}x, slow 4G, cold cache, ` +
          `${options.usableRuns} load(s) of each page): the portal and the stock page in turn...`,
      );
      stock ??= await serveStockPage();
      const session = await newSession(reader);
      results.usable = await measureUsable(
        browser!,
        { browserOrigin: primary.browserOrigin, client: session },
        stock.origin,
        { runs: options.usableRuns, cpuRate: CPU_THROTTLE },
        log,
      );
    } else results.skipped.usable = 'not asked for (--only)';

    if (parts.has('lighthouse')) {
      // Lighthouse's own Chromium; the other one is no longer needed.
      await browser?.close();
      browser = undefined;
      log(`Lighthouse (mobile preset) on ${options.lighthouseScreens.join(', ')}...`);
      const session = await newSession(reader);
      const lighthouse = await measureLighthouse(
        primary.browserOrigin,
        session,
        options.lighthouseScreens,
        log,
      );
      results.lighthouse = lighthouse.screens;
      machine.chromium ??= lighthouse.chromium;
      if (options.quick)
        results.skipped.lighthouse = `--quick runs Lighthouse on ${options.lighthouseScreens.join(', ')} only`;
    } else results.skipped.lighthouse = 'not asked for (--only)';

    if (parts.has('api')) {
      // PGlite on its own, the PostgreSQL server stopped (two cores: one server at a time).
      let pglite = primary;
      if (primary.kind !== 'pglite') {
        await primary.stop();
        log('Starting the portal on PGlite...');
        pglite = await started(null);
      }
      const user = pglite === primary ? reader : await readerOn(pglite);
      log('GET /me on PGlite');
      results.mePglite = await measureMe(pglite, user, options);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await stock?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await stopAll();
    await database
      ?.drop()
      .catch((error: Error) => log(`dropping ${database?.name}: ${error.message}`));
  }

  return {
    date: new Date().toISOString(),
    machine,
    options: {
      quick: options.quick,
      connections: options.connections,
      seconds: options.seconds,
      bankAccounts: options.bankAccounts,
      claims: options.claims,
      keyDelay: options.keyDelay,
      usableRuns: options.usableRuns,
      lighthouseScreens: options.lighthouseScreens,
      parts: [...parts],
      cpuThrottle: CPU_THROTTLE,
    },
    rows: buildRows(results),
    results,
  };
}

async function main(argv: string[]): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseOptions(argv, join(REPO_ROOT, 'test-results/bench.json'));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  // Whatever happens, no server is left behind.
  process.once('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killAllNow();
      process.exit(130);
    });

  const run = await runBench(options);
  const file = resolve(options.jsonFile);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);

  const { machine } = run;
  console.log(
    `\nnpm run bench — ${run.date.slice(0, 10)}, ${machine.cpus} cores, Node ${machine.node.replace(/^v/, '')}, ` +
      `PostgreSQL ${machine.postgres ?? '—'}, Chromium ${machine.chromium ?? '—'}${options.quick ? ' (--quick)' : ''}\n`,
  );
  console.log(formatTable(run.rows));
  console.log(`\nResults: ${file}`);
  const broken = brokenBudgets(run.rows);
  if (broken.length) {
    console.log(`${broken.length} budget(s) broken: ${broken.map((r) => r.id).join(', ')}`);
    if (options.check) return 1;
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
