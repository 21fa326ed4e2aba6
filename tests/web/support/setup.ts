// Web tests: jest-dom matchers, the HTTP layer mocked with MSW (nothing else is mocked), and a
// clean DOM, cookies and storage between tests.
import '@testing-library/jest-dom/vitest';
import { createRequire, Module } from 'node:module';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import * as preactCompat from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

// The portal runs on preact/compat, and so do these tests (the aliases in vite.config.ts). One
// library the portal uses is CommonJS (use-sync-external-store, under react-redux and
// react-i18next): its `require('react')` is reached by no alias, so hand it the very preact/compat
// instance the ES modules share, or its hooks would run on a second, unmounted React.
const requireCjs = createRequire(`${process.cwd()}/package.json`);
const reactPath = requireCjs.resolve('react');
const reactModule = new Module(reactPath);
reactModule.filename = reactPath;
reactModule.paths = requireCjs.resolve.paths('react') ?? [];
reactModule.exports = preactCompat;
reactModule.loaded = true;
requireCjs.cache[reactPath] = reactModule;

// Preact runs effects after the next frame: requestAnimationFrame, with a timeout fallback that
// calls cancelAnimationFrame. This worker keeps Preact loaded from one test file to the next, and
// such a timeout fired after jsdom (and its cancelAnimationFrame) was gone. A plain timeout
// schedules them here, through the hook Preact offers for it.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback);
};

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
