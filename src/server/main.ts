// Starts the server from the environment: opens the database (running migrations), connects Redis
// when REDIS_URL is set, and listens on PORT.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase, pgliteDir } from './db/client';
import { buildApp } from './app';

export async function startServer(config: ServerConfig = loadConfig()) {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: pgliteDir(config.dataDir),
  });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
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
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return { app, database };
}
