/**
 * Draws assets/og-image.png (1200x630, the Open Graph / link-preview picture) from the page's own
 * SVG art in Debian's Chromium. Run by hand when the art changes; the PNG is committed so the build
 * needs no browser: `npx tsx scripts/og-image.ts` in frontends/landing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { heroIllustration, LOGO_SVG } from '../src/render/illustrations';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const card = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:64px 72px;display:flex;align-items:center;gap:56px;
  background:linear-gradient(180deg,#fff 0%,#eef3e6 100%);font-family:system-ui,'Noto Sans',sans-serif;color:#1d2a1d">
  <div style="flex:1">
    <div style="display:flex;align-items:center;gap:20px">${LOGO_SVG.replace('<svg ', '<svg width="96" height="96" ')}
      <span style="font-size:88px;font-weight:800;letter-spacing:-1px">Gleba</span></div>
    <p style="font-size:40px;line-height:1.25;margin:40px 0 0;font-weight:600">pH · P · K · Mg</p>
    <p style="font-size:30px;line-height:1.3;margin:16px 0 0;color:#4f5d4f">pl · en · uk</p>
  </div>
  <div style="width:520px">${heroIllustration.value.replace('class="hero-art"', 'style="width:520px;height:auto"')}</div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(card);
  const file = path.join(root, 'assets/og-image.png');
  await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 1200, height: 630 } });
  console.log(`wrote ${path.relative(root, file)}`);
} finally {
  await browser.close();
}
