import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * The little of ZIP that plot files need: reading the named members of an archive with a bound
 * on what they inflate to (a zip bomb stops at the bound, zlib's `maxOutputLength`), and writing
 * one. No ZIP64, encryption or multi-disk archives: a Shapefile of 200 fields is far below them.
 */

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** At most this many members are listed (a Shapefile has 3 to 8). */
const MAX_ENTRIES = 256;

export interface ZipLimits {
  /** Which members to inflate (by name); the others are listed only. */
  wanted: (name: string) => boolean;
  /** What the wanted members may inflate to, together. */
  maxTotalBytes: number;
}

/** The wanted members of a ZIP archive, by name (refused: not a ZIP, damaged, too large inflated). */
export function readZip(data: Buffer, limits: ZipLimits): Map<string, Buffer> {
  if (data.length < 22) throw new ZipError('not a ZIP archive');
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--)
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new ZipError('not a ZIP archive');
  const count = data.readUInt16LE(eocd + 10);
  const dirSize = data.readUInt32LE(eocd + 12);
  let at = data.readUInt32LE(eocd + 16);
  if (count > MAX_ENTRIES) throw new ZipError(`more than ${MAX_ENTRIES} members`);
  if (at + dirSize > eocd) throw new ZipError('damaged ZIP directory');
  const out = new Map<string, Buffer>();
  let budget = limits.maxTotalBytes;
  for (let n = 0; n < count; n++) {
    if (at + 46 > eocd || data.readUInt32LE(at) !== CENTRAL) throw new ZipError('damaged ZIP directory');
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const crc = data.readUInt32LE(at + 16);
    const packed = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLen = data.readUInt16LE(at + 28);
    const extraLen = data.readUInt16LE(at + 30);
    const commentLen = data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/') || !limits.wanted(name)) continue;
    if (flags & 1) throw new ZipError(`${name} is encrypted`);
    if (size > budget) throw new ZipError('the archive inflates beyond the size limit');
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL)
      throw new ZipError('damaged ZIP member');
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + packed > data.length) throw new ZipError('damaged ZIP member');
    const raw = data.subarray(start, start + packed);
    let bytes: Buffer;
    if (method === 0) bytes = raw;
    else if (method === 8)
      try {
        bytes = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
      } catch (error) {
        throw new ZipError(
          (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
            ? 'the archive inflates beyond the size limit'
            : `damaged ZIP member ${name}`,
        );
      }
    else throw new ZipError(`${name}: compression method ${method} not supported`);
    if (bytes.length !== size || crc32(bytes) !== crc) throw new ZipError(`damaged ZIP member ${name}`);
    budget -= bytes.length;
    out.set(name, bytes);
  }
  return out;
}

/** A ZIP archive of the given members (deflated), as a Shapefile export is sent. */
export function writeZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const packed = deflateRawSync(file.data);
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00 (DOS time, date)
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
