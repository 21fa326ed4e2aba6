// The frames the server paints with the page (src/core/routes/page-frames.ts), in Chromium on the
// built portal: before any script has run a screen shows its heading and lead (/settings its
// profile card too), and React's first render replaces that frame with the same words in the same
// place, moving nothing.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { activatedUser } from './support/api';
import { browserForFile, signInThroughPortal } from './support/browser';

const { newPage } = browserForFile();
const base = () => `http://localhost:${inject('e2ePort')}`;

type Box = { x: number; y: number; width: number; height: number } | null;

interface Heading {
  title: string;
  lead: string;
  box: Box;
  /** The profile card's lines and place, on a screen that shows one. */
  card: { text: string; box: Box } | null;
}

const rounded = (box: Box): Box =>
  box && {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };

async function heading(page: Page): Promise<Heading> {
  const h1 = page.locator('main h1').first();
  const card = page.locator('main .section').filter({ has: page.locator('.details-list') });
  return {
    title: (await h1.innerText()).trim(),
    lead: (await page.locator('main .page__lead').first().innerText()).trim(),
    box: rounded(await h1.boundingBox()),
    card: (await card.count())
      ? { text: (await card.innerText()).trim(), box: rounded(await card.boundingBox()) }
      : null,
  };
}

let email = '';
beforeAll(async () => {
  email = (await activatedUser()).email;
});

describe('page frames (browser)', () => {
  it.each(['/dashboard', '/settings', '/bank-account'])(
    '%s: the server paints the heading and lead (/settings: the profile card), and React keeps them where they are',
    async (path) => {
      const page = await newPage();
      await signInThroughPortal(page, base(), email);
      await page.waitForURL(/\/dashboard$/);

      // The page as the server sent it: no script of the portal runs.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${base()}${path}`);
      const painted = await heading(page);
      expect(painted.title).not.toBe('');
      expect(painted.lead).not.toBe('');
      expect(await page.locator('footer').count()).toBe(0);
      // /settings: the profile card, its e-mail line the screen's largest text.
      if (path === '/settings') expect(painted.card?.text).toContain(email);
      else expect(painted.card).toBeNull();
      await page.unroute('**/assets/*.js');

      // The portal itself, recording every layout shift that moves the header, the heading or
      // its lead (what loads below them may still push the rest of the page down).
      await page.addInitScript(() => {
        const moved: string[] = [];
        (window as unknown as { moved: string[] }).moved = moved;
        type Shift = PerformanceEntry & { sources?: { node?: Node }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[])
            for (const { node } of entry.sources ?? [])
              if (
                node instanceof Element &&
                (node.closest('header, .page__header, .details-list') || node.querySelector('h1'))
              )
                moved.push(node.outerHTML.slice(0, 80));
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${base()}${path}`);
      await page.locator('footer').waitFor();
      await page.waitForLoadState('networkidle');
      const rendered = await heading(page);
      // React's own card (its id differs), or none where the frame had none.
      if (path !== '/settings') rendered.card = null;
      expect(rendered).toEqual(painted);
      const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved);
      expect(moved).toEqual([]);
    },
  );
});
