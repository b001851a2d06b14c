import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../packages/testkit/src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file starts its own service on its own database and exchange; sharing the module graph
    // between files in a worker saves re-importing it (most of the run on a busy 2-core machine).
    isolate: false,
  },
});
