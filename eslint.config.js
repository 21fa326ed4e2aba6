import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

// Boundaries (issue 30): core is imported by web and server and imports neither; a feature of the
// portal imports no other feature and not the app that composes them; shared components and
// libraries import no feature. A rule that crosses them belongs one level down (src/web/api,
// src/web/components, src/web/lib, src/core).
const FEATURES = readdirSync(`${import.meta.dirname}/src/web/features`, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const BOUNDARIES = [
  {
    target: './src/core',
    from: ['./src/web', './src/server'],
    message: 'core is shared: it imports neither side.',
  },
  { target: './src/server', from: './src/web', message: 'the server never imports the portal.' },
  { target: './src/web', from: './src/server', message: 'the portal never imports the server.' },
  ...FEATURES.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message:
      'a feature imports no other feature: move what both need to src/web/api, components or lib.',
  })),
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'features do not import the app that composes them.',
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/api'],
    from: ['./src/web/features', './src/web/app'],
    message: 'shared code imports no feature and not the app.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/core/generated'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files too: with the default parser it cannot, and sees nothing.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      // Dynamic imports count too: a lazy screen that imports its router back is still a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
    },
  },
  {
    // Fast Refresh patches a module in place only when it exports components alone: a component
    // file that also exports a function or a constant reloads the page and loses its state.
    files: ['src/web/**/*.tsx'],
    plugins: { 'react-refresh': reactRefresh },
    rules: { 'react-refresh/only-export-components': ['error', { allowConstantExport: true }] },
  },
  {
    // RTK Query's own idiom: endpoints without an argument take `void` (and optional ones `T | void`).
    files: ['src/web/api/*.ts', 'src/web/features/**/api/*.ts'],
    rules: { '@typescript-eslint/no-invalid-void-type': 'off' },
  },
  {
    // Tests and build scripts index into known fixtures under noUncheckedIndexedAccess; a failed
    // assumption there fails the run loudly, which is what a `!` means.
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
