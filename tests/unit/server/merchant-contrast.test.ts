// Merchant colours from configuration must stay readable: the server refuses at start a merchant
// whose theme colours make a text/background pair under WCAG AA contrast (4.5:1), naming the
// merchant and the pair; the theme defaults are the ones the portal's stylesheet paints.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COLOR_VARIABLES,
  contrastProblems,
  contrastRatio,
  FIXED_COLOR_VARIABLES,
  FIXED_COLORS,
  THEME_COLORS,
} from '../../../src/core/branding/contrast';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';
import { loadMerchants } from '../../../src/server/services/merchants';

/** A copy of config/merchants with one merchant's branding changed. */
function merchantsWith(id: string, change: (branding: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'merchants-contrast-'));
  cpSync(join(REPO_ROOT, 'config/merchants'), dir, { recursive: true });
  const file = join(dir, `${id}.json`);
  const merchant = JSON.parse(readFileSync(file, 'utf8'));
  change(merchant.configuration.branding);
  writeFileSync(file, JSON.stringify(merchant));
  return dir;
}

describe('merchant theme contrast', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // #767676 on white is the classic lightest AA grey (4.54:1); #777777 is just under.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('keeps the theme defaults equal to the stylesheet and readable in both themes', () => {
    const css = readFileSync(join(REPO_ROOT, 'src/web/styles/portal.css'), 'utf8');
    const block = (selector: string) => {
      const start = css.indexOf(`${selector} {`);
      return css.slice(start, css.indexOf('}', start));
    };
    for (const [theme, selector] of [
      ['light', ':root'],
      ['dark', ":root[data-theme='dark']"],
    ] as const) {
      const expected: [string, string][] = [
        ...Object.entries(COLOR_VARIABLES).map(([color, variable]): [string, string] => [
          variable,
          THEME_COLORS[theme][color as keyof typeof COLOR_VARIABLES],
        ]),
        ...Object.entries(FIXED_COLOR_VARIABLES).map(([color, variable]): [string, string] => [
          variable,
          FIXED_COLORS[theme][color as keyof typeof FIXED_COLOR_VARIABLES],
        ]),
      ];
      for (const [variable, color] of expected) {
        const value = new RegExp(`${variable}:\\s*(#[0-9a-f]{6});`, 'i').exec(block(selector))?.[1];
        expect(value, `${theme} ${variable}`).toBe(color);
      }
      expect(contrastProblems({ theme })).toEqual([]);
    }
  });

  it('starts with the shipped merchants, their own colours included', () => {
    const merchants = loadMerchants(join(REPO_ROOT, 'config/merchants'));
    expect(merchants.all.some((m) => m.configuration.branding.colors)).toBe(true);
  });

  it('refuses a merchant whose text colour falls under 4.5:1, naming the merchant and the pair', () => {
    const dir = merchantsWith('demo', (branding) => {
      branding.colors = { muted: '#8a8f99' };
    });
    expect(() => loadMerchants(dir)).toThrow(
      /demo\.json: merchant "demo" has theme colours under WCAG AA contrast .*muted #8a8f99 on background #f4f6fb is 3\.\d\d:1; muted #8a8f99 on surface #ffffff is 3\.\d\d:1/,
    );
  });

  it('refuses a primary colour unreadable on the soft primary background of the theme (badges)', () => {
    const dir = merchantsWith('demo', (branding) => {
      branding.colors = { primary: '#4a6fa5', background: '#ffffff', onPrimary: '#ffffff' };
    });
    expect(() => loadMerchants(dir)).toThrow(
      /primary #4a6fa5 on primarySoft #e8eefc is \d\.\d\d:1/,
    );
  });

  it('refuses a dark merchant whose button text is unreadable on its primary colour', () => {
    const dir = merchantsWith('nightfall', (branding) => {
      branding.colors = { primary: '#3355ff', onPrimary: '#0b1020' };
    });
    expect(() => loadMerchants(dir)).toThrow(
      /nightfall\.json: merchant "nightfall" .*onPrimary #0b1020 on primary #3355ff/,
    );
  });
});
