import { deflateSync, inflateSync } from 'node:zlib';

/** An RGBA raster (row-major, 4 bytes a pixel) with the few drawing steps a WMS map needs. */
export class Raster {
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: [number, number, number, number] = [0, 0, 0, 0],
  ) {
    this.data = new Uint8Array(width * height * 4);
    if (background.some((v) => v !== 0))
      for (let i = 0; i < this.data.length; i += 4) this.data.set(background, i);
  }

  /** Source-over blend of one pixel (outside the raster: nothing). */
  plot(x: number, y: number, [r, g, b, a]: readonly [number, number, number, number]): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    const d = this.data;
    const sa = a / 255;
    const da = d[i + 3]! / 255;
    const oa = sa + da * (1 - sa);
    if (oa === 0) return;
    d[i] = Math.round((r * sa + d[i]! * da * (1 - sa)) / oa);
    d[i + 1] = Math.round((g * sa + d[i + 1]! * da * (1 - sa)) / oa);
    d[i + 2] = Math.round((b * sa + d[i + 2]! * da * (1 - sa)) / oa);
    d[i + 3] = Math.round(oa * 255);
  }

  /** A straight segment `width` pixels thick (Bresenham with a square brush); far ends are clipped. */
  line(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    colour: readonly [number, number, number, number],
    width = 1,
  ): void {
    // Clip a segment far outside the raster to a box around it (keeps the loop short).
    const pad = 4;
    const box = { minX: -pad, minY: -pad, maxX: this.width + pad, maxY: this.height + pad };
    const clipped = clipSegment(x0, y0, x1, y1, box);
    if (!clipped) return;
    const [cx0, cy0, bx, by] = clipped.map(Math.round) as [number, number, number, number];
    let ax = cx0;
    let ay = cy0;
    const dx = Math.abs(bx - ax);
    const dy = -Math.abs(by - ay);
    const sx = ax < bx ? 1 : -1;
    const sy = ay < by ? 1 : -1;
    let err = dx + dy;
    const from = -Math.floor((width - 1) / 2);
    for (;;) {
      for (let ox = 0; ox < width; ox += 1)
        for (let oy = 0; oy < width; oy += 1) this.plot(ax + from + ox, ay + from + oy, colour);
      if (ax === bx && ay === by) break;
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        ax += sx;
      }
      if (e2 <= dx) {
        err += dx;
        ay += sy;
      }
    }
  }

  /** Text in the 5x7 font, centred on (cx, cy), with a light halo so it reads on any background. */
  text(
    s: string,
    cx: number,
    cy: number,
    colour: readonly [number, number, number, number],
    halo: readonly [number, number, number, number],
    scale = 1,
  ): void {
    const w = textWidth(s, scale);
    const x0 = Math.round(cx - w / 2);
    const y0 = Math.round(cy - (GLYPH_H * scale) / 2);
    const pixels: [number, number][] = [];
    let x = x0;
    for (const ch of s) {
      const glyph = FONT[ch] ?? FONT['?']!;
      for (let gy = 0; gy < GLYPH_H; gy += 1)
        for (let gx = 0; gx < GLYPH_W; gx += 1)
          if (glyph[gy]![gx] === '#')
            for (let sy = 0; sy < scale; sy += 1)
              for (let sx = 0; sx < scale; sx += 1) pixels.push([x + gx * scale + sx, y0 + gy * scale + sy]);
      x += (GLYPH_W + 1) * scale;
    }
    const lit = new Set(pixels.map(([px, py]) => `${px},${py}`));
    for (const [px, py] of pixels)
      for (let oy = -1; oy <= 1; oy += 1)
        for (let ox = -1; ox <= 1; ox += 1)
          if (!lit.has(`${px + ox},${py + oy}`)) {
            lit.add(`${px + ox},${py + oy}`);
            this.plot(px + ox, py + oy, halo);
          }
    for (const [px, py] of pixels) this.plot(px, py, colour);
  }

  /** The raster as a PNG file (8-bit RGBA, no filter, zlib from node). */
  toPng(): Buffer {
    const stride = this.width * 4;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y += 1) {
      raw[y * (stride + 1)] = 0;
      raw.set(this.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method variants, no interlace
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** Reads back a PNG this module wrote (8-bit RGBA, filter 0): for the tests. */
export function decodePng(png: Buffer): { width: number; height: number; data: Uint8Array } {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6) throw new Error('only 8-bit RGBA');
    } else if (type === 'IDAT') idat.push(body);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    if (raw[y * (width * 4 + 1)] !== 0) throw new Error('only filter 0');
    data.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, data };
}

/** Liang-Barsky clip of a segment to a box; null when it lies fully outside. */
function clipSegment(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  b: { minX: number; minY: number; maxX: number; maxY: number },
): [number, number, number, number] | null {
  let t0 = 0;
  let t1 = 1;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const edges: [number, number][] = [
    [-dx, x0 - b.minX],
    [dx, b.maxX - x0],
    [-dy, y0 - b.minY],
    [dy, b.maxY - y0],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const r = q / p;
      if (p < 0) {
        if (r > t1) return null;
        if (r > t0) t0 = r;
      } else {
        if (r < t0) return null;
        if (r < t1) t1 = r;
      }
    }
  }
  return [x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy];
}

const GLYPH_W = 5;
const GLYPH_H = 7;

export function textWidth(s: string, scale = 1): number {
  return s.length ? (s.length * (GLYPH_W + 1) - 1) * scale : 0;
}
export const TEXT_HEIGHT = GLYPH_H;

/** A 5x7 bitmap font for parcel numbers (digits, `/`, `-`, `.`, a few letters; `?` otherwise). */
const FONT: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
  '/': ['    #', '    #', '   # ', '  #  ', ' #   ', '#    ', '#    '],
  '-': ['     ', '     ', '     ', '#####', '     ', '     ', '     '],
  '.': ['     ', '     ', '     ', '     ', '     ', ' ##  ', ' ##  '],
  a: ['     ', '     ', ' ### ', '    #', ' ####', '#   #', ' ####'],
  b: ['#    ', '#    ', '#### ', '#   #', '#   #', '#   #', '#### '],
  c: ['     ', '     ', ' ### ', '#    ', '#    ', '#   #', ' ### '],
  d: ['    #', '    #', ' ####', '#   #', '#   #', '#   #', ' ####'],
  '?': [' ### ', '#   #', '    #', '   # ', '  #  ', '     ', '  #  '],
};
