// The frame of the server's own pages (sign-in, sign-out, password reset, unlock): the merchant's
// branding as the portal shows it (logo and portal name, light or dark theme, favicon, footer
// links) and a language menu of plain links, so these pages look like the portal, not another site,
// and work without JavaScript (the CSP allows no inline script).
import { themeColors } from '../../../core/branding/contrast';
import type { Locale } from '../../../core/i18n/messages';
import type { Branding } from '../../../core/types/entities/branding';
import { footerTexts } from '../../../core/i18n/merchant-texts';
import { commonText, type PageText } from './page-language';
import { escapeHtml } from '../../services/html';

/** The templates escape with the same function. */
export { escapeHtml };

export interface PageContext {
  locale: Locale;
  t: PageText;
  portalName: string;
  theme: string;
  branding: Branding;
  /** The merchant's languages, for the menu (empty when the merchant hides it). */
  languages: readonly Locale[];
  /** This page in another language (its query kept, `lang` replaced). */
  languageHref: (locale: Locale) => string;
}

/**
 * A translated line with the portal's name kept on one line: "Sign in to Payee Portal" may wrap
 * before the name, never inside it.
 */
export function withPortalName(view: PageContext, key: string): string {
  const marker = '\u0000portal\u0000';
  const [before = '', after = ''] = view.t(key, { portalName: marker }).split(marker);
  return `${escapeHtml(before)}<span class="name">${escapeHtml(view.portalName)}</span>${escapeHtml(after)}`;
}

/** A language's own name ("español"), capitalised as a menu entry. */
const autonym = (locale: Locale): string => {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
};

function header(view: PageContext): string {
  const { branding } = view;
  const logo =
    branding.headerLogoEnabled !== false && branding.logoUrl
      ? `<img class="logo" src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.merchantName ?? '')}">`
      : '';
  const menu =
    view.languages.length > 1
      ? `<nav class="langs" aria-label="${escapeHtml(view.t('languageMenu'))}"><ul>${view.languages
          .map(
            (l) =>
              `<li><a href="${escapeHtml(view.languageHref(l))}" lang="${l}" hreflang="${l}"${l === view.locale ? ' aria-current="true"' : ''}>${escapeHtml(autonym(l))}</a></li>`,
          )
          .join('')}</ul></nav>`
      : '';
  return `<header class="top"><span class="brand">${logo}<span class="name">${escapeHtml(view.portalName)}</span></span>${menu}</header>`;
}

function footer(view: PageContext): string {
  const f = view.branding.footer ?? {};
  const text = commonText(view.locale);
  const own = footerTexts(f, view.locale);
  const links = [
    f.faqUrl && [text('footer.faq'), f.faqUrl],
    f.supportUrl && [text('footer.support'), f.supportUrl],
    f.termsUrl && [text('footer.terms'), f.termsUrl],
    f.privacyUrl && [text('footer.privacy'), f.privacyUrl],
    f.customLink && [own.customLinkName ?? f.customLink.name, f.customLink.url],
  ].filter((l): l is [string, string] => Array.isArray(l));
  const powered = f.poweredByCompanyName
    ? `<p>${escapeHtml(text('footer.poweredBy'))} <strong>${escapeHtml(f.poweredByCompanyName)}</strong></p>`
    : '';
  const free = own.freeText ? `<p>${escapeHtml(own.freeText)}</p>` : '';
  const list = links.length
    ? `<nav aria-label="${escapeHtml(text('footer.links'))}"><ul>${links
        .map(([label, url]) => `<li><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></li>`)
        .join('')}</ul></nav>`
    : '';
  return powered || free || list ? `<footer>${powered}${free}${list}</footer>` : '';
}

export function renderPage(view: PageContext, title: string, body: string): string {
  const dark = view.theme === 'dark';
  // The merchant's own colours over its theme's, as the portal paints them.
  const c = themeColors({ theme: dark ? 'dark' : 'light', colors: view.branding.colors });
  const favicon = view.branding.faviconUrl
    ? `<link rel="icon" href="${escapeHtml(view.branding.faviconUrl)}">`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(view.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${favicon}
<style>
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:${c.background};color:${c.text}}
.top{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between;padding:.75rem 1.5rem;background:${c.surface};border-bottom:1px solid ${dark ? '#2c3140' : '#dfe3ec'}}
.brand{display:flex;align-items:center;gap:.75rem;font-weight:700}.logo{display:block;height:32px;width:auto;max-width:12rem}
.name{white-space:nowrap}
.langs ul,footer ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.langs a{text-decoration:none;padding:.25rem .4rem;border-radius:6px}.langs a[aria-current]{font-weight:700;text-decoration:underline}
main{box-sizing:border-box;width:calc(100% - 2rem);max-width:26rem;margin:8vh auto;padding:2rem;border-radius:12px;background:${c.surface};box-shadow:0 2px 16px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 1.5rem}label{display:block;font-weight:600;margin:1rem 0 .35rem}
input{box-sizing:border-box;width:100%;padding:.65rem .75rem;border:1px solid #8a93a6;border-radius:8px;font:inherit;background:inherit;color:inherit}
button{margin-top:1.5rem;width:100%;padding:.75rem;border:0;border-radius:8px;background:${c.primary};color:${c.onPrimary};font:inherit;font-weight:600;cursor:pointer}
:focus-visible{outline:3px solid ${c.primary};outline-offset:2px}
.links{margin:1.25rem 0 0;text-align:center}.help{margin:.35rem 0 0;font-size:.9rem;opacity:.8}
.note{margin:1rem 0 0;padding:.75rem;border-radius:8px;background:${dark ? '#1d2b3a' : '#e8f0fd'}}
a{color:inherit}
.error{margin:1rem 0 0;padding:.75rem;border-radius:8px;background:${dark ? '#3a1d22' : '#fde8ea'};color:${dark ? '#ffb3bd' : '#8a1020'}}
footer{margin-top:auto;padding:1.25rem 1.5rem;font-size:.875rem;background:${c.surface};border-top:1px solid ${dark ? '#2c3140' : '#dfe3ec'}}
footer p{margin:0 0 .5rem}
</style></head><body>${header(view)}<main>${body}</main>${footer(view)}</body></html>`;
}
