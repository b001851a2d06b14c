import { defineConfig } from 'vitest/config';

/** The fault tests that take shared infrastructure down: run alone, after everything else. */
export default defineConfig({
  test: {
    include: ['test/**/*.faults.test.ts'],
    globalSetup: ['../testkit/src/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
