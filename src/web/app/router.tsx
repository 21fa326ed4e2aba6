// Builds the data router from the route table: every screen lazy, every route behind its guard,
// all of them inside the shell (configuration gate, layout, modals, session).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { AppShell } from './app-shell';
import { RouteGuard } from './route-guard';
import { ScreenError, ShellError } from './screen-error';
import { ROUTES, type RouteEntry } from './route-table';

function toRoute(entry: RouteEntry): RouteObject {
  if (entry.redirect)
    return { path: entry.path, element: <Navigate to={entry.redirect} replace /> };
  const load = entry.screen;
  return {
    path: entry.path,
    // A screen that throws (or whose code fails to load) keeps the layout around it.
    ErrorBoundary: ScreenError,
    lazy: async () => {
      const Screen = load ? (await load()).default : () => null;
      return {
        Component: () => (
          <RouteGuard entry={entry}>
            <Screen />
          </RouteGuard>
        ),
      };
    },
  };
}

export const routeObjects = (): RouteObject[] => [
  {
    element: <AppShell />,
    ErrorBoundary: ShellError,
    // Shown while the first lazy screen loads, before the shell has its language.
    HydrateFallback: () => <Spinner label="Loading" />,
    children: ROUTES.map(toRoute),
  },
];

export const createRouter = () => createBrowserRouter(routeObjects());
