// The full portal: store, the routes of the route table, shell.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import { createStore } from './store';
import { installGlobalErrorHandler } from './global-errors';
import { readBootData } from '../lib/boot-data';
import { seedFromBootData } from './boot-data';

export function mountApp(root: HTMLElement): void {
  const store = createStore();
  installGlobalErrorHandler(store);
  const boot = readBootData();
  if (boot) seedFromBootData(store.dispatch, boot);
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
