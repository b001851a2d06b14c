#!/usr/bin/env node
/**
 * Draws the app icons (the favicon's sprout over soil) as PNG without any image library:
 * shapes rasterised with 4x4 supersampling, written with zlib. Run once after a design change:
 *   node src/features/pwa/icons/make-icons.mjs   (from frontends/customer; writes public/icons/)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '../../../../public/icons');
const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const CREAM = hex('#f5f7f2');
const SOIL = hex('#6d4c2f');
const GREEN = hex('#2f6b2f');
const LIME = hex('#7cb342');

const inEllipse = (x, y, cx, cy, rx, ry, deg) => {
  const a = (deg * Math.PI) / 180;
  const dx = x - cx;
  const dy = y - cy;
  const u = dx * Math.cos(a) + dy * Math.sin(a);
  const v = -dx * Math.sin(a) + dy * Math.cos(a);
  return (u * u) / (rx * rx) + (v * v) / (ry * ry) <= 1;
};
const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/** The design on a 64-unit grid (as favicon.svg): the colour at (x, y) or null. */
function design(x, y) {
  if (inRoundRect(x, y, 4, 44, 60, 58, 4)) return SOIL;
  if (inEllipse(x, y, 41, 18, 12, 6, -40)) return GREEN;
  if (inEllipse(x, y, 23, 21, 12, 6, 40)) return LIME;
  if (x >= 30 && x <= 34 && y >= 24 && y <= 44) return GREEN;
  return null;
}

/** size px; the design fills `scale` of the side; `bleed`: the background covers the whole square (maskable). */
function draw(size, scale, bleed) {
  const px = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          const fx = (i + (si + 0.5) / S) / size;
          const fy = (j + (sj + 0.5) / S) / size;
          const bg = bleed || inRoundRect(fx * 64, fy * 64, 0, 0, 64, 64, 12);
          if (!bg) continue;
          const gx = ((fx - 0.5) / scale) * 64 + 32;
          const gy = ((fy - 0.5) / scale) * 64 + 32;
          const c = design(gx, gy) ?? CREAM;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 255;
        }
      }
      const n = S * S;
      const o = (j * size + i) * 4;
      const cover = a / 255;
      px[o] = cover ? Math.round(r / cover) : 0;
      px[o + 1] = cover ? Math.round(g / cover) : 0;
      px[o + 2] = cover ? Math.round(b / cover) : 0;
      px[o + 3] = Math.round(a / n);
    }
  }
  return png(size, px);
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon-192.png'), draw(192, 0.8, false));
writeFileSync(join(out, 'icon-512.png'), draw(512, 0.8, false));
// Maskable: the background bleeds to the edges and the design stays inside the 80 % safe circle.
writeFileSync(join(out, 'icon-maskable-512.png'), draw(512, 0.6, true));
writeFileSync(join(out, 'apple-touch-icon.png'), draw(180, 0.7, true));
console.log(`icons written to ${out}`);
