// The header's language menu (a button with aria-haspopup="menu", items role="menuitemradio"
// named by each language's own name): the choice shows at once and survives a reload.
import { describe, expect, inject, it } from 'vitest';
import { commonText, browserForFile } from './support/browser';

const { newPage } = browserForFile();

describe('language menu (browser)', () => {
  it('switches language and the choice persists after reload', async () => {
    const baseUrl = inject('e2eBaseUrl');
    const page = await newPage();
    await page.goto(`${baseUrl}/auth/start`);
    const heading = page.getByRole('heading', { level: 1 });
    const english = commonText('en', 'start.title', { portalName: 'Payee Portal' });
    await expect.poll(() => heading.textContent()).toBe(english);

    await page
      .locator('header')
      .getByRole('button', { name: /language/i })
      .and(page.locator('[aria-haspopup="menu"]'))
      .click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();

    const spanishTitle = commonText('es', 'start.title', { portalName: 'Payee Portal' });
    const spanishSignIn = commonText('es', 'start.signIn');
    await expect.poll(() => heading.textContent()).toBe(spanishTitle);

    await page.reload();
    await expect.poll(() => heading.textContent()).toBe(spanishTitle);
    expect(await page.getByRole('link', { name: spanishSignIn }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('payee-portal.locale'))).toBe('es');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });
});
