import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The gateway serves the built panel at /admin (history fallback) and the APIs at /farm-api and /garden-api. */
const gateway = process.env.GLEBA_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5174,
    proxy: { '/farm-api': gateway, '/garden-api': gateway },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15_000,
  },
});
