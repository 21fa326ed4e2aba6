// Applies a merchant's branding: theme (CSS variables by data-theme), favicon and document title.
import { COLOR_VARIABLES, themeOf } from '../../core/branding/contrast';
import type { Branding } from '../../core/types/entities/branding';

const THEME_STORAGE_KEY = 'payee-portal.theme';

export function applyBranding(branding: Branding): void {
  const root = document.documentElement;
  const { theme, variables } = themeOf(branding);
  root.dataset.theme = theme;
  // The merchant's own colours over the theme's (the server checked their contrast at start).
  for (const variable of [...Object.values(COLOR_VARIABLES), '--color-focus']) {
    const value = variables[variable];
    if (value) root.style.setProperty(variable, value);
    else root.style.removeProperty(variable);
  }
  // Remembered for the maintenance page, which shows when the configuration cannot be loaded.
  localStorage.setItem(THEME_STORAGE_KEY, root.dataset.theme);
  document.title = branding.portalName;
  if (branding.faviconUrl) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = branding.faviconUrl;
  }
}

/** Without a configuration (maintenance), keep the look of the merchant the visitor last saw. */
export function applyRememberedTheme(): void {
  const theme = localStorage.getItem(THEME_STORAGE_KEY);
  if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
}
