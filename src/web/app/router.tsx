// The routes of the route table in react-router's declarative mode: every screen lazy, every route
// behind its guard and its own error boundary, all of them inside the shell (configuration gate,
// layout, modals, session). Declarative, not the data router: the portal uses no loaders or
// actions, and the data router would add ~18 KB gzipped to every signed-in page.
import { Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { loadingLabel } from '../lib/early-texts';
import { setNavigator } from '../lib/navigation';
import { AppShell } from './app-shell';
import { RouteGuard } from './route-guard';
import { ErrorBoundary } from './screen-error';
import { ROUTES, type RouteEntry } from './route-table';
import { screenOf } from './screen-modules';

function ScreenRoute({ entry, screen: Screen }: { entry: RouteEntry; screen: ComponentType }) {
  const { pathname } = useLocation();
  // A screen that throws (or whose code fails to load) keeps the layout around it; moving to
  // another page clears the error.
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<Spinner label={loadingLabel()} />}>
        <RouteGuard entry={entry}>
          <Screen />
        </RouteGuard>
      </Suspense>
    </ErrorBoundary>
  );
}

/** Lets non-React code (the API layer) navigate with the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => void navigate(to));
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <ErrorBoundary standalone>
      <NavigatorBridge />
      <Routes>
        <Route element={<AppShell />}>
          {ROUTES.map((entry) =>
            entry.redirect ? (
              <Route
                key={entry.path}
                path={entry.path}
                element={<Navigate to={entry.redirect} replace />}
              />
            ) : (
              <Route
                key={entry.path}
                path={entry.path}
                element={<ScreenRoute entry={entry} screen={screenOf(entry)} />}
              />
            ),
          )}
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
