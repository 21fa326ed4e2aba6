// Per-merchant branding by host name: dark.localhost is the dark "Nightfall Payouts" merchant,
// localhost the light demo merchant.
import { describe, expect, inject, it } from 'vitest';
import { luminance, browserForFile } from './support/browser';

const { newPage } = browserForFile();

async function brandingOf(url: string) {
  const page = await newPage();
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => document.documentElement.dataset.theme !== undefined);
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    title: document.title,
    heading: document.querySelector('h1')?.textContent ?? '',
    body: getComputedStyle(document.body).backgroundColor,
  }));
}

describe('merchant theme (browser)', () => {
  it('the second merchant shows its dark theme', async () => {
    const port = inject('e2ePort');
    const dark = await brandingOf(`http://dark.localhost:${port}/auth/start`);
    expect(dark.theme).toBe('dark');
    expect(dark.title).toBe('Nightfall Payouts');
    expect(dark.heading).toContain('Nightfall Payouts');
    expect(luminance(dark.body), `body background ${dark.body}`).toBeLessThan(0.2);

    const light = await brandingOf(`http://localhost:${port}/auth/start`);
    expect(light.theme).toBe('light');
    expect(light.title).toBe('Payee Portal');
    expect(luminance(light.body), `body background ${light.body}`).toBeGreaterThan(0.6);
  });
});
