// The portal's page (dist/web/index.html) as the server sends it for a portal route: the files
// the route's first render needs announced up front (modulepreload, from the route files the
// build wrote: src/core/routes/route-files.ts) and what the portal would otherwise ask first —
// the configuration, and for a signed-in visitor the principal and the profile — written into it
// (src/core/routes/boot-data.ts). The browser then loads the entry, the app, the screen and its
// texts side by side, and the first render asks the API nothing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { themeOf } from '../../core/branding/contrast';
import { BOOT_ELEMENT_ID, bootScriptText, type BootData } from '../../core/routes/boot-data';
import { FORM_NAMESPACES } from '../../core/i18n/namespaces';
import { PAGE_WIDTH_CLASS, pageFrameFor, type PageFrameWidth } from '../../core/routes/page-frames';
import { openingCountry } from '../../core/payout/opening-country';
import {
  countryTransferMethods,
  offeredOnly,
  openingMethod,
} from '../../core/payout/opening-method';
import { LATER_FILES_ATTRIBUTE, PAGE_SCRIPT } from '../../core/routes/page-script';
import { FORMS_CHUNK, ROUTE_FILES, routeFor, type RouteFiles } from '../../core/routes/route-files';
import { escapeHtml } from './html';
import { profileCardHtml } from './profile-card-frame';

const ROOT_ELEMENT = '<div id="root"></div>';

type Route = RouteFiles['routes'][number];

/** The chunks of a language's texts in `namespaces` (English where the language has none). */
const textChunks = (files: RouteFiles, locale: string, namespaces: readonly string[]): string[] => {
  const texts = files.locales[locale] ?? files.locales.en ?? {};
  return namespaces.flatMap((namespace) => (texts[namespace] ? [texts[namespace]] : []));
};

/** What the frame shows in the main area, translated. */
interface PageContent {
  loadingText: string;
  /** What a browser without JavaScript shows instead of the portal. */
  noScriptText: string;
  page?: {
    title: string;
    lead?: string;
    width: PageFrameWidth;
    back?: { to: string; label: string };
    /** HTML painted under the heading, above the loading indicator (the profile card). */
    body?: string;
  };
}

interface Loaded {
  /** index.html's modification time: a rebuilt portal is read again. */
  mtimeMs: number;
  html: string;
  files?: RouteFiles;
}

export interface PortalPageRequest {
  pathname: string;
  boot: BootData;
  /** The language whose texts to announce (the portal may still pick a remembered one). */
  locale: string;
  /** The texts of the frame shown until the portal renders, in that language. */
  text: (key: string) => string;
  /** The staff's rules console: its own look, so no portal frame and no branding. */
  console?: boolean;
}

const escapeAttribute = escapeHtml;

/**
 * The merchant's look before any script runs: its theme and colours on the root element, its
 * name as the title, its favicon (the portal applies the same at start: src/web/app/branding.ts).
 */
function branded(html: string, { configuration }: BootData, locale: string): string {
  const { branding } = configuration;
  const { theme, variables } = themeOf(branding);
  const style = Object.entries(variables)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  const htmlAttributes = `lang="${escapeAttribute(locale)}" data-theme="${theme}"${style ? ` style="${escapeAttribute(style)}"` : ''}`;
  const icon = branding.faviconUrl
    ? `<link rel="icon" href="${escapeAttribute(branding.faviconUrl)}">`
    : '';
  return html
    .replace(/<html[^>]*>/, () => `<html ${htmlAttributes}>`)
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(branding.portalName)}</title>${icon}`,
    );
}

/**
 * The portal's frame as its first render will draw it — the header with the merchant's logo and
 * name, the main area with the loading indicator, and on a screen of PAGE_FRAMES its heading, lead
 * and back link (core/routes/page-frames.ts), on /settings the profile card — painted with the
 * page, before the scripts have loaded; React replaces it with the same frame. Same markup and
 * classes, so nothing moves.
 */
function frame({ configuration }: BootData, content: PageContent): string {
  const { branding } = configuration;
  const logo =
    branding.headerLogoEnabled && branding.logoUrl
      ? `<img class="app-header__logo" src="${escapeAttribute(branding.logoUrl)}" alt="">`
      : '';
  const spinner =
    '<div class="spinner" role="status" aria-live="polite"><span class="spinner__circle" aria-hidden="true"></span>' +
    `<span class="visually-hidden">${escapeHtml(content.loadingText)}</span></div>`;
  const screen = content.page
    ? `<section class="page ${PAGE_WIDTH_CLASS[content.page.width]}">` +
      (content.page.back
        ? `<a href="${escapeAttribute(content.page.back.to)}">${escapeHtml(content.page.back.label)}</a>`
        : '') +
      `<div class="page__header"><div><h1 class="page__title">${escapeHtml(content.page.title)}</h1>` +
      (content.page.lead ? `<p class="page__lead">${escapeHtml(content.page.lead)}</p>` : '') +
      `</div></div>${content.page.body ?? ''}${spinner}</section>`
    : spinner;
  return (
    '<div class="app"><header class="app-header"><div class="app-header__inner">' +
    `<span class="app-header__brand">${logo}<span class="app-header__name">${escapeHtml(branding.portalName)}</span></span>` +
    `</div></header><main class="app-main"><noscript><p class="form-error">${escapeHtml(content.noScriptText)}</p></noscript>${screen}</main></div>`
  );
}

/** The frame's texts (and the profile card, where it paints one) for the screen at `pathname`. */
function frameContent(
  pathname: string,
  { profile }: BootData,
  locale: string,
  text: (key: string) => string,
): PageContent {
  const page = pageFrameFor(pathname);
  return {
    loadingText: text('common.loading'),
    noScriptText: text('common.noScript'),
    ...(page && {
      page: {
        title: text(page.title),
        ...(page.lead && { lead: text(page.lead) }),
        width: page.width,
        ...(page.back && { back: { to: page.back.to, label: text(page.back.label) } }),
        ...(page.profileCard && profile && { body: profileCardHtml(profile, locale, text) }),
      },
    }),
  };
}

export function createPortalPage(webDir: string) {
  const indexFile = join(webDir, 'index.html');
  let loaded: Loaded | undefined;

  const load = (): Loaded => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = statSync(indexFile));
    } catch (error) {
      // A build replacing dist/web under the running server: the page read last still works.
      if (loaded) return loaded;
      throw error;
    }
    if (loaded?.mtimeMs === mtimeMs) return loaded;
    const filesPath = join(webDir, ROUTE_FILES);
    loaded = {
      mtimeMs,
      html: readFileSync(indexFile, 'utf8'),
      // A portal built before the route files existed is served without the announcements.
      files: existsSync(filesPath)
        ? (JSON.parse(readFileSync(filesPath, 'utf8')) as RouteFiles)
        : undefined,
    };
    return loaded;
  };

  /** The `<link>`s that announce what the route's first render needs, in the head. */
  const announcements = (html: string, files: RouteFiles, route: Route, locale: string): string => {
    const namespaces = route.files.some((f) => FORMS_CHUNK.test(f))
      ? ['common', ...FORM_NAMESPACES]
      : ['common'];
    const wanted = [...new Set([...route.files, ...textChunks(files, locale, namespaces)])].filter(
      (file) => !html.includes(`/${file}"`),
    );
    return wanted
      .map((file) => {
        const href = escapeAttribute(`/${file}`);
        return file.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="${href}">`
          : `<link rel="modulepreload" crossorigin href="${href}">`;
      })
      .join('');
  };

  /**
   * The files of the form a route opens (`opensForm`) as the screen will open it, in the visitor's
   * country (core/payout/opening-country.ts) on its opening transfer method
   * (core/payout/opening-method.ts: the published rules' methods the page carries, else the
   * build's, that the merchant pays to): its uiSchema, that variant and the form texts of the
   * page's language. The country's other methods load if the visitor picks one. None for a
   * visitor the page has no profile of.
   */
  const formFiles = (
    files: RouteFiles,
    route: Route,
    { configuration, profile, validators }: BootData,
    locale: string,
  ): string[] => {
    const form = route.opensForm ? files.forms?.[route.opensForm] : undefined;
    if (!form || !profile) return [];
    const country = openingCountry(configuration.supportedCountries, profile);
    const published = new Map(
      (validators?.transferMethods ?? []).map(({ country: name, methods }) => [name, methods]),
    );
    const built = (name: string) => {
      const methods = Object.keys(form.countries[name] ?? {}).filter(Boolean);
      return methods.length ? methods : undefined;
    };
    const method = openingMethod(
      offeredOnly(countryTransferMethods(country, published, built), configuration.payoutTypes),
    );
    const variants = form.countries[country] ?? form.countries._default ?? {};
    return [
      ...form.files,
      ...(variants[method ?? ''] ?? Object.values(variants)[0] ?? []),
      ...textChunks(files, locale, FORM_NAMESPACES),
    ];
  };

  /**
   * The page's inline script (core/routes/page-script.ts), with the route's later files: what the
   * screen asks for itself, then the files of the form it opens.
   */
  const pageScript = (
    files: RouteFiles | undefined,
    route: Route | undefined,
    boot: BootData,
    locale: string,
  ) => {
    const later =
      files && route
        ? [...new Set([...(route.later ?? []), ...formFiles(files, route, boot, locale)])]
            .filter((file) => !route.files.includes(file))
            .map((file) => `/${file}`)
        : [];
    const data = later.length
      ? ` ${LATER_FILES_ATTRIBUTE}="${escapeAttribute(JSON.stringify(later))}"`
      : '';
    return `<script${data}>${PAGE_SCRIPT}</script>`;
  };

  return {
    /**
     * Whether the route's screen shows a generated form in its first load (the form engine among
     * its files, or asked for by the screen itself, `loadsLater`): its page carries the validators
     * list.
     */
    showsForm(pathname: string): boolean {
      const { files } = load();
      const route = files && routeFor(files.routes, pathname);
      return !!route && [...route.files, ...(route.later ?? [])].some((f) => FORMS_CHUNK.test(f));
    },

    /** The page for a portal route. */
    render({ pathname, boot, locale, text, console }: PortalPageRequest): string {
      const page = load();
      const route = page.files && routeFor(page.files.routes, pathname);
      const links =
        (page.files && route ? announcements(page.html, page.files, route, locale) : '') +
        (console ? '' : pageScript(page.files, route, boot, locale));
      const bootScript = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${bootScriptText(boot)}</script>`;
      const root = console
        ? ROOT_ELEMENT
        : `<div id="root">${frame(boot, frameContent(pathname, boot, locale, text))}</div>`;
      // Replacer functions: a `$` in the data must not read as a replacement pattern.
      return (console ? page.html : branded(page.html, boot, locale))
        .replace('</head>', () => `${links}</head>`)
        .replace(ROOT_ELEMENT, () => `${root}${bootScript}`);
    },
  };
}
export type PortalPage = ReturnType<typeof createPortalPage>;
