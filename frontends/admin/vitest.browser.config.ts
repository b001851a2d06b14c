import { defineConfig } from 'vitest/config';

/** `npm run test:browser`: the built panel in Debian's Chromium (see test/admin.browser.test.ts). */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
