// The full portal: store, router from the route table, shell.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { setNavigator } from '../lib/navigation';
import { createRouter } from './router';
import { createStore } from './store';
import { installGlobalErrorHandler } from './global-errors';

export function mountApp(root: HTMLElement): void {
  const store = createStore();
  installGlobalErrorHandler(store);
  const router = createRouter();
  setNavigator((to) => void router.navigate(to));
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
}
