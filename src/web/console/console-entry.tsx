// The rules console (/console, issue 16): its own entry, loaded only on /console paths, so the
// recipients' portal never downloads it. It reuses the portal's SchemaForm (which needs the
// field labels and validation messages of i18n) but has its own client and screens.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n } from '../lib/i18n';
import { ConsoleApp } from './console-app';
import './console.css';

export async function mountConsole(root: HTMLElement): Promise<void> {
  document.title = 'Rules console · Payee Portal';
  // Staff work in English; the preview's labels and messages come from the locales.
  await initI18n('en');
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <ConsoleApp />
      </BrowserRouter>
    </StrictMode>,
  );
}
