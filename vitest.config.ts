import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compactManifest, rjsfTrims, rjsfUnusedParts } from './vite.config';

export default defineConfig({
  // The web tests render the same trimmed RJSF, and read the same manifest, as the portal ships.
  plugins: [react(), compactManifest, rjsfUnusedParts()],
  resolve: { alias: rjsfTrims },
  test: {
    // Precompiled validators and the PGlite snapshot are built once before the suite.
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 20000,
    // Starting PGlite (or a server) in a beforeAll takes seconds, and far more on a busy machine.
    hookTimeout: 60000,
    // Two files at a time: most of the suite waits on PostgreSQL, a server or a browser, and one
    // worker (vitest's default on 2 cores) left the machine half idle for 20 minutes.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/ops/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/support/setup.ts'],
          // RJSF goes through Vite so that the trims above replace what it imports (Node would
          // load its own markdown-to-jsx, schema merging and fast-uri).
          server: { deps: { inline: [/@rjsf\//] } },
        },
      },
      {
        // Not `extends: true`: the root's global setup (validators, PGlite snapshot) already runs
        // once for the root project, and these tests need neither React nor the snapshot.
        test: {
          // Real Chromium against one real server (tests/e2e/global-setup.ts builds the portal when
          // it is stale, installs Chromium when missing and starts `scripts/start.ts`).
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 45000,
          hookTimeout: 60000,
          // Tests marked concurrent (the status walk's statuses) run three at a time.
          maxConcurrency: 3,
        },
      },
    ],
  },
});
