import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const [, , out, ...specs] = process.argv; // file:top:width:height
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
let i = 0;
for (const spec of specs) {
  const [file, top, width, height] = spec.split(':');
  await page.setViewportSize({ width: Number(width), height: Number(height) });
  await page.setContent(`<body style="margin:0;overflow:hidden"><img src="data:image/png;base64,${readFileSync(file).toString('base64')}" style="position:absolute;top:-${top}px;left:0"></body>`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/crop-${i++}.png` });
}
await browser.close();
