// The screen component of each route of the route table: lazily loaded, or rendered at once when
// the app loaded it before its first render (preloadScreen, from app-entry.tsx).
import { lazy, type ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { ROUTES, type RouteEntry } from './route-table';

const Empty = () => null;

/** One lazy component per screen module, made once (React.lazy caches the loaded module). */
const SCREENS = new Map<RouteEntry['screen'], ComponentType>(
  ROUTES.map((entry) => [entry.screen, entry.screen ? lazy(entry.screen) : Empty]),
);
/** Screens loaded before the first render (preloadScreen): rendered at once, without suspending. */
const LOADED = new Map<RouteEntry['screen'], ComponentType>();

/**
 * Loads the screen of the route at `pathname` (the page announced its files, so this is quick):
 * the first render then shows it at once instead of a spinner and a second render.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  // The router's own matching (router.tsx renders the same table), so the two agree on the route.
  const entry = matchRoutes(ROUTES, pathname)?.[0]?.route;
  if (!entry?.screen || LOADED.has(entry.screen)) return;
  try {
    LOADED.set(entry.screen, (await entry.screen()).default);
  } catch {
    // The lazy screen loads it again and its error boundary shows a failure.
  }
}

/** What a route renders: the screen loaded before the first render, else its lazy component. */
export const screenOf = (entry: RouteEntry): ComponentType =>
  LOADED.get(entry.screen) ?? SCREENS.get(entry.screen) ?? Empty;
