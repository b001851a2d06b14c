// Weight of the landing page as a browser downloads it, before images:
// HTML (with its inlined CSS) + the one script, raw, gzip and brotli, per language.
// `node bench/landing-weight.mjs` (builds frontends/landing first when dist/ is missing).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'frontends/landing/dist');
const BUDGET_KB = 150;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.log('building @gleba/landing ...');
  execFileSync('npm', ['run', 'build', '-w', '@gleba/landing'], { cwd: root, stdio: 'inherit' });
}

const gzip = (buf) => gzipSync(buf, { level: 9 }).length;
const brotli = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => (n / 1024).toFixed(1);

const rows = [];
for (const [lang, file] of [
  ['pl', 'index.html'],
  ['en', 'en/index.html'],
  ['uk', 'uk/index.html'],
]) {
  const html = readFileSync(path.join(dist, file));
  const text = html.toString('utf8');
  const css = Buffer.from([...text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join(''));
  const scripts = [...text.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) =>
    readFileSync(path.join(dist, m[1])),
  );
  const js = Buffer.concat(scripts);
  rows.push({
    page: `/${lang === 'pl' ? '' : `${lang}/`}`,
    'html KB': kb(html.length),
    'of which css KB': kb(css.length),
    'js KB': kb(js.length),
    'total KB': kb(html.length + js.length),
    'gzip KB': kb(gzip(html) + gzip(js)),
    'brotli KB': kb(brotli(html) + brotli(js)),
    requests: 1 + scripts.length,
  });
}
console.table(rows);
const worst = Math.max(...rows.map((r) => Number(r['gzip KB'])));
console.log(
  `heaviest page: ${worst} KB gzip (HTML + CSS + JS), budget ${BUDGET_KB} KB: ${worst < BUDGET_KB ? 'within' : 'OVER'}`,
);
