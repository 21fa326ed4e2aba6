// Web tests: jest-dom matchers, the HTTP layer mocked with MSW (nothing else is mocked), and a
// clean DOM, cookies and storage between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

// jsdom lacks <dialog> methods.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// The whole suite runs in parallel with the API and browser tests; give lazy routes time to load.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The payout-method cards load their preview (and the form-variant manifest) lazily beside the
// list: loaded here once, so a test that ends while /settings is still showing does not leave the
// import running into the next file's teardown.
beforeAll(async () => {
  await import('../../../src/web/features/payment-methods/components/method-preview');
});
// The default handlers answer as a signed-in user, whose browser holds the session's CSRF cookie
// (without it the portal knows it has no session and asks nothing).
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=web-test-csrf; Path=/';
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});
afterAll(() => server.close());
