// Bundles a service's TypeScript (and the internal @gleba/* packages it uses, which ship as
// source) into dist/main.js; third-party packages stay external and load from node_modules.
// A worker thread's entry (`src/**/<name>.thread.ts`) gets a bundle of its own beside it,
// dist/<name>.thread.js, which the service starts its thread from.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const entry = process.argv[2] ?? 'src/main.ts';
const threads = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.thread.ts'))
  .map((f) => [path.basename(f, '.ts'), path.join('src', f)]);
await build({
  entryPoints: { main: entry, ...Object.fromEntries(threads) },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __glebaCreateRequire } from 'node:module'; const require = __glebaCreateRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'external-third-party',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@gleba/') || args.path.startsWith('node:')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
