// npm start — builds what is missing (validators, portal), then serves the portal and the API.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { buildValidators, VALIDATORS_DIR } from '../src/core/build/build-validators';
import { REPO_ROOT } from '../src/core/schemas/catalog';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/main';
import { compressAssets } from './compress-assets';

if (!existsSync(join(VALIDATORS_DIR, 'manifest.json'))) buildValidators();
// The development default: the outbox (every mail's codes and links) is on unless DEV_OUTBOX says
// otherwise (DEV_OUTBOX=0). The server alone never turns it on, and production never serves it.
if (process.env.NODE_ENV !== 'production' && !process.env.DEV_OUTBOX) process.env.DEV_OUTBOX = '1';
const config = loadConfig();
if (!existsSync(join(config.webDir, 'index.html'))) {
  console.log('Building the portal (first start only)...');
  // Always a production bundle, whatever NODE_ENV the server runs with (React's development build
  // is several times larger).
  execSync('npx vite build --logLevel warn', {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
// The compressed copies the server sends (npm run build writes them; a portal built by `vite build`
// alone has none): only the missing or stale ones are written, so a built portal starts at once.
if (existsSync(join(config.webDir, 'index.html'))) {
  try {
    const compressed = await compressAssets(config.webDir);
    if (compressed.written)
      console.log(`Compressed ${compressed.written} portal files (br, gzip).`);
  } catch (error) {
    // A read-only dist/web: the files go out uncompressed, which works, only slower.
    console.warn(`Could not compress the portal's files: ${(error as Error).message}`);
  }
}
await startServer(config);

const url = `http://localhost:${config.port}`;
console.log(`
Payee Portal is running at ${url}/
  API health:   ${url}/master/health      API docs: ${url}/master/docs
  Database:     ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}
  Dev outbox:   ${config.devOutbox ? `${url}/master/dev/v1/outbox` : config.production ? '(off in production)' : `(off: DEV_OUTBOX=${process.env.DEV_OUTBOX ?? ''})`}
  Admin key:    ${config.adminKeyGenerated ? `${config.adminApiKey}  (generated for development; set ADMIN_API_KEY to choose one)` : 'from ADMIN_API_KEY'}

Create a first claim:
  npm run admin -- create-claim --email you@example.com --amount 125.50 --currency USD
then open the invitation link it prints${config.devOutbox ? ' (also in the dev outbox)' : ''}.
Second merchant (dark theme): http://dark.localhost:${config.port}/
`);
