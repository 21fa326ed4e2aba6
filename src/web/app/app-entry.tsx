// The full portal: store, the routes of the route table, shell.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { initI18n, pickLocale } from '../lib/i18n';
import { AppRoutes } from './router';
import { preloadScreen } from './screen-modules';
import { createStore } from './store';
import { installGlobalErrorHandler } from './global-errors';
import { readBootData } from '../lib/boot-data';
import { seedFromBootData } from './boot-data';

export async function mountApp(root: HTMLElement): Promise<void> {
  const store = createStore();
  installGlobalErrorHandler(store);
  const boot = readBootData();
  if (boot) seedFromBootData(store.dispatch, boot);
  // With the page's boot data the texts and the screen can load before the first render (their
  // files were announced with the page), so it shows the screen, not a spinner then the screen.
  const { configuration, profile } = boot ?? {};
  await Promise.all([
    configuration
      ? initI18n(
          // A signed-in person's stored language first (the one their mails are written in).
          pickLocale(
            configuration.supportedLocales,
            configuration.defaultLocale,
            profile?.preferredLanguage,
          ),
        )
      : undefined,
    preloadScreen(window.location.pathname),
  ]);
  // A transition: React renders the first screen in slices and lets the browser in between (the
  // page already shows the merchant's frame), instead of one long task on a slow phone.
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <Provider store={store}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Provider>
      </StrictMode>,
    );
  });
}
