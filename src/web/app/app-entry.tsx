// The full portal: store, the routes of the route table, shell.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import { createStore } from './store';
import { installGlobalErrorHandler } from './global-errors';

export function mountApp(root: HTMLElement): void {
  const store = createStore();
  installGlobalErrorHandler(store);
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
