import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../packages/testkit/src/global-setup.ts'],
    // Each file starts the whole stack (six services and the gateway): one file at a time.
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
