// The portal's files and routes as the server hands them out: an anonymous visitor of a signed-in
// route is sent to /auth/start by the server itself (the app's code never loads for them); public
// routes, unknown paths and files are served to anyone; a signed-in visitor gets the app.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, registeredUser, startTestApp, type TestApp } from './support/harness';
import { SIGNED_IN_PATHS } from '../../src/core/routes/signed-in-paths';

const INDEX = '<!doctype html><title>Payee Portal</title><div id="root"></div>';
/**
 * The page of a portal route: index.html with the merchant's frame in the root element and what
 * the first render needs written after it.
 */
const isPortalPage = (body: string): boolean =>
  body.startsWith('<!doctype html><title>') &&
  body.includes('<div id="root"><div class="app">') &&
  body.includes('</div><script type="application/json" id="portal-boot">');

describe('portal files and routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'payee-web-'));
    writeFileSync(join(webDir, 'index.html'), INDEX);
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets/app.js'), 'console.log(1)');
    // The build's manifests (vite's .vite/manifest.json) are the server's, not the public's.
    mkdirSync(join(webDir, '.vite'));
    writeFileSync(join(webDir, '.vite/manifest.json'), '{"secret":"build layout"}');
    t = await startTestApp('pglite', { WEB_DIR: webDir });
  });
  afterAll(async () => t?.close());

  const location = (response: { raw: { headers: Record<string, unknown> } }) =>
    response.raw.headers.location;

  it('sends an anonymous visitor of every signed-in route to sign in, keeping the target', async () => {
    const visitor = new Browser(t.app);
    for (const pattern of SIGNED_IN_PATHS) {
      const path = pattern.replace(/:\w+/g, 'abc');
      const response = await visitor.get(path);
      expect(response.status, path).toBe(302);
      expect(location(response)).toBe(`/auth/start?redirectUrl=${encodeURIComponent(path)}`);
      expect(response.raw.headers['cache-control']).toBe('no-store');
    }
    const withQuery = await visitor.get('/settings?tab=methods');
    expect(location(withQuery)).toBe('/auth/start?redirectUrl=%2Fsettings%3Ftab%3Dmethods');
  });

  it('serves public routes, unknown paths and files to anyone', async () => {
    const visitor = new Browser(t.app);
    for (const path of ['/auth/start', '/auth/register?claimId=x', '/static/terms', '/nope/x']) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(200);
      expect(isPortalPage(response.raw.body), path).toBe(true);
    }
    const file = await visitor.get('/assets/app.js');
    expect(file.status).toBe(200);
    expect(file.raw.body).toBe('console.log(1)');
    // Hidden files and folders are never handed out, nor is a folder itself: those paths are
    // portal routes like any other unknown path.
    for (const path of ['/.vite/manifest.json', '/.vite', '/assets', '/assets/']) {
      const response = await visitor.get(path);
      expect(response.raw.body, path).not.toContain('build layout');
      expect(isPortalPage(response.raw.body), path).toBe(true);
    }
  });

  it('refuses a forged or ended session the same way, and gives a signed-in user the app', async () => {
    const forged = new Browser(t.app);
    const forgedResponse = await forged.request('GET', '/dashboard', undefined, {
      cookie: 'pp_session=forged-session-id',
    });
    expect(forgedResponse.status).toBe(302);

    const { browser } = await registeredUser(t.app);
    const app = await browser.get('/dashboard');
    expect(app.status).toBe(200);
    expect(isPortalPage(app.raw.body)).toBe(true);

    // The same cookie after signing out (the session is revoked on the server).
    const ended = browser.cookie('pp_session') ?? '';
    await browser.get('/master/auth-app/v1/logout');
    const after = await new Browser(t.app).request('GET', '/dashboard', undefined, {
      cookie: `pp_session=${ended}`,
    });
    expect(after.status).toBe(302);
  });
});
