/**
 * Builds the landing page into dist/:
 *   index.html (pl), en/index.html, uk/index.html   static HTML with the CSS inlined
 *   landing/landing-<hash>.js                        the only script: cookie consent and link behaviours
 *   landing/og-image-<hash>.png                      the link-preview picture (drawn by scripts/og-image.ts)
 *   sitemap.xml, robots.txt
 * Run: npm run build -w @gleba/landing   (GLEBA_SITE_URL, GLEBA_CONTACT_EMAIL: see README)
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { STORAGE_KEYS } from '@gleba/contracts';
import { loadPriceList, PriceListError } from '../src/prices';
import { renderPage } from '../src/render/page';
import { LOGO_SVG } from '../src/render/illustrations';
import { renderRobots, renderSitemap } from '../src/seo';
import { LANGUAGES, languagePath, siteFromEnv } from '../src/site';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(root, '../..');
const dist = path.join(root, 'dist');
/** Public path of the script; the gateway must serve dist/landing/ there (README). */
export const ASSET_BASE = '/landing/';

async function bundleScript() {
  const result = await esbuild.build({
    entryPoints: { landing: path.join(root, 'src/client/main.ts') },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    define: { __LANG_STORAGE_KEY__: JSON.stringify(STORAGE_KEYS.lang) },
    legalComments: 'none',
    entryNames: '[name]-[hash]',
    outdir: path.join(dist, 'landing'),
    metafile: true,
    write: true,
    logLevel: 'warning',
  });
  const js = Object.keys(result.metafile.outputs).find((f) => f.endsWith('.js'));
  if (!js) throw new Error('esbuild produced no script');
  return path.resolve(js);
}

/** Copies a file under a content-hashed name (like esbuild's) and returns its public path. */
async function copyHashed(file: string, dir: string): Promise<string> {
  const bytes = await readFile(file);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const ext = path.extname(file);
  const name = `${path.basename(file, ext)}-${hash}${ext}`;
  await writeFile(path.join(dir, name), bytes);
  return ASSET_BASE + name;
}

async function pageCss(): Promise<string> {
  // @gleba/ui's shared styles (cookie banner, dialog, buttons) first, then the page's own rules.
  const uiDir = path.dirname(createRequire(import.meta.url).resolve('@gleba/ui'));
  const shared = await readFile(path.join(uiDir, 'styles.css'), 'utf8');
  const own = await readFile(path.join(root, 'src/styles.css'), 'utf8');
  const { code } = await esbuild.transform(`${shared}\n${own}`, {
    loader: 'css',
    minify: true,
    legalComments: 'none',
  });
  if (code.includes('</'))
    throw new Error('CSS must not contain "</" (it is inlined into a <style> element)');
  return code.trim();
}

async function main() {
  const site = siteFromEnv();
  const prices = await loadPriceList(path.join(repoRoot, 'config/prices.json'));

  await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  const script = await bundleScript();
  const assets = {
    css: await pageCss(),
    js: ASSET_BASE + path.basename(script),
    favicon: `data:image/svg+xml,${encodeURIComponent(LOGO_SVG)}`,
    ogImage: await copyHashed(path.join(root, 'assets/og-image.png'), path.join(dist, 'landing')),
  };

  const year = new Date().getUTCFullYear();
  const written: string[] = [];
  for (const lang of LANGUAGES) {
    const file = path.join(dist, languagePath(lang), 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    // Template indentation is whitespace the browser collapses anyway (no <pre> or <textarea> here).
    await writeFile(file, renderPage({ lang, site, prices, assets, year }).replace(/\n\s+/g, '\n'));
    written.push(file);
  }
  await writeFile(path.join(dist, 'sitemap.xml'), renderSitemap(site));
  await writeFile(path.join(dist, 'robots.txt'), renderRobots(site));

  const jsBytes = await readFile(script);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const file of written) {
    const htmlBytes = await readFile(file);
    console.log(
      `${path.relative(root, file)}: html ${kb(htmlBytes.length)} (gzip ${kb(gzipSync(htmlBytes).length)}), ` +
        `js ${kb(jsBytes.length)} (gzip ${kb(gzipSync(jsBytes).length)})`,
    );
  }
  if (site.contactEmail.endsWith('.example'))
    console.warn('warning: GLEBA_CONTACT_EMAIL is not set; the page shows a placeholder address');
}

main().catch((error: unknown) => {
  if (error instanceof PriceListError) console.error(`landing build failed: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
