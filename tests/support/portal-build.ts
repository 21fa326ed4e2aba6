// The built portal the e2e tests and the bench drive: the precompiled validators when missing, and
// `vite build` when dist/web is missing or older than its sources. Always a production bundle,
// whatever NODE_ENV the caller runs with (vitest sets "test").
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildValidators, VALIDATORS_DIR } from '../../src/core/build/build-validators';
import { REPO_ROOT } from '../../src/core/schemas/catalog';

const WEB_SOURCES = ['src/web', 'locales', 'vite.config.ts'];
const BUILT = join(REPO_ROOT, 'dist/web');

/** Newest modification time under a file or folder (0 when it does not exist). */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function portalIsStale(): boolean {
  const index = join(BUILT, 'index.html');
  const manifest = join(BUILT, '.vite/manifest.json');
  if (!existsSync(index) || !existsSync(manifest)) return true;
  const builtAt = Math.min(statSync(index).mtimeMs, statSync(manifest).mtimeMs);
  return WEB_SOURCES.some((source) => newestMtime(join(REPO_ROOT, source)) > builtAt);
}

/** Builds the validators when missing and the portal when dist/web is older than its sources. */
export function ensurePortalBuilt(log: (line: string) => void = () => undefined): void {
  if (!existsSync(join(VALIDATORS_DIR, 'manifest.json'))) buildValidators();
  if (!portalIsStale()) return;
  log('dist/web is missing or stale: building the portal (vite build)...');
  execFileSync(join(REPO_ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
