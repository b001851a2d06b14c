// Bundles a service's TypeScript (and the internal @gleba/* packages it uses, which ship as
// source) into dist/main.js; third-party packages stay external and load from node_modules.
import { build } from 'esbuild';

const entry = process.argv[2] ?? 'src/main.ts';
await build({
  entryPoints: [entry],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __glebaCreateRequire } from 'node:module'; const require = __glebaCreateRequire(import.meta.url);" },
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
