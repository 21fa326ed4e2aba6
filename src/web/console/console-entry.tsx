// The rules console (/console, issue 16): its own entry, loaded only on /console paths, so the
// recipients' portal never downloads it. It reuses the portal's SchemaForm (which needs the
// field labels and validation messages of i18n) but has its own client and screens.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n } from '../lib/i18n';
import { ConsoleApp } from './console-app';
import { initialConsoleLocale, loadCatalog, texts } from './texts';
import './console.css';

export async function mountConsole(root: HTMLElement): Promise<void> {
  // The language remembered in this browser, else the browser's: the console's own texts and the
  // preview's labels and messages (the locales) open in it; a signed-in staff member's stored
  // choice follows once GET /whoami answers (console-app.tsx).
  const locale = initialConsoleLocale();
  await Promise.all([loadCatalog(locale), initI18n(locale)]);
  document.title = texts.documentTitle;
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <ConsoleApp />
      </BrowserRouter>
    </StrictMode>,
  );
}
