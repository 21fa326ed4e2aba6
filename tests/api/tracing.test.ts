// Traces over OTLP (issue 32 point 3): a server process started with the telemetry register hook
// (node --import tsx --import src/server/telemetry/register.ts src/server/main.ts, as production
// imports dist/server/telemetry/register.js) and OTEL_EXPORTER_OTLP_ENDPOINT pointing at a
// collector stand-in (a node:http server reading OTLP/HTTP JSON) sends the spans of an HTTP
// request, named by its route, with its SQL on PostgreSQL and its Redis commands in the same trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { openTestDatabase } from './support/databases';
import type { DatabaseHandle } from '../../src/server/db/client';
import { freePort } from '../support/ports';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
}

interface OtlpBody {
  resourceSpans: {
    scopeSpans: {
      scope: { name: string };
      spans: (Omit<Span, 'scope' | 'attributes'> & {
        attributes: { key: string; value: Record<string, unknown> }[];
      })[];
    }[];
  }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) are the ones .ci/run starts.
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('traces over OTLP', () => {
  const spans: Span[] = [];
  const contentTypes: string[] = [];
  let collector: Server;
  let database: DatabaseHandle;
  let server: ChildProcess;
  let baseUrl: string;
  let output = '';

  beforeAll(async () => {
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        contentTypes.push(`${request.url} ${request.headers['content-type']}`);
        const parsed = JSON.parse(body) as OtlpBody;
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans)
              spans.push({
                ...span,
                scope: scope.scope.name,
                attributes: Object.fromEntries(
                  span.attributes.map((a) => [a.key, Object.values(a.value)[0]]),
                ),
              });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => collector.once('listening', resolve));
    const collectorPort = (collector.address() as AddressInfo).port;
    // A database of its own, migrated; the server process opens it by its URL.
    database = await openTestDatabase('postgres');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './src/server/telemetry/register.ts', 'src/server/main.ts'],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'payee-tracing-')),
          DATABASE_URL: database.url ?? '',
          REDIS_URL: process.env.REDIS_URL,
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
          OTEL_BSP_SCHEDULE_DELAY: '100',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const up = await fetch(`${baseUrl}/master/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error(`the server did not start:\n${output}`);
      await sleep(200);
    }
  }, 40_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await database?.close();
    await new Promise((resolve) => collector?.close(resolve));
  });

  it('sends the HTTP request’s span, named by its route, with its SQL and Redis spans', async () => {
    const response = await fetch(`${baseUrl}/master/funnel/v1/configs`, {
      headers: { host: 'localhost' },
    });
    expect(response.status, output).toBe(200);
    const deadline = Date.now() + 10_000;
    const request = () =>
      spans.find((s) => s.kind === 2 && s.attributes['http.route'] === '/master/funnel/v1/configs');
    while (Date.now() < deadline) {
      const found = request();
      if (found && spans.some((s) => s.traceId === found.traceId && s.scope.includes('redis')))
        break;
      await sleep(200);
    }
    const http = request();
    expect(http, JSON.stringify(spans.map((s) => [s.scope, s.name]))).toBeDefined();
    expect(http?.name).toBe('GET /master/funnel/v1/configs');
    const inTrace = spans.filter((s) => s.traceId === http?.traceId);
    const sql = inTrace.filter((s) => s.scope === '@opentelemetry/instrumentation-pg');
    expect(sql.some((s) => typeof s.attributes['db.query.text'] === 'string')).toBe(true);
    expect(inTrace.some((s) => s.scope === '@opentelemetry/instrumentation-ioredis')).toBe(true);
    // OTLP over HTTP with JSON bodies, at the standard path.
    expect(contentTypes[0]).toBe('/v1/traces application/json');
    // The health probes are not traced.
    expect(spans.some((s) => String(s.attributes['url.path'] ?? '').includes('/health'))).toBe(
      false,
    );
  }, 20_000);
});
