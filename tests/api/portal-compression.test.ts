// Served as a browser expects (issue 27), over real HTTP: the portal's files go out in the
// encoding the build precompressed (scripts/compress-assets.ts) by Accept-Encoding, with the
// cache headers of what they are (hashed assets for a year, the page revalidated); the API's and
// the sign-in pages' answers over 1 KB are compressed as they are sent.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { cacheControlFor, HASHED_ASSET } from '../../src/server/routes/web';
import { startTestApp, type TestApp } from './support/harness';

/** A page over 1 KB, so it has compressed copies too (the real one is smaller). */
const INDEX = `<!doctype html><title>Payee Portal</title><div id="root"></div>\n<!-- ${'portal '.repeat(200)}-->`;
/**
 * index.html as a portal route's page holds it, less what the server writes into it per request
 * (the merchant's title and frame, the boot data: tests/api/portal-page.test.ts).
 */
const asPage = (body: string): string =>
  body
    .replace(/<script type="application\/json" id="portal-boot">.*?<\/script>/, '')
    .replace(/<title>[^<]*<\/title>(<link rel="icon"[^>]*>)?/, '<title>Payee Portal</title>')
    .replace(/<div id="root">.*?<\/main><\/div><\/div>/, '<div id="root"></div>');
/** Text that compresses well but not trivially: what a bundle looks like to zlib. */
const BUNDLE = Array.from(
  { length: 400 },
  (_, i) =>
    `export const value${i} = (input) => input * ${(i * 7919) % 1000} + "${i.toString(36)}";\n`,
).join('');
const APP_JS = 'assets/index-Ab_d-12x.js';
const TINY_JS = 'assets/tiny-Zx9_8Yw7.js';
const FAVICON = 'brand/favicon.svg';
/** The original file's type (@fastify/send's table), whichever encoding carries it. */
const JS_TYPE = 'application/javascript; charset=utf-8';

interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire (Node's http client decompresses nothing). */
  body: Buffer;
}

describe('compression and caching of what the server sends', () => {
  let t: TestApp;
  let webDir: string;
  let origin: string;

  /** A GET (or HEAD) over a real socket, with exactly these request headers. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const file = (name: string) => readFileSync(join(webDir, name));

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'payee-web-'));
    mkdirSync(join(webDir, 'assets'));
    mkdirSync(join(webDir, 'brand'));
    writeFileSync(join(webDir, 'index.html'), INDEX);
    writeFileSync(join(webDir, APP_JS), BUNDLE);
    writeFileSync(join(webDir, TINY_JS), 'console.log("small")');
    writeFileSync(join(webDir, FAVICON), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // What npm run build does after vite build.
    const summary = await compressAssets(webDir);
    expect(summary.written).toBe(2); // index.html and the bundle; the small files get no copy
    t = await startTestApp('pglite', { WEB_DIR: webDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  describe('a hashed asset', () => {
    it('goes out as its Brotli copy to a browser that accepts br, kept for a year', async () => {
      const answer = await get(`/${APP_JS}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.body).equals(file(APP_JS))).toBe(true);
      expect(answer.body.length).toBeLessThan(file(APP_JS).length / 3);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.equals(file(`${APP_JS}.br`))).toBe(true);
      expect(answer.headers['content-type']).toBe(JS_TYPE);
      expect(answer.headers.vary).toMatch(/^accept-encoding$/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('carries the headers a script heeds, not those only a document reads', async () => {
      const answer = await get(`/${APP_JS}`, { 'accept-encoding': 'br' });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=/);
      for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy'])
        expect(answer.headers[header], header).toBeUndefined();
      // The page and other files keep them all.
      const page = await get('/auth/start');
      expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      const favicon = await get(`/${FAVICON}`);
      expect(favicon.headers['content-security-policy']).toMatch(/default-src 'self'/);
    });

    it('goes out gzipped to one that accepts only gzip, or refuses br by its q-value', async () => {
      for (const accepted of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5', '*;q=0.5, br;q=0']) {
        const answer = await get(`/${APP_JS}`, { 'accept-encoding': accepted });
        expect(answer.headers['content-encoding'], accepted).toBe('gzip');
        expect(gunzipSync(answer.body).equals(file(APP_JS)), accepted).toBe(true);
        expect(Number(answer.headers['content-length']), accepted).toBe(answer.body.length);
        expect(answer.headers['content-type']).toBe(JS_TYPE);
        expect(answer.headers.vary).toMatch(/^accept-encoding$/i);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('goes out as it is to one that accepts neither', async () => {
      for (const accepted of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
        const answer = await get(`/${APP_JS}`, accepted ? { 'accept-encoding': accepted } : {});
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding'], accepted).toBeUndefined();
        expect(answer.body.equals(file(APP_JS)), accepted).toBe(true);
        expect(Number(answer.headers['content-length'])).toBe(file(APP_JS).length);
        expect(answer.headers['content-type']).toBe(JS_TYPE);
        // The same URL answers differently by Accept-Encoding: a cache must know.
        expect(answer.headers.vary).toMatch(/^accept-encoding$/i);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('a tiny file goes out as it is, never compressed on the fly', async () => {
      const answer = await get(`/${TINY_JS}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.equals(file(TINY_JS))).toBe(true);
      expect(Number(answer.headers['content-length'])).toBe(file(TINY_JS).length);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('answers HEAD with the headers of the encoding it would send', async () => {
      const answer = await get(`/${APP_JS}`, { 'accept-encoding': 'br' }, 'HEAD');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(Number(answer.headers['content-length'])).toBe(file(`${APP_JS}.br`).length);
      expect(answer.body.length).toBe(0);
    });

    it('answers a revalidation of its Brotli copy with a bare 304', async () => {
      const first = await get(`/${APP_JS}`, { 'accept-encoding': 'br' });
      const again = await get(`/${APP_JS}`, {
        'accept-encoding': 'br',
        'if-none-match': first.headers.etag!,
      });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers.vary).toMatch(/^accept-encoding$/i);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers['content-type']).toBeUndefined();
      // Each encoding has its own ETag: the gzip copy is not "not modified" for a Brotli one.
      const gzip = await get(`/${APP_JS}`, {
        'accept-encoding': 'gzip',
        'if-none-match': first.headers.etag!,
      });
      expect(gzip.status).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });
  });

  describe('the page', () => {
    it('is revalidated on every visit of a client route: private, no-cache, an ETag, then a 304', async () => {
      for (const accepted of ['br, gzip', 'gzip', '']) {
        const headers: Record<string, string> = accepted ? { 'accept-encoding': accepted } : {};
        const first = await get('/auth/start?redirectUrl=%2F', headers);
        expect(first.status).toBe(200);
        expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
        // Private: a signed-in visitor's page holds their profile (tests/api/portal-page.test.ts).
        expect(first.headers['cache-control'], accepted).toBe('private, no-cache');
        expect(first.headers.vary).toMatch(/^accept-encoding, cookie$/i);
        const sent =
          first.headers['content-encoding'] === 'br'
            ? brotliDecompressSync(first.body)
            : first.headers['content-encoding'] === 'gzip'
              ? gunzipSync(first.body)
              : first.body;
        expect(asPage(sent.toString()), accepted).toBe(INDEX);
        expect(first.headers['content-encoding'], accepted).toBe(
          accepted === 'br, gzip' ? 'br' : accepted === 'gzip' ? 'gzip' : undefined,
        );
        const etag = first.headers.etag;
        expect(etag, accepted).toMatch(/^(W\/)?"[^"]+"$/);

        // Any client route answers the same page, under the same ETag (a static page's carries
        // the merchant's static pages too: core/routes/boot-data.ts).
        const again = await get('/maintenance', {
          ...headers,
          'if-none-match': etag!,
        });
        expect(again.status, accepted).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('private, no-cache');
        expect(again.headers.vary).toMatch(/^accept-encoding, cookie$/i);
        expect(again.headers['content-encoding']).toBeUndefined();
      }
    });

    it('is sent again when it changed (another ETag)', async () => {
      const first = await get('/static/terms');
      const stale = await get('/static/terms', { 'if-none-match': 'W/"0-0"' });
      expect(stale.status).toBe(200);
      expect(asPage(stale.body.toString())).toBe(INDEX);
      expect(stale.headers.etag).toBe(first.headers.etag);
    });

    it('keeps the sign-in redirect of an anonymous visitor uncached', async () => {
      const answer = await get('/dashboard', { 'accept-encoding': 'br' });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('/auth/start?redirectUrl=%2Fdashboard');
      expect(answer.headers['cache-control']).toBe('no-store');
    });
  });

  it('keeps a public file (favicon, logo) ten minutes, then revalidates it', async () => {
    const answer = await get(`/${FAVICON}`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('public, max-age=600, must-revalidate');
    expect(answer.headers.etag).toBeTruthy();
  });

  describe('answers of the API and the sign-in pages', () => {
    const CONFIGS = '/master/funnel/v1/configs';

    it('compresses JSON over 1 KB when the request accepts it, and only then', async () => {
      const plain = await get(CONFIGS);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const json = JSON.parse(plain.body.toString()) as unknown;

      const br = await get(CONFIGS, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(json);

      const gzip = await get(CONFIGS, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(json);

      // Neither deflate nor zstd: the API offers what the portal's files offer.
      for (const accepted of ['deflate', 'zstd', 'identity']) {
        const other = await get(CONFIGS, { 'accept-encoding': accepted });
        expect(other.headers['content-encoding'], accepted).toBeUndefined();
        expect(JSON.parse(other.body.toString()), accepted).toEqual(json);
      }
    });

    it('sends small answers as they are', async () => {
      const health = await get('/master/health', { 'accept-encoding': 'br, gzip' });
      expect(health.status).toBe(200);
      expect(health.body.length).toBeLessThan(1024);
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(health.body.toString())).toMatchObject({ data: { status: 'ok' } });
    });

    it('compresses the sign-in page, which varies by language too', async () => {
      const path = '/master/auth-app/v1/login?state=%2Fdashboard';
      const plain = await get(path);
      expect(plain.status).toBe(200);
      expect(plain.body.length).toBeGreaterThan(1024);
      const page = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers.vary).toMatch(/accept-language/i);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(page.body).toString()).toBe(plain.body.toString());
    });

    it('leaves inject() answers uncompressed (it sends no Accept-Encoding)', async () => {
      const answer = await t.app.inject({ method: 'GET', url: CONFIGS });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.json()).toEqual(JSON.parse((await get(CONFIGS)).body.toString()));
    });
  });

  it('names hashed assets as Vite does, and no public file is taken for one', () => {
    expect(HASHED_ASSET.test(APP_JS)).toBe(true);
    expect(HASHED_ASSET.test('assets/address.BE--Gl41GNT.js')).toBe(true);
    expect(HASHED_ASSET.test('assets/account-blocked-page.js')).toBe(false);
    expect(HASHED_ASSET.test('brand/demo-logo-Ab_d-12x.svg')).toBe(false);
    expect(cacheControlFor('index.html')).toBe('no-cache');
    // src/web/public is copied to dist/web as it is: an assets/ folder there would be taken for
    // hashed files and kept a year.
    expect(existsSync(join(REPO_ROOT, 'src/web/public/assets'))).toBe(false);
  });
});
