// The server's sign-in and sign-out pages in the portal's language: ?lang= (and the form's hidden
// input across the POST), else Accept-Language, else the merchant's default, else English; every
// interpolated value still escaped.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de/common.json';
import en from '../../locales/en/common.json';
import es from '../../locales/es/common.json';
import fr from '../../locales/fr/common.json';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { DATABASE_KINDS } from './support/databases';
import { PASSWORD, registeredUser, startTestApp, type TestApp } from './support/harness';

const LOGIN = '/master/auth-app/v1/login';
const LOGOUT = '/master/auth-app/v1/logout';
const DEMO = 'Payee Portal';
const NIGHTFALL = 'Nightfall Payouts';

/** A heading as the pages write it: the portal's name in a span that never wraps inside. */
const named = (template: string, portalName: string) =>
  `<h1>${template.replace('{{portalName}}', `<span class="name">${portalName}</span>`)}</h1>`;
const heading = (strings: typeof en, portalName: string) =>
  named(strings.signInPage.heading, portalName);

describe.each(DATABASE_KINDS)('sign-in page language on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const open = (url: string, headers: Record<string, string> = {}, host = 'localhost') =>
    t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html', ...headers } });

  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: {
        host: 'localhost',
        origin: 'http://localhost',
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      payload: new URLSearchParams(form).toString(),
    });

  const expectLanguage = (page: LightMyRequestResponse, locale: string, strings: typeof en) => {
    expect(page.body).toContain(`<html lang="${locale}">`);
    expect(page.body).toContain(heading(strings, DEMO));
    expect(page.body).toContain(`<label for="email">${strings.signInPage.email}</label>`);
    expect(page.body).toContain(`<label for="password">${strings.signInPage.password}</label>`);
    expect(page.body).toContain(`<button type="submit">${strings.signInPage.submit}</button>`);
  };

  it('speaks Spanish with lang=es, whatever the browser prefers, and keeps it for the POST', async () => {
    const page = await open(`${LOGIN}?state=%2Fdashboard&lang=es`, { 'accept-language': 'fr' });
    expect(page.statusCode).toBe(200);
    expectLanguage(page, 'es', es);
    expect(page.body).toContain('<title>Iniciar sesión · Payee Portal</title>');
    expect(page.body).toContain('<input type="hidden" name="lang" value="es">');
    expect(page.body).not.toContain('Sign in');
    expect(page.headers.vary).toMatch(/Accept-Language/i);
  });

  it('speaks French by Accept-Language, the best supported match by q', async () => {
    const page = await open(`${LOGIN}?state=%2F`, {
      'accept-language': 'ja;q=1, de;q=0.5, fr-CA;q=0.9, en;q=0.1',
    });
    expectLanguage(page, 'fr', fr);
    expect(page.body).toContain('<input type="hidden" name="lang" value="fr">');
  });

  it('falls back to English for an unknown lang=xx without a usable Accept-Language', async () => {
    const page = await open(`${LOGIN}?state=%2F&lang=xx`, { 'accept-language': 'ja, zh;q=0.8' });
    expectLanguage(page, 'en', en);
    expect(page.body).toContain('<h1>Sign in to <span class="name">Payee Portal</span></h1>');
  });

  it("uses the merchant's default language, and only a language that merchant offers", async () => {
    const nightfallEs = heading(es, NIGHTFALL);
    const plain = await open(`${LOGIN}?state=%2F`, {}, 'nightfall.localhost');
    expect(plain.body).toContain('<html lang="es">');
    expect(plain.body).toContain(nightfallEs);
    // Nightfall offers es, en and pt: French is not among them, Portuguese is.
    const french = await open(`${LOGIN}?state=%2F&lang=fr`, {}, 'nightfall.localhost');
    expect(french.body).toContain(nightfallEs);
    const portuguese = await open(
      `${LOGIN}?state=%2F`,
      { 'accept-language': 'pt-BR' },
      'nightfall.localhost',
    );
    expect(portuguese.body).toContain('<html lang="pt">');
  });

  it('answers a wrong password in the language the form was shown in', async () => {
    const { email } = await registeredUser(t.app);
    const refused = await post(
      { email, password: 'wrong-password1', state: '/dashboard', lang: 'es' },
      { 'accept-language': 'de' },
    );
    expect(refused.statusCode).toBe(401);
    expectLanguage(refused, 'es', es);
    expect(refused.body).toContain(
      `<p class="error" id="login-error" role="alert">${es.signInPage.wrongCredentials}</p>`,
    );
    expect(refused.body).toContain('<input type="hidden" name="lang" value="es">');
    expect(refused.body).toContain('name="state" value="/dashboard"');
    // Still the same sign-in: the right password in that form signs in.
    const accepted = await post({ email, password: PASSWORD, state: '/dashboard', lang: 'es' });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('/dashboard');
  });

  it('without a lang in the form, the error page follows Accept-Language', async () => {
    const refused = await post(
      { email: 'nobody@example.com', password: 'wrong-password1', state: '/' },
      { 'accept-language': 'de-DE,de;q=0.9' },
    );
    expect(refused.statusCode).toBe(401);
    expectLanguage(refused, 'de', de);
    expect(refused.body).toContain(de.signInPage.wrongCredentials);
  });

  it('keeps every interpolated value escaped in any language', async () => {
    const evil = '"><script>alert(1)</script>';
    const refused = await post({
      email: `${evil}@example.com`,
      password: 'wrong-password1',
      state: `/x${evil}`,
      lang: '"><b>es</b>',
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('<script>');
    expect(refused.body).not.toContain('<b>');
    expect(refused.body).toContain(
      'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.com"',
    );
    expect(refused.body).toContain(
      // The target as browsers parse it (WHATWG URL): its markup percent-encoded.
      'name="state" value="/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E"',
    );
    // An unsupported lang is never echoed: the page falls back to a real locale.
    expect(refused.body).toContain('<input type="hidden" name="lang" value="en">');
    const page = await open(`${LOGIN}?state=${encodeURIComponent(`/x${evil}`)}&lang=fr`);
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain(heading(fr, DEMO));
  });

  it('escapes the portal name inside the translated texts', async () => {
    // A merchant whose portal name is markup: the demo merchant, renamed, alone in its directory.
    const dir = mkdtempSync(join(tmpdir(), 'payee-merchants-'));
    const demo = JSON.parse(
      readFileSync(join(REPO_ROOT, 'config/merchants/demo.json'), 'utf8'),
    ) as {
      configuration: { branding: { portalName: string } };
    };
    demo.configuration.branding.portalName = '<i>Acme</i> & "Co"';
    writeFileSync(join(dir, 'demo.json'), JSON.stringify(demo));
    const other = await startTestApp(kind, { MERCHANTS_DIR: dir });
    try {
      const page = await other.app.inject({
        method: 'GET',
        url: `${LOGIN}?state=%2F&lang=es`,
        headers: { host: 'localhost', accept: 'text/html' },
      });
      const name = '&lt;i&gt;Acme&lt;/i&gt; &amp; &quot;Co&quot;';
      expect(page.body).not.toContain('<i>');
      expect(page.body).toContain(`<title>Iniciar sesión · ${name}</title>`);
      expect(page.body).toContain(heading(es, name));
      const logout = await other.app.inject({
        method: 'GET',
        url: `${LOGOUT}?lang=es`,
        headers: { host: 'localhost', 'sec-fetch-site': 'cross-site' },
      });
      expect(logout.body).not.toContain('<i>');
      expect(logout.body).toContain(named(es.signInPage.signOutHeading, name));
    } finally {
      await other.close();
    }
  });

  it("carries the merchant's branding and a language menu that keeps where the user goes", async () => {
    const page = await open(`${LOGIN}?state=%2Fdashboard&lang=fr`);
    expect(page.body).toContain('<img class="logo" src="/brand/demo-logo.svg" alt="Acme Refunds">');
    expect(page.body).toContain('<link rel="icon" href="/brand/demo-favicon.svg">');
    // The footer of the portal, its link names in the page's language.
    expect(page.body).toContain(`<a href="/static/terms">${fr.footer.terms}</a>`);
    expect(page.body).toContain(`${fr.footer.poweredBy} <strong>Payee Portal</strong>`);
    // The merchant's own footer words, in French too.
    expect(page.body).toContain(
      'Acme Refunds règle les créances pour le compte de ses commerçants.',
    );
    expect(page.body).toContain('>Accessibilité</a>');
    expect(page.body).toContain(`<nav class="langs" aria-label="${fr.signInPage.languageMenu}">`);
    expect(page.body).toContain(
      '<a href="/master/auth-app/v1/login?state=%2Fdashboard&amp;lang=es" lang="es" hreflang="es">Español</a>',
    );
    expect(page.body).toMatch(/hreflang="fr" aria-current="true">Français</);
    // The dark merchant's pages are dark.
    const dark = await open(`${LOGIN}?state=%2F`, {}, 'nightfall.localhost');
    expect(dark.body).toContain('background:#12141a');
  });

  it('the cross-site sign-out confirmation speaks the portal language', async () => {
    const page = await open(`${LOGOUT}?lang=de`, { 'sec-fetch-site': 'cross-site' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain(named(de.signInPage.signOutHeading, DEMO));
    expect(page.body).toContain(`<button type="submit">${de.signInPage.signOutSubmit}</button>`);
    expect(page.body).not.toContain('Sign out');
  });
});
