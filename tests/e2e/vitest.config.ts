import { defineConfig } from 'vitest/config';

// One system for the whole suite (started by the global setup, on its own ports, databases,
// exchange, queues and Redis keys); files run one after another against it.
export default defineConfig({
  test: {
    globalSetup: ['./src/global-setup.ts'],
    include: ['test/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
