import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Precompiled validators are built once before the suite (see tests/global-setup.ts).
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 20000,
  },
});
