// What `vite build` writes beside its manifest (dist/web/.vite/route-files.json, by the
// route-files plugin of vite.config.ts): for each route of the portal's route table, the files its
// first render needs — the entry, the boot module, the screen and their static imports — and the
// chunk of each namespace of each language. The server announces a route's files in the page it
// sends (modulepreload), so they load side by side instead of one after another.
export const ROUTE_FILES = '.vite/route-files.json';

/** The form engine's chunk (vite.config.ts): a route that loads it shows a generated form. */
export const FORMS_CHUNK = /(^|\/)vendor-forms-[\w-]+\.js$/;

export interface RouteFiles {
  /** In the route table's order; `path` is a route pattern (`/bank-account/:id`, `/static/*`, `*`). */
  routes: {
    path: string;
    files: string[];
    /**
     * What the screen asks for itself once its module runs (`loadsLater`): the form engine, which
     * the page's script announces as the first load's last file arrives (page-script.ts).
     */
    later?: string[];
    /** The generated form the screen opens on arrival (`opensForm`): see `forms`. */
    opensForm?: string;
  }[];
  /** The chunk of each namespace of each language, e.g. locales.de.common. */
  locales: Record<string, Record<string, string>>;
  /**
   * By form a route opens: its uiSchema's files, and by country (`_default`: the countries
   * without variants of their own), then by transfer method (`''` for a form without), those of
   * its precompiled variants, in the build's order of the methods. The page announces the
   * variant the form opens on (core/payout/opening-method.ts) with the later files
   * (page-script.ts): the form needs it at once, the country's other methods only if chosen.
   */
  forms?: Record<string, { files: string[]; countries: Record<string, Record<string, string[]>> }>;
}

const segments = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * How well a route pattern matches a URL path: undefined when it does not, else a rank where a
 * higher one is more specific (more literal segments, no splat), as the router picks.
 */
export function matchRank(pattern: string, pathname: string): number | undefined {
  const want = segments(pattern);
  const have = segments(pathname);
  const splat = want[want.length - 1] === '*';
  const fixed = splat ? want.slice(0, -1) : want;
  if (splat ? have.length < fixed.length : have.length !== fixed.length) return undefined;
  let rank = 0;
  for (const [i, segment] of fixed.entries()) {
    if (segment.startsWith(':')) rank += 2;
    else if (segment === have[i]) rank += 3;
    else return undefined;
  }
  return splat ? rank : rank + 1;
}

/** The route of `pathname` in the table, as the router would choose it. */
export function routeFor<T extends { path: string }>(
  routes: readonly T[],
  pathname: string,
): T | undefined {
  let best: { route: T; rank: number } | undefined;
  for (const route of routes) {
    const rank = matchRank(route.path, pathname);
    if (rank !== undefined && (!best || rank > best.rank)) best = { route, rank };
  }
  return best?.route;
}
