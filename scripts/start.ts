// npm start — prepares what is missing and serves the portal and the API on PORT (default 8080).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildValidators, VALIDATORS_DIR } from '../src/core/build/build-validators';
import { buildApp } from '../src/server/app';

if (!existsSync(join(VALIDATORS_DIR, 'manifest.json'))) buildValidators();

const port = Number(process.env.PORT ?? 8080);
const app = buildApp({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
console.log(`Payee Portal is running at http://localhost:${port}/ (health: /master/health)`);
