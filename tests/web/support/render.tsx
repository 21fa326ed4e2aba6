// Renders the real app (store, the routes of the route table, shell) at a URL, or any element with
// the providers, as bulletproof-react's renderWithProviders does.
import { act, render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { AppRoutes } from '../../../src/web/app/router';
import { createStore, type AppStore } from '../../../src/web/app/store';
import { initI18n } from '../../../src/web/lib/i18n';

/**
 * Where the app is and a way to move it, for tests: `router.state.location` and
 * `router.navigate(to)` as the data router exposes them.
 */
export interface RouterProbe {
  state: { location: Location };
  navigate(to: string): Promise<void>;
}

interface ProbeTarget {
  location?: Location;
  navigate?: NavigateFunction;
}

/** Reports the router's location and navigate function after every render. */
export function LocationProbe({ report }: { report: (target: ProbeTarget) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    report({ location, navigate });
  }, [report, location, navigate]);
  return null;
}

export function newRouterProbe(): { probe: RouterProbe; report: (t: ProbeTarget) => void } {
  const target: ProbeTarget = {};
  const probe: RouterProbe = {
    state: {
      get location() {
        return target.location ?? { pathname: '', search: '', hash: '', state: null, key: '' };
      },
    },
    navigate: (to) =>
      act(async () => {
        await target.navigate?.(to);
      }),
  };
  return {
    probe,
    report: (t) => {
      Object.assign(target, t);
    },
  };
}

export async function renderApp(url: string, store: AppStore = createStore()) {
  await initI18n('en');
  const { probe: router, report } = newRouterProbe();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe report={report} />
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, router, store };
}

export async function renderWithProviders(ui: ReactElement, store: AppStore = createStore()) {
  await initI18n('en');
  return { ...render(<Provider store={store}>{ui}</Provider>), store };
}
