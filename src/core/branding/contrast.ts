// WCAG contrast of a merchant's theme: the colours of the light and the dark theme (the defaults in
// src/web/styles/portal.css, which a unit test keeps equal to these), a merchant's own colours over
// them, and the text/background pairs that must reach AA contrast for text (4.5:1).
import type { Branding } from '../types/entities/branding';

export type ThemeColors = Required<NonNullable<Branding['colors']>>;
export type ThemeColor = keyof ThemeColors;

/** The CSS custom property of each configurable colour. */
export const COLOR_VARIABLES: Record<ThemeColor, string> = {
  background: '--color-bg',
  surface: '--color-surface',
  text: '--color-text',
  muted: '--color-muted',
  primary: '--color-primary',
  onPrimary: '--color-on-primary',
};

/**
 * The merchant's theme as the page carries it: `data-theme` on the root element and the CSS
 * variables of the merchant's own colours (the focus ring takes its primary colour). The portal
 * applies them at start (src/web/app/branding.ts); the server writes them into the page it sends.
 */
export function themeOf(branding: Pick<Branding, 'theme' | 'colors'>): {
  theme: 'light' | 'dark';
  variables: Record<string, string>;
} {
  const variables: Record<string, string> = {};
  for (const [color, variable] of Object.entries(COLOR_VARIABLES)) {
    const value = branding.colors?.[color as ThemeColor];
    if (value) variables[variable] = value;
  }
  if (branding.colors?.primary) variables['--color-focus'] = branding.colors.primary;
  return { theme: branding.theme === 'dark' ? 'dark' : 'light', variables };
}

export const THEME_COLORS: Record<'light' | 'dark', ThemeColors> = {
  light: {
    background: '#f4f6fb',
    surface: '#ffffff',
    text: '#1b2230',
    muted: '#5a6478',
    primary: '#2450d6',
    onPrimary: '#ffffff',
  },
  dark: {
    background: '#12141a',
    surface: '#1d2029',
    text: '#e8eaf0',
    muted: '#a3abbd',
    primary: '#7aa2ff',
    onPrimary: '#0b1020',
  },
};

/** Backgrounds of the theme a merchant does not set, which its colours are shown on too. */
export type FixedColor = 'surface2' | 'primarySoft';
export type PaletteColor = ThemeColor | FixedColor;
export const FIXED_COLOR_VARIABLES: Record<FixedColor, string> = {
  surface2: '--color-surface-2',
  primarySoft: '--color-primary-soft',
};
export const FIXED_COLORS: Record<'light' | 'dark', Record<FixedColor, string>> = {
  light: { surface2: '#f7f8fb', primarySoft: '#e8eefc' },
  dark: { surface2: '#242835', primarySoft: '#23304f' },
};

/** Text (first) shown on a background (second): every pair the portal paints. */
export const CONTRAST_PAIRS: readonly (readonly [PaletteColor, PaletteColor])[] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'surface2'],
  ['muted', 'background'],
  ['muted', 'surface'],
  ['muted', 'surface2'],
  // Links and secondary buttons.
  ['primary', 'background'],
  ['primary', 'surface'],
  ['primary', 'surface2'],
  // Badges, the current step, the user's initials.
  ['primary', 'primarySoft'],
  // The main button.
  ['onPrimary', 'primary'],
];

/** WCAG 2.x minimum contrast for text (1.4.3, AA). */
export const AA_TEXT_CONTRAST = 4.5;

function channel(value: number): number {
  const s = value / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => parseInt(part ?? '0', 16));
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

/** The contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The theme's colours with the merchant's own over them. */
export function themeColors(branding: Pick<Branding, 'theme' | 'colors'>): ThemeColors {
  return { ...THEME_COLORS[branding.theme === 'dark' ? 'dark' : 'light'], ...branding.colors };
}

/** Every colour a pair is made of: the theme's, the merchant's over them, the fixed ones. */
export function palette(
  branding: Pick<Branding, 'theme' | 'colors'>,
): Record<PaletteColor, string> {
  return {
    ...FIXED_COLORS[branding.theme === 'dark' ? 'dark' : 'light'],
    ...themeColors(branding),
  };
}

export interface ContrastProblem {
  foreground: PaletteColor;
  background: PaletteColor;
  ratio: number;
}

/** The pairs of a merchant's colours under AA contrast for text (none: the theme holds). */
export function contrastProblems(branding: Pick<Branding, 'theme' | 'colors'>): ContrastProblem[] {
  const colors = palette(branding);
  return CONTRAST_PAIRS.map(([foreground, background]) => ({
    foreground,
    background,
    ratio: contrastRatio(colors[foreground], colors[background]),
  })).filter((pair) => pair.ratio < AA_TEXT_CONTRAST);
}
