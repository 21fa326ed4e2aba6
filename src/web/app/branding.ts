// Applies a merchant's branding: theme (CSS variables by data-theme), favicon and document title.
import type { Branding } from '../../core/types/entities/branding';

export function applyBranding(branding: Branding): void {
  const root = document.documentElement;
  root.dataset.theme = branding.theme === 'dark' ? 'dark' : 'light';
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
