#!/usr/bin/env node
/**
 * Initial JavaScript of the customer app, gzipped: the entry script of dist/index.html plus the
 * chunks it preloads (what a first visit downloads before any lazy route chunk). Goal: <= 200 KB.
 *
 *   node bench/customer-bundle.mjs            builds @gleba/customer first
 *   node bench/customer-bundle.mjs --no-build reads the existing frontends/customer/dist
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'frontends/customer/dist');
const GOAL_KB = 200;

if (!process.argv.includes('--no-build') || !existsSync(join(dist, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', '@gleba/customer'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) initial.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) initial.add(m[1]);

const kb = (bytes) => (bytes / 1024).toFixed(1);
const size = (file) => {
  const buf = readFileSync(join(dist, file.replace(/^\//, '')));
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
};

let raw = 0;
let gzip = 0;
console.log('initial JS (entry + modulepreload):');
for (const file of initial) {
  const s = size(file);
  raw += s.raw;
  gzip += s.gzip;
  console.log(`  ${file.padEnd(48)} ${kb(s.raw).padStart(8)} KB  gzip ${kb(s.gzip).padStart(7)} KB`);
}
const lazy = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && !initial.has(`/assets/${f}`));
const lazyGzip = lazy.reduce((sum, f) => sum + size(`/assets/${f}`).gzip, 0);

console.log(`customer initial JS: ${kb(raw)} KB raw, ${kb(gzip)} KB gzip (goal <= ${GOAL_KB} KB) ${gzip / 1024 <= GOAL_KB ? 'OK' : 'OVER'}`);
console.log(`lazy route chunks: ${lazy.length} files, ${kb(lazyGzip)} KB gzip in total`);
