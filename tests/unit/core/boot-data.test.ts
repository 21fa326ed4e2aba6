// The boot data written into the portal's page can never end its script element or be read as a
// replacement pattern: a value holding "</script>" or "$'" comes back exactly as it was.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, bootScriptText, type BootData } from '../../../src/core/routes/boot-data';
import { PAGE_SCRIPT } from '../../../src/core/routes/page-script';
import { commonText } from '../../../src/server/routes/auth/page-language';
import { createPortalPage } from '../../../src/server/services/portal-page';

const hostile = `</script><script>alert(1)</script> $' $& $1 <!-- ${'`'}`;
const boot = {
  configuration: { portalName: hostile, branding: { portalName: hostile, theme: 'dark' } },
} as unknown as BootData;

describe('boot data in the page', () => {
  it('has no "<" that could close the script element, and parses back to the same value', () => {
    const text = bootScriptText(boot);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(boot);
  });

  it('is written into the page exactly once, after the root element', () => {
    const webDir = mkdtempSync(join(tmpdir(), 'payee-boot-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    // The rules console's page: no portal frame in the root element.
    const html = createPortalPage(webDir).render({
      pathname: '/console',
      boot,
      locale: 'en',
      text: (key) => key,
      console: true,
    });
    const open = `<div id="root"></div><script type="application/json" id="${BOOT_ELEMENT_ID}">`;
    expect(html.split(open)).toHaveLength(2);
    const rest = html.slice(html.indexOf(open) + open.length);
    expect(JSON.parse(rest.slice(0, rest.indexOf('</script>')))).toEqual(boot);
    expect(rest.slice(rest.indexOf('</script>'))).toBe('</script></body></html>');
  });

  it('paints the merchant frame, its name escaped, before any script runs', () => {
    const webDir = mkdtempSync(join(tmpdir(), 'payee-frame-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<html lang="en"><head><title>Payee Portal</title></head><body><div id="root"></div></body></html>',
    );
    const html = createPortalPage(webDir).render({
      pathname: '/',
      boot,
      locale: 'de',
      text: commonText('de'),
    });
    // Nothing of the name reads as markup: two script elements (the page's own, whose text never
    // changes, and the boot data), one title.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain(`<script>${PAGE_SCRIPT}</script></head>`);
    expect(html).toContain('<html lang="de" data-theme="dark">');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<span class="app-header__name">&lt;/script&gt;');
    expect(html).toContain('<span class="visually-hidden">Wird geladen…</span>');
    // Without JavaScript the frame says why nothing more comes, in the page's language.
    expect(html).toContain(
      `<main class="app-main"><noscript><p class="form-error">${commonText('de')('common.noScript')}</p></noscript>`,
    );
    expect(commonText('de')('common.noScript')).toContain('JavaScript');
  });

  it('paints the heading, lead and back link of a screen that has a page frame', () => {
    const webDir = mkdtempSync(join(tmpdir(), 'payee-page-frame-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<html lang="en"><head><title>Payee Portal</title></head><body><div id="root"></div></body></html>',
    );
    const page = createPortalPage(webDir);
    const de = commonText('de');
    const create = page.render({ pathname: '/bank-account', boot, locale: 'de', text: de });
    // PageWrapper's markup (components/page-wrapper.tsx) around the screen's loading indicator.
    expect(create).toContain(
      '</noscript><section class="page tile-page">' +
        `<a href="/settings">${de('payoutMethods.back')}</a>` +
        `<div class="page__header"><div><h1 class="page__title">${de('payoutMethods.bankAccount.createTitle')}</h1>` +
        `<p class="page__lead">${de('payoutMethods.bankAccount.lead')}</p></div></div>` +
        '<div class="spinner" role="status"',
    );
    expect(de('payoutMethods.bankAccount.lead')).not.toBe('payoutMethods.bankAccount.lead');
    const edit = page.render({ pathname: '/bank-account/abc', boot, locale: 'de', text: de });
    expect(edit).toContain(`${de('payoutMethods.bankAccount.editTitle')}</h1>`);
    // The dashboard and settings: their heading and lead, at the dashboard's width.
    for (const [pathname, title, lead] of [
      ['/dashboard', 'pages.dashboard', 'dashboard.lead'],
      ['/settings', 'settings.title', 'settings.lead'],
    ] as const) {
      expect(page.render({ pathname, boot, locale: 'de', text: de })).toContain(
        '</noscript><section class="page dashboard-page">' +
          `<div class="page__header"><div><h1 class="page__title">${de(title)}</h1>` +
          `<p class="page__lead">${de(lead)}</p></div></div>`,
      );
    }
    // A screen without a frame gets the loading indicator alone.
    const zelle = page.render({ pathname: '/zelle', boot, locale: 'de', text: de });
    expect(zelle).toContain('</noscript><div class="spinner"');
    expect(zelle).not.toContain('page__title');
  });
});
