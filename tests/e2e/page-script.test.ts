// The portal page's one inline script (src/core/routes/page-script.ts) in Chromium, on the built
// portal: the Content Security Policy lets it run (by its hash) and nothing else inline, and on
// /bank-account it announces the form engine's files and those of the form the page opens (its
// own `modulepreload` links, without the `as` Vite's loader gives its own) before the page's
// module asks for them; the form then works.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROUTE_FILES, type RouteFiles } from '../../src/core/routes/route-files';
import { activatedUser } from './support/api';
import { browserForFile, consoleErrors, signInThroughPortal } from './support/browser';
import { REPO_ROOT } from './support/constants';
import { field, see, textsOf } from './support/ui';

const { newPage } = browserForFile();
const base = () => `http://localhost:${inject('e2ePort')}`;
const t = textsOf('en');

describe('the page script (browser)', () => {
  it('runs under the CSP and announces the bank-account form engine and form files', async () => {
    const user = await activatedUser();
    const page = await newPage();
    // A script the CSP blocks is logged as an error too.
    const problems = consoleErrors(page);
    await signInThroughPortal(page, base(), user.email);
    await page.waitForURL(/\/dashboard$/);
    // Blocked, the script would also leave a violation event: counted in the page itself.
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });

    await page.goto(`${base()}/bank-account`);
    const nickname = field(page, t.field('nickname'));
    await nickname.fill('Rent');
    expect(await nickname.inputValue()).toBe('Rent');

    // The engine, and the bank-account form of the user's country (a US resident) on the method
    // it opens on (ACH), in English; the country's other methods wait until one is picked.
    const files = JSON.parse(
      readFileSync(join(REPO_ROOT, 'dist/web', ROUTE_FILES), 'utf8'),
    ) as RouteFiles;
    const route = files.routes.find((r) => r.path === '/bank-account')!;
    const form = files.forms!['bank-account']!;
    const later = [
      ...route.later!,
      ...form.files,
      ...form.countries.US!.ACH!,
      files.locales.en!.fields!,
    ].filter((file) => !route.files.includes(file));
    expect(later.length).toBeGreaterThan(5);
    const announced = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]:not([as])')].map(
        (link) => new URL(link.href).pathname.slice(1),
      ),
    );
    expect(announced).toEqual(expect.arrayContaining(later));
    const otherMethods = [...form.countries.US!.RTP!, ...form.countries.US!.WIRE!].filter(
      (file) => !later.includes(file),
    );
    expect(otherMethods.length).toBeGreaterThan(0);
    for (const file of otherMethods) expect(announced).not.toContain(file);

    await page.goto(`${base()}/settings`);
    await see(page.getByRole('heading', { level: 1 })).toHaveText(t.common('settings.title'));
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    expect(problems).toEqual([]);
  });
});
