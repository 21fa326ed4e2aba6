// The processes a bench run starts — the portal server (`scripts/start.ts`, as `npm start` runs
// it), the anchor server, the static server of the stock page — each on a free port, each stopped
// by its pid at the end, failure or not.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { ensurePortalBuilt } from '../../tests/support/portal-build';
import { freePort } from '../../tests/support/ports';

// The portal build and free ports are the e2e tests' own (tests/support), so both measure one thing.
export { ensurePortalBuilt, freePort, REPO_ROOT };
export const LOG_DIR = join(REPO_ROOT, 'test-results/bench');
const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');

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
