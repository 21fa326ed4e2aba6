// The page of a portal route, as the server sends it: the files the route's first render needs
// announced in its head (from the route files the build wrote), and what the portal would ask
// first written into it — the configuration, and for a signed-in visitor the principal and the
// profile, exactly as the API answers them — so the first render waits for no request.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, type BootData } from '../../src/core/routes/boot-data';
import type { Configuration } from '../../src/core/types/entities/configuration';
import { LATER_FILES_ATTRIBUTE, PAGE_SCRIPT } from '../../src/core/routes/page-script';
import type { RouteFiles } from '../../src/core/routes/route-files';
import { activatedUser, Browser, startTestApp, type TestApp } from './support/harness';

const ENTRY = 'assets/index-AAAAAAAA.js';
const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/${ENTRY}"></script></head><body><div id="root"></div></body></html>`;
const SHELL = [ENTRY, 'assets/core-BBBBBBBB.js', 'assets/app-CCCCCCCC.js'];
const FILES: RouteFiles = {
  routes: [
    { path: '/auth/start', files: [ENTRY, 'assets/core-BBBBBBBB.js', 'assets/start-DDDDDDDD.js'] },
    { path: '/dashboard', files: [...SHELL, 'assets/dashboard-EEEEEEEE.js'] },
    {
      path: '/bank-account',
      files: [...SHELL, 'assets/bank-FFFFFFFF.js', 'assets/vendor-forms-GGGGGGGG.js'],
    },
    {
      path: '/bank-account/:id',
      files: [...SHELL, 'assets/bank-FFFFFFFF.js'],
      // Asked for by the screen itself: not announced with the page, but a form screen.
      later: ['assets/vendor-forms-GGGGGGGG.js', 'assets/schema-form-JJJJJJJJ.js'],
      opensForm: 'bank-account',
    },
    { path: '/static/*', files: [...SHELL, 'assets/static-HHHHHHHH.js'] },
    { path: '*', files: [...SHELL, 'assets/not-found-IIIIIIII.js'] },
  ],
  forms: {
    'bank-account': {
      files: ['assets/ui-bank-KKKKKKKK.js'],
      countries: {
        US: {
          ACH: ['assets/bank-account.US.ACH-LLLLLLLL.js', 'assets/vendor-forms-GGGGGGGG.js'],
          WIRE: ['assets/bank-account.US.WIRE-NNNNNNNN.js'],
        },
        _default: { WIRE: ['assets/bank-account._default.WIRE-MMMMMMMM.js'] },
      },
    },
  },
  locales: {
    en: {
      common: 'assets/common-en.js',
      fields: 'assets/fields-en.js',
      validation: 'assets/v-en.js',
    },
    de: {
      common: 'assets/common-de.js',
      fields: 'assets/fields-de.js',
      validation: 'assets/v-de.js',
    },
  },
};

/** The modulepreload links of a page, in order. */
const preloads = (html: string): string[] =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]!);

/** The boot data written into a page (the text up to the first closing script tag). */
const bootOf = (html: string): BootData => {
  const open = `<script type="application/json" id="${BOOT_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(0);
  const text = html.slice(start + open.length, html.indexOf('</script>', start));
  return JSON.parse(text) as BootData;
};

describe('the page of a portal route', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'payee-page-'));
    mkdirSync(join(webDir, '.vite'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), INDEX);
    writeFileSync(join(webDir, '.vite/route-files.json'), JSON.stringify(FILES));
    t = await startTestApp('pglite', { WEB_DIR: webDir });
  });
  afterAll(async () => t?.close());

  it('gives an anonymous visitor the configuration and the start page files, nothing personal', async () => {
    const visitor = new Browser(t.app);
    const page = await visitor.get('/auth/start?redirectUrl=%2F');
    expect(page.status).toBe(200);
    const configs = await visitor.api('GET', '/configs');
    const boot = bootOf(page.raw.body);
    // The configuration without the merchant's static pages: only a static page carries them.
    const { staticPages, ...withoutStaticPages } = configs.body.data as Configuration;
    expect(Object.keys(staticPages ?? {})).toContain('terms');
    expect(boot).toEqual({ configuration: withoutStaticPages });
    // The entry is already the page's own script; the language is the merchant's default.
    expect(preloads(page.raw.body)).toEqual([
      'assets/core-BBBBBBBB.js',
      'assets/start-DDDDDDDD.js',
      `assets/common-${boot.configuration.defaultLocale}.js`,
    ]);
  });

  it('gives a signed-in visitor the principal and the profile the API answers, and the screen files', async () => {
    const { browser } = await activatedUser(t.app);
    const page = await browser.get('/bank-account');
    expect(page.status).toBe(200);
    const boot = bootOf(page.raw.body);
    expect(boot.principal).toEqual((await browser.get('/master/auth-app/v1/principal')).body.data);
    expect(boot.profile).toEqual((await browser.api('GET', '/me')).body.data);
    const configuration = (await browser.api('GET', '/configs')).body.data as Configuration;
    expect(boot.configuration).toEqual({ ...configuration, staticPages: undefined });
    // A form screen also announces the form texts.
    expect(preloads(page.raw.body)).toEqual([
      'assets/core-BBBBBBBB.js',
      'assets/app-CCCCCCCC.js',
      'assets/bank-FFFFFFFF.js',
      'assets/vendor-forms-GGGGGGGG.js',
      'assets/common-en.js',
      'assets/fields-en.js',
      'assets/v-en.js',
    ]);
    expect(page.raw.headers['cache-control']).toBe('private, no-cache');
    // A form screen carries what its form's validators depend on, as the API lists it.
    const validators = (await browser.get('/master/rules/validators')).body.data;
    expect(boot.validators).toEqual(validators);
    expect(validators).toMatchObject({ rulesVersion: expect.any(Number) });
    expect(bootOf((await browser.get('/dashboard')).raw.body).validators).toBeUndefined();

    // A route with a parameter, a static page (which does not load the user), an unknown path.
    const edit = await browser.get('/bank-account/123');
    expect(preloads(edit.raw.body)).toContain('assets/bank-FFFFFFFF.js');
    expect(preloads(edit.raw.body)).not.toContain('assets/fields-en.js');
    expect(preloads(edit.raw.body)).not.toContain('assets/vendor-forms-GGGGGGGG.js');
    expect(bootOf(edit.raw.body).validators).toEqual(validators);
    const terms = await browser.get('/static/terms');
    expect(preloads(terms.raw.body)).toContain('assets/static-HHHHHHHH.js');
    const termsBoot = bootOf(terms.raw.body);
    expect(termsBoot.principal).toEqual(boot.principal);
    expect(termsBoot.profile).toBeUndefined();
    expect(termsBoot.configuration).toEqual(configuration);
    const unknown = await browser.get('/nope/x');
    expect(preloads(unknown.raw.body)).toContain('assets/not-found-IIIIIIII.js');
  });

  // core/routes/page-script.ts: the country names made while the page waits, and a screen's later
  // files announced as the first load's last file arrives (the browser side runs in the e2e suite).
  it('carries one inline script, allowed by its hash, with the later files of its route', async () => {
    const { browser } = await activatedUser(t.app);
    const scripts = (html: string) =>
      [...html.matchAll(/<script(?: ([\w-]+)="([^"]*)")?>([\s\S]*?)<\/script>/g)].map((m) => ({
        attribute: m[1],
        value: m[2],
        text: m[3],
      }));
    const hash = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

    // The engine, then the form the screen opens in the visitor's country (a US resident) on its
    // first transfer method (not the country's others), each once, with the form texts of the
    // page's language.
    const edit = await browser.get('/bank-account/123');
    expect(edit.raw.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' ${hash.replace(/[+/]/g, '\\$&')}[;\\s]`),
    );
    // In the head, after the page's own module script and announcements it counts.
    const head = edit.raw.body.slice(0, edit.raw.body.indexOf('</head>'));
    expect(scripts(head)).toEqual([
      {
        attribute: LATER_FILES_ATTRIBUTE,
        value: JSON.stringify([
          '/assets/vendor-forms-GGGGGGGG.js',
          '/assets/schema-form-JJJJJJJJ.js',
          '/assets/ui-bank-KKKKKKKK.js',
          '/assets/bank-account.US.ACH-LLLLLLLL.js',
          '/assets/fields-en.js',
          '/assets/v-en.js',
        ]).replace(/"/g, '&quot;'),
        text: PAGE_SCRIPT,
      },
    ]);
    expect(head.indexOf(PAGE_SCRIPT)).toBeGreaterThan(
      head.lastIndexOf('<link rel="modulepreload"'),
    );
    // Nothing later on a screen without: the script alone.
    const dashboard = await browser.get('/dashboard');
    const inHead = scripts(dashboard.raw.body.slice(0, dashboard.raw.body.indexOf('</head>')));
    expect(inHead).toEqual([{ attribute: undefined, value: undefined, text: PAGE_SCRIPT }]);
  });

  // services/profile-card-frame.ts: /settings' largest text shows with the page (the browser side,
  // React drawing the same card in the same place, runs in the e2e suite).
  it("paints /settings' profile card with the page, from the profile it carries", async () => {
    const { browser } = await activatedUser(t.app);
    const page = await browser.get('/settings');
    const profile = bootOf(page.raw.body).profile;
    expect(profile).toBeDefined();
    const root = page.raw.body.slice(page.raw.body.indexOf('<div id="root">'));
    expect(root).toContain(`<dd>${profile?.email}</dd>`);
    expect(root).toMatch(
      /<a class="button button--secondary" href="\/registration\/personal-info">/,
    );
    // The dashboard paints its heading only.
    const dashboard = (await browser.get('/dashboard')).raw.body;
    expect(dashboard).not.toContain('class="details-list"');
  });

  it('writes nothing personal for a session that ended', async () => {
    const { browser } = await activatedUser(t.app);
    const ended = browser.cookie('pp_session') ?? '';
    await browser.get('/master/auth-app/v1/logout');
    const page = await new Browser(t.app).request('GET', '/static/terms', undefined, {
      cookie: `pp_session=${ended}`,
    });
    expect(page.status).toBe(200);
    expect(Object.keys(bootOf(page.raw.body))).toEqual(['configuration']);
  });
});
