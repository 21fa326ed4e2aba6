// The portal's page (dist/web/index.html) as the server sends it for a portal route: the files
// the route's first render needs announced up front (modulepreload, from the route files the
// build wrote: src/core/routes/route-files.ts) and what the portal would otherwise ask first —
// the configuration, and for a signed-in visitor the principal and the profile — written into it
// (src/core/routes/boot-data.ts). The browser then loads the entry, the app, the screen and its
// texts side by side, and the first render asks the API nothing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BOOT_ELEMENT_ID, bootScriptText, type BootData } from '../../core/routes/boot-data';
import { ROUTE_FILES, routeFor, type RouteFiles } from '../../core/routes/route-files';

/** The form engine's chunk (vite.config.ts): a route that loads it shows a generated form. */
const FORMS_CHUNK = /(^|\/)vendor-forms-[\w-]+\.js$/;
/** What a generated form reads besides the common texts (src/web/lib/i18n.ts FORM_NAMESPACES). */
const FORM_NAMESPACES = ['fields', 'validation'];
const ROOT_ELEMENT = '<div id="root"></div>';

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
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function createPortalPage(webDir: string) {
  const indexFile = join(webDir, 'index.html');
  let loaded: Loaded | undefined;

  const load = (): Loaded => {
    const { mtimeMs } = statSync(indexFile);
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
  const announcements = ({ html, files }: Loaded, pathname: string, locale: string): string => {
    if (!files) return '';
    const route = routeFor(files.routes, pathname);
    if (!route) return '';
    const texts = files.locales[locale] ?? files.locales.en ?? {};
    const namespaces = route.files.some((f) => FORMS_CHUNK.test(f))
      ? ['common', ...FORM_NAMESPACES]
      : ['common'];
    const wanted = [
      ...new Set([...route.files, ...namespaces.flatMap((ns) => (texts[ns] ? [texts[ns]] : []))]),
    ].filter((file) => !html.includes(`/${file}"`));
    return wanted
      .map((file) => {
        const href = escapeAttribute(`/${file}`);
        return file.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="${href}">`
          : `<link rel="modulepreload" crossorigin href="${href}">`;
      })
      .join('');
  };

  return {
    /** The page for a portal route. */
    render({ pathname, boot, locale }: PortalPageRequest): string {
      const page = load();
      const links = announcements(page, pathname, locale);
      const bootScript = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${bootScriptText(boot)}</script>`;
      // Replacer functions: a `$` in the data must not read as a replacement pattern.
      return page.html
        .replace('</head>', () => `${links}</head>`)
        .replace(ROOT_ELEMENT, () => `${ROOT_ELEMENT}${bootScript}`);
    },
  };
}
export type PortalPage = ReturnType<typeof createPortalPage>;
