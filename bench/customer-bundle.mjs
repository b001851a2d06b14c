#!/usr/bin/env node
/**
 * Initial JavaScript of the customer app, gzipped: the entry script of dist/index.html plus the
 * chunks it preloads (what a first visit downloads before any lazy route chunk). Goal: <= 200 KB.
 *
 *   node bench/customer-bundle.mjs                  builds @gleba/customer first
 *   node bench/customer-bundle.mjs --no-build       reads the existing frontends/customer/dist
 *   node bench/customer-bundle.mjs --compare <ref>  also builds the app as of a git ref (its
 *       frontends/customer from `git archive`, the shared packages of this checkout) and prints
 *       both figures and their ratio (the build is deterministic: one run is enough)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'frontends/customer/dist');
const GOAL_KB = 200;

if (!process.argv.includes('--no-build') || !existsSync(join(dist, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', '@gleba/customer'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Initial JS (entry + modulepreload) and lazy chunks of a built app, gzipped. */
function measure(distDir, print) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const initial = new Set();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) initial.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) initial.add(m[1]);
  const size = (file) => {
    const buf = readFileSync(join(distDir, file.replace(/^\//, '')));
    return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  };
  let raw = 0;
  let gzip = 0;
  if (print) console.log('initial JS (entry + modulepreload):');
  for (const file of initial) {
    const s = size(file);
    raw += s.raw;
    gzip += s.gzip;
    if (print)
      console.log(`  ${file.padEnd(48)} ${kb(s.raw).padStart(8)} KB  gzip ${kb(s.gzip).padStart(7)} KB`);
  }
  const lazy = readdirSync(join(distDir, 'assets')).filter(
    (f) => f.endsWith('.js') && !initial.has(`/assets/${f}`),
  );
  const lazyGzip = lazy.reduce((sum, f) => sum + size(`/assets/${f}`).gzip, 0);
  return { raw, gzip, lazyFiles: lazy.length, lazyGzip };
}

const now = measure(dist, true);
console.log(
  `customer initial JS: ${kb(now.raw)} KB raw, ${kb(now.gzip)} KB gzip (goal <= ${GOAL_KB} KB) ${now.gzip / 1024 <= GOAL_KB ? 'OK' : 'OVER'}`,
);
console.log(`lazy route chunks: ${now.lazyFiles} files, ${kb(now.lazyGzip)} KB gzip in total`);
if (existsSync(join(dist, 'sw.js'))) {
  const precached = (readFileSync(join(dist, 'sw.js'), 'utf8').match(/^\s+"\//gm) ?? []).length;
  console.log(`service worker: ${precached} files precached`);
}

const refIndex = process.argv.indexOf('--compare');
if (refIndex > 0) {
  const ref = process.argv[refIndex + 1];
  const tree = mkdtempSync(join(tmpdir(), 'gleba-bundle-'));
  try {
    execFileSync(
      'sh',
      [
        '-c',
        `git archive ${JSON.stringify(ref)} frontends/customer tsconfig.base.json package.json | tar -x -C ${JSON.stringify(tree)}`,
      ],
      { cwd: root },
    );
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
    symlinkSync(join(root, 'packages'), join(tree, 'packages'));
    const out = join(tree, 'dist-compare');
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir'],
      { cwd: join(tree, 'frontends/customer'), stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const then = measure(out, false);
    console.log(
      `at ${ref}: ${kb(then.gzip)} KB gzip initial; now ${kb(now.gzip)} KB gzip; ratio now/then ${(now.gzip / then.gzip).toFixed(3)}`,
    );
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
