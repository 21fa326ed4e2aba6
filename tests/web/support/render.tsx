// Renders the real app (store, router from the route table, shell) at a URL, or any element with
// the providers, as bulletproof-react's renderWithProviders does.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routeObjects } from '../../../src/web/app/router';
import { createStore, type AppStore } from '../../../src/web/app/store';
import { setNavigator } from '../../../src/web/lib/navigation';
import { initI18n } from '../../../src/web/lib/i18n';

export async function renderApp(url: string, store: AppStore = createStore()) {
  await initI18n('en');
  const router = createMemoryRouter(routeObjects(), { initialEntries: [url] });
  setNavigator((to) => void router.navigate(to));
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, store };
}

export async function renderWithProviders(ui: ReactElement, store: AppStore = createStore()) {
  await initI18n('en');
  return { ...render(<Provider store={store}>{ui}</Provider>), store };
}
