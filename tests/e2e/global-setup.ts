// Once per e2e run: build the portal when dist/web is missing or older than its sources, make sure
// Chromium is installed, and start ONE real server (`scripts/start.ts`) on a free port with a fresh
// PGlite data directory. Tests get the base URL, port and admin key through `inject`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePortalBuilt } from '../support/portal-build';
import { E2E_ADMIN_KEY, REPO_ROOT } from './support/constants';
import { freePort } from '../support/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2ePort: number;
    e2eAdminKey: string;
  }
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the e2e server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/master/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the e2e server did not answer ${url}/master/health within 90 s:\n${output()}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The portal bundles the precompiled validators (the root global setup may run after this one).
  ensurePortalBuilt((line) => console.log(line));
  execFileSync(join(REPO_ROOT, 'scripts/ensure-chromium.sh'), { stdio: 'inherit' });

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'payee-e2e-'));
  const server = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    detached: true, // its own process group, so teardown stops npx, tsx and node together
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      // Always the embedded PGlite and in-memory rate limits, whatever CI exports.
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'test',
      // The journeys read the mailed codes from the development outbox (start.ts's default; said
      // here so that an exported DEV_OUTBOX=0 cannot take it away).
      DEV_OUTBOX: '1',
      ADMIN_API_KEY: E2E_ADMIN_KEY,
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      PUBLIC_URL: `http://localhost:${port}`,
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  // The server's whole log (warnings and errors) stays after the run: a journey that fails on a
  // 500 leaves its screenshot in test-results/failures and the server's reason here.
  mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
  const log = createWriteStream(join(REPO_ROOT, 'test-results/e2e-server.log'));
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    log.write(chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    if (server.exitCode === null && server.pid) {
      const exited = new Promise((r) => server.once('exit', r));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-server.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    log.end();
  };

  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2ePort', port);
  project.provide('e2eAdminKey', E2E_ADMIN_KEY);
  return stop;
}
