// `npm start` on the embedded database serves health and prints how to create a first claim, and
// `npm run admin -- create-claim` works against it (DESIGN.md section 5).
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { freePort } from '../support/ports';

const run = promisify(execFile);

describe('npm start', () => {
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'payee-start-'));
  afterAll(() => {
    // npm starts tsx, which starts node: end the whole process group, not just npm.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /master/health on the embedded database, then the admin CLI creates a claim', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // In-memory rate limits, as a fresh `npm start` has: with CI's REDIS_URL this server shared
      // its counters with the soak tests running beside it and refused the CLI with a 429.
      REDIS_URL: '',
      ADMIN_API_KEY: '',
      NODE_ENV: 'development',
      // npm start's own default turns the development outbox on (read below).
      DEV_OUTBOX: '',
    };
    server = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(() => output, { timeout: 90_000, interval: 250 })
      .toContain('Create a first claim');
    expect(output).toContain(`http://localhost:${port}/`);
    expect(output).toMatch(/Admin key: +\S+ +\(generated for development/);

    const health = await fetch(`http://localhost:${port}/master/health`);
    expect(health.status).toBe(200);

    const { stdout } = await run(
      'npm',
      [
        'run',
        '-s',
        'admin',
        '--',
        'create-claim',
        '--email',
        'first@example.com',
        '--amount',
        '125.50',
        '--currency',
        'USD',
      ],
      { cwd: REPO_ROOT, env },
    );
    expect(stdout).toContain(`Invitation link: http://localhost:${port}/auth/register?claim_id=`);
    const outbox = (await (
      await fetch(`http://localhost:${port}/master/dev/v1/outbox?to=first@example.com`)
    ).json()) as { data: { subject: string }[] };
    expect(outbox.data[0]?.subject).toContain('$125.50');
  }, 120_000);

  it('refuses to start in production with an ADMIN_API_KEY under 32 characters, naming it', async () => {
    const refused = run('npm', ['start'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        NODE_ENV: 'production',
        ADMIN_API_KEY: 'short-admin-key-0123456789',
        APP_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
      },
      timeout: 60_000,
    });
    await expect(refused).rejects.toMatchObject({
      stderr: expect.stringMatching(
        /ADMIN_API_KEY must be at least 32 characters when NODE_ENV=production/,
      ),
    });
  }, 90_000);
});
