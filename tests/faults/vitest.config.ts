import { defineConfig } from 'vitest/config';

// One file, one whole system on private PostgreSQL, RabbitMQ and Redis (see README.md).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
