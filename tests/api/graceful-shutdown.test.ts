// SIGTERM to a real server process (src/server/main.ts): it stops accepting connections, lets the
// request in flight finish with its real answer, closes the database and exits 0 within the grace
// period. The request in flight is a registration whose body is still arriving when the signal
// lands (a slow upload), so no test-only route is needed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { SHUTDOWN_GRACE_MS } from '../../src/server/main';
import { freePort } from '../support/ports';

const ADMIN_KEY = 'shutdown-admin-key-0123456789';
const PASSWORD = 'Sunrise-42-river';

/** Resolves true when a TCP connection to the port is accepted, false when it is refused. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Reads one HTTP/1.1 response (status and Content-Length body) from a kept-alive socket. */
const readResponse = (socket: Socket) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    let raw = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      raw = Buffer.concat([raw, chunk]);
      const text = raw.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (raw.length < end + 4 + length) return;
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        body: raw.subarray(end + 4, end + 4 + length).toString('utf8'),
      });
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`connection closed before a response: ${raw}`)));
  });

describe('graceful shutdown', () => {
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'payee-shutdown-'));
  afterAll(() => {
    if (server?.pid && server.exitCode === null && server.signalCode === null)
      server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM refuses new connections, finishes the request in flight and exits 0', async () => {
    const port = await freePort();
    // node with tsx's loader directly (no npx), so the signal reaches the server process itself.
    server = spawn(process.execPath, ['--import', 'tsx', 'tests/api/support/serve.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIR: join(dataDir, 'web'),
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        NODE_ENV: 'test',
        ADMIN_API_KEY: ADMIN_KEY,
        APP_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toContain('listening');
    const base = `http://127.0.0.1:${port}`;

    const email = `shutdown.${Date.now()}@example.com`;
    const claim = await fetch(`${base}/master/admin/v1/claims`, {
      method: 'POST',
      headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email, amount: '10.00', currency: 'USD' }),
    });
    expect(claim.status, output).toBe(201);
    const claimId = ((await claim.json()) as { data: { claim: { id: string } } }).data.claim.id;

    // The registration's headers and half its body, on a keep-alive connection.
    const body = Buffer.from(
      JSON.stringify({ data: { email, termsAccepted: true }, password: PASSWORD, claimId }),
    );
    const half = Math.floor(body.length / 2);
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const response = readResponse(socket);
    socket.write(
      `POST /master/funnel/v1/me HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = performance.now();
    server.kill('SIGTERM');
    // The listening socket closes: new connections are refused while the request is in flight.
    await expect.poll(() => accepts(port), { timeout: 5_000, interval: 50 }).toBe(false);
    expect(server.exitCode).toBeNull();

    socket.write(body.subarray(half));
    const answer = await response;
    expect(answer.status, `${answer.body}\n${output}`).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ data: { email } });

    expect(await exited, output).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS);
    socket.destroy();
  }, 90_000);
});
