import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The gateway serves the built SPA at / and the APIs under /api on the same origin. */
const gateway = process.env.GLEBA_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': gateway, '/cms': gateway },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    testTimeout: 15_000,
  },
});
