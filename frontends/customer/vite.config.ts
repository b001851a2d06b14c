import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The gateway serves the built SPA at / and the APIs under /api on the same origin. */
const gateway = process.env.GLEBA_GATEWAY_URL ?? 'http://127.0.0.1:8080';

/**
 * `@gleba/i18n` imports every namespace of every app. In this app's bundle its `./namespaces`
 * module (imported by its index, its notice formats and its import messages) is replaced by
 * `src/lib/i18n-namespaces.ts`, which holds the shell's namespaces and loads the others with their
 * routes (docs/decisions/0016-customer-lazy-i18n.md). A build in which the whole catalogue is
 * still found fails. The tests keep the full catalogue (vitest sets VITEST).
 */
function lazyI18nNamespaces(): Plugin {
  const replacement = fileURLToPath(new URL('./src/lib/i18n-namespaces.ts', import.meta.url));
  const i18nSource = /[\\/]packages[\\/]i18n[\\/]src[\\/][^\\/]+\.ts$/;
  const whole = /[\\/]packages[\\/]i18n[\\/]src[\\/]namespaces\.ts$/;
  return {
    name: 'gleba-customer-lazy-i18n',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './namespaces' && importer && i18nSource.test(importer)) return replacement;
      return null;
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        if (file.moduleIds.some((id) => whole.test(id)))
          this.error(
            `${file.fileName} holds @gleba/i18n's whole catalogue: an import of ./namespaces was not replaced`,
          );
      }
    },
  };
}

/** Public files of the installed app's shell (besides the built chunks). */
const SHELL_PUBLIC = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
  '/icons/apple-touch-icon.png',
];
/** Chunks above this are not precached: the map's MapLibre chunk (about 1 MB) is fetched, then cached, on first use; the barcode decoder (about 430 KB) is precached so scanning works offline. */
const PRECACHE_MAX_BYTES = 600_000;

/**
 * Emits `sw.js` from `src/features/pwa/sw.template.js` with the precache list of this build
 * (index.html, the JS and CSS chunks, the shell's public files) and a cache name from their
 * hashes, so each deploy installs a new cache and drops the old one
 * (docs/decisions/0017-customer-pwa.md).
 */
function serviceWorker(): Plugin {
  const template = fileURLToPath(new URL('./src/features/pwa/sw.template.js', import.meta.url));
  return {
    name: 'gleba-customer-service-worker',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.values(bundle)
          .filter((f) => /\.(js|css|html)$/.test(f.fileName))
          .filter(
            (f) =>
              (f.type === 'chunk'
                ? f.code.length
                : typeof f.source === 'string'
                  ? f.source.length
                  : f.source.byteLength) <= PRECACHE_MAX_BYTES,
          )
          .map((f) => `/${f.fileName}`)
          .sort();
        const precache = [...files, ...SHELL_PUBLIC];
        const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
        const source = readFileSync(template, 'utf8')
          .replace("'__GLEBA_CACHE__'", JSON.stringify(`gleba-shell-${version}`))
          .replace(
            'const PRECACHE = __GLEBA_PRECACHE__;',
            `const PRECACHE = ${JSON.stringify(precache, null, 2)};`,
          );
        if (source.includes('= __GLEBA_PRECACHE__') || source.includes("'__GLEBA_CACHE__'"))
          this.error('sw.template.js: a placeholder was not filled');
        this.emitFile({ type: 'asset', fileName: 'sw.js', source });
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), ...(process.env.VITEST ? [] : [lazyI18nNamespaces()]), serviceWorker()],
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
