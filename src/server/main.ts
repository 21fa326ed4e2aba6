// Starts the server from the environment: opens the database (running migrations), connects Redis
// when REDIS_URL is set, listens on PORT, and shuts down gracefully on SIGTERM or SIGINT.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase, pgliteDir } from './db/client';
import { buildApp } from './app';
import { connectRedis } from './services/redis';

/** In-flight requests get this long to finish after SIGTERM (orchestrators wait 30 s by default). */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful shutdown: app.close() stops listening, closes idle keep-alive connections, answers 503
 * to requests that still arrive on busy ones (return503OnClosing), waits for in-flight requests,
 * then runs the onClose hooks (database pool or PGlite, Redis, mailer). Exits 0 when all of that
 * finished, 1 when the grace period ran out first.
 */
async function shutDown(app: FastifyInstance, signal: string): Promise<void> {
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const forced = setTimeout(() => {
    app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown grace period over: exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  // Node closes the connections that are idle when closing starts; a keep-alive connection whose
  // request finishes later would hold the server open until its keep-alive timeout (72 s), so the
  // idle ones are swept until the close completes.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  sweep.unref();
  try {
    await app.close();
    clearInterval(sweep);
    app.log.info('shut down cleanly');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

export async function startServer(config: ServerConfig = loadConfig()) {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: pgliteDir(config.dataDir),
  });
  const redis = config.redisUrl
    ? connectRedis(config.redisUrl, (message) => console.warn(message))
    : null;
  const app = await buildApp({ config, database, redis });
  app.addHook('onClose', async () => {
    await database.close();
    redis?.disconnect();
  });
  await app.listen({ port: config.port, host: config.host });
  if (config.adminKeyGenerated) {
    // The admin CLI reads the development key from here.
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(join(config.dataDir, 'admin-key'), config.adminApiKey, { mode: 0o600 });
  }
  process.once('SIGINT', () => void shutDown(app, 'SIGINT'));
  process.once('SIGTERM', () => void shutDown(app, 'SIGTERM'));
  return { app, database };
}

/** True when this module is the program (node dist/server/main.js), not imported by another. */
function runAsProgram(): boolean {
  const program = process.argv[1];
  if (!program) return false;
  try {
    return pathToFileURL(realpathSync(program)).href === import.meta.url;
  } catch {
    return false;
  }
}

// Production: `npm run start:prod` runs the compiled module (scripts/build-server.ts); development
// starts the server through scripts/start.ts, which builds what is missing first.
if (runAsProgram()) {
  try {
    await startServer();
  } catch (error) {
    // A setting production refuses (ADMIN_API_KEY, APP_ENCRYPTION_KEY...) or no database: one line.
    console.error(`The server did not start: ${(error as Error).message}`);
    process.exit(1);
  }
}
