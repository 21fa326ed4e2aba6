// axe-core in the page (through @axe-core/playwright) with the WCAG 2.2 AA rule tags: every check
// collects the serious and critical violations of one screen state, named, so a test reports all
// of them at once.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
export type Theme = 'light' | 'dark';

/** One line per serious or critical violation: the state, the rule, and the first few elements. */
export async function seriousViolations(
  page: Page,
  state: string,
  rules?: string[],
): Promise<string[]> {
  // Only violations are reported: axe then skips the detail of what passed, which is most of its
  // time on a page.
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] });
  if (rules) builder = builder.withRules(rules);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const where = v.nodes
        .slice(0, 3)
        .map((n) => {
          const why = (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200);
          return `${n.target.join(' ')}${why ? ` (${why})` : ''}`;
        })
        .join('; ');
      return `${state}: ${v.id} [${v.impact}] ${v.help} — ${where}`;
    });
}

/** The theme, and a merchant's own colours over it (CSS variable to value), as the portal paints. */
const setTheme = (page: Page, theme: Theme, colors: Record<string, string>) =>
  page.evaluate(
    ([value, variables]) => {
      const root = document.documentElement;
      root.dataset.theme = value;
      for (const [name, color] of Object.entries(variables)) root.style.setProperty(name, color);
    },
    [theme, colors] as const,
  );

/**
 * The findings of one pass (a language and a theme): `check` adds to them, the pass's last test
 * asserts they are empty.
 */
export function axeAudit(options: { theme: Theme; colors?: Record<string, string> }) {
  const found: string[] = [];
  const states: string[] = [];
  return {
    found,
    states,
    /**
     * Every WCAG A/AA rule on the page as it is, in the pass's theme and colours (the theme is one
     * attribute on <html> and the colours CSS variables, so a state need not be rebuilt for them). `merchantTheme` checks the page in its
     * merchant's own look instead (the dark merchant, the server's sign-in page).
     */
    async check(page: Page, state: string, merchantTheme = false): Promise<void> {
      const theme = merchantTheme
        ? await page.evaluate(() => (document.documentElement.dataset.theme ?? 'light') as Theme)
        : options.theme;
      if (!merchantTheme) await setTheme(page, theme, options.colors ?? {});
      const started = Date.now();
      const lang = await page.evaluate(() => document.documentElement.lang);
      const label = `${state} (${lang}, ${theme})`;
      found.push(...(await seriousViolations(page, label)));
      states.push(label);
      if (process.env.A11Y_DEBUG) console.log(`[axe] ${label} ${Date.now() - started} ms`);
    },
  };
}
