// The app as the API and security harnesses build it (tests/api/support/harness.ts in process,
// tests/security/support/server.ts listening): a test configuration with the development outbox
// on, since the journeys read mailed codes and links from it, and every JSON answer checked against
// the API document (assertResponses throws on any mismatch; the harnesses call it on close).
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { checkResponses, type ResponseChecker } from './openapi-responses';

export interface CheckedApp {
  app: FastifyInstance;
  config: ServerConfig;
  assertResponses(): void;
}

/** Builds the app on `database` with `env` over the test defaults (not yet ready or listening). */
export async function buildCheckedApp(
  database: DatabaseHandle,
  env: Record<string, string>,
  redis: Redis | null = null,
): Promise<CheckedApp> {
  const config = loadConfig({ NODE_ENV: 'test', DEV_OUTBOX: '1', ...env });
  let responses: ResponseChecker | undefined;
  const app = await buildApp({
    config,
    database,
    redis,
    logger: false,
    instrument: (instance) => (responses = checkResponses(instance)),
  });
  return { app, config, assertResponses: () => responses?.assertClean() };
}
