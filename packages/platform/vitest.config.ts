import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../testkit/src/global-setup.ts'],
    // Fault tests restart the shared broker: they run alone (`npm run test:faults -w @gleba/platform`).
    exclude: ['**/node_modules/**', 'test/**/*.faults.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
