// Debian's Chromium driven by playwright-core (never `playwright install`, which downloads its own
// browser): the e2e tests, the bench and Lighthouse launch it the same way. BENCH_CHROMIUM names
// another binary.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
