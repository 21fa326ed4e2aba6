// The stock RJSF page (bench/fixtures/stock-rjsf): built with its own vite config into
// dist/bench/stock-rjsf on every run (the schema is composed at build time), given the same
// precompressed copies as the portal (scripts/compress-assets.ts) and served gzipped by a tiny
// static server on a free port.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { compressAssets, ENCODINGS } from '../compress-assets';
import { sentSizes } from '../bundle-report';
import { REPO_ROOT } from './processes';

export const STOCK_DIST = join(REPO_ROOT, 'dist/bench/stock-rjsf');
const CONFIG = join(REPO_ROOT, 'bench/fixtures/stock-rjsf/vite.config.ts');

export async function buildStockPage(): Promise<void> {
  execFileSync(join(REPO_ROOT, 'node_modules/.bin/vite'), ['build', '--config', CONFIG], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    // A production bundle whatever NODE_ENV the bench runs with; the config imports src/core
    // modules without file extensions, which only the native config loader warns about.
    env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  // Compressed as the portal's files are, so the anchor is not handicapped by a lighter compression.
  await compressAssets(STOCK_DIST, { force: true });
}

/** Gzipped bytes of the stock page's JavaScript, and its number of chunks (1 by design). */
export function stockPageJs(): { gzip: number; chunks: number } {
  const assets = join(STOCK_DIST, 'assets');
  const files = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
  if (!files.length) throw new Error(`${assets} has no JavaScript: the stock page was not built`);
  const gzip = files.reduce((sum, f) => sum + sentSizes(STOCK_DIST, `assets/${f}`).gzip, 0);
  return { gzip, chunks: files.length };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * The built stock page, each file as its gzip copy for a request that accepts gzip, as a stock
 * deployment behind any web server sends it (the copies buildStockPage wrote, made as the portal's).
 */
export function serveStockPage(): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = normalize(join(STOCK_DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(STOCK_DIST) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      vary: 'accept-encoding',
    };
    const accepted = String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((coding) => coding.split(';')[0]!.trim().toLowerCase());
    const gzipCopy = file + ENCODINGS.gzip;
    const gzipped = accepted.includes('gzip') && existsSync(gzipCopy);
    const body = readFileSync(gzipped ? gzipCopy : file);
    if (gzipped) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    response.writeHead(200, headers);
    response.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}
