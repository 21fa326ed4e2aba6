// The processes a bench run starts — the portal server (`scripts/start.ts`, as `npm start` runs
// it), the anchor server, the static server of the stock page — each on a free port, each stopped
// by its pid at the end, failure or not.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { buildValidators, VALIDATORS_DIR } from '../../src/core/build/build-validators';
import { REPO_ROOT } from '../../src/core/schemas/catalog';

export { REPO_ROOT };
export const LOG_DIR = join(REPO_ROOT, 'test-results/bench');
const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// ---- the portal build (the approach of tests/e2e/global-setup.ts) ----------------------------

const WEB_SOURCES = ['src/web', 'locales', 'vite.config.ts'];
const BUILT = join(REPO_ROOT, 'dist/web');

/** Newest modification time under a file or folder (0 when it does not exist). */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function portalIsStale(): boolean {
  const index = join(BUILT, 'index.html');
  const manifest = join(BUILT, '.vite/manifest.json');
  if (!existsSync(index) || !existsSync(manifest)) return true;
  const builtAt = Math.min(statSync(index).mtimeMs, statSync(manifest).mtimeMs);
  return WEB_SOURCES.some((source) => newestMtime(join(REPO_ROOT, source)) > builtAt);
}

/** Builds the validators when missing and the portal when dist/web is older than its sources. */
export function ensurePortalBuilt(log: (line: string) => void): void {
  if (!existsSync(join(VALIDATORS_DIR, 'manifest.json'))) buildValidators();
  if (!portalIsStale()) return;
  log('dist/web is missing or stale: building the portal (vite build)...');
  // A production bundle whatever NODE_ENV the bench runs with (vitest sets "test").
  execFileSync(join(REPO_ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

// ---- child processes ---------------------------------------------------------------------------

export interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

/** Every child started and not yet stopped, for the cleanup on failure or Ctrl-C. */
const running = new Set<Child>();

/**
 * Starts `tsx <script>` in its own process group (so tsx and the node it runs stop together), its
 * output appended to test-results/bench/<name>.log rather than piped (a busy server logging at
 * `info` never waits on us).
 */
export function startScript(name: string, script: string, env: NodeJS.ProcessEnv): Child {
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = join(LOG_DIR, `${name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(TSX, [script], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', fd, fd],
    env,
  });
  closeSync(fd);
  const handle: Child = {
    name,
    process: child,
    logFile,
    async stop() {
      running.delete(handle);
      const pid = child.pid;
      if (child.exitCode !== null || child.signalCode !== null || !pid) return;
      const exited = new Promise((r) => child.once('exit', r));
      const signal = (sig: NodeJS.Signals) => {
        try {
          process.kill(-pid, sig);
        } catch {
          // already gone
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(handle);
  return handle;
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/** Synchronous last resort (process exit): SIGKILL to each group still running. */
export function killAllNow(): void {
  for (const child of running) {
    if (child.process.pid && child.process.exitCode === null) {
      try {
        process.kill(-child.process.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  running.clear();
}

const tail = (file: string) => {
  try {
    return readFileSync(file, 'utf8').slice(-4000);
  } catch {
    return '';
  }
};

/** Polls `url` until it answers 2xx; fails early when the child exits. */
export async function waitForHttp(url: string, child: Child, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null)
      throw new Error(
        `${child.name} exited with ${child.process.exitCode}:\n${tail(child.logFile)}`,
      );
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${child.name} did not answer ${url} within ${seconds} s:\n${tail(child.logFile)}`,
  );
}
