import { LabImportErrorCode } from '@gleba/contracts';
import { FileRejected } from '../domain/file-rejected';

/** One entry of a zip's central directory. */
export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where its central directory record starts, and its length (header, name, extra, comment). */
  centralOffset: number;
  centralLength: number;
}

export interface CentralDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts, and where its end record (EOCD) starts. */
  cdOffset: number;
  eocd: number;
}

/** Reads a zip's central directory (no zip64), refusing one that is broken or has too many entries. */
export function readCentralDirectory(buf: Buffer, maxEntries: number): CentralDirectory {
  // End of central directory: 22 bytes plus a comment of at most 65535.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0)
    throw new FileRejected(LabImportErrorCode.importFileCorrupt, 'zip end of central directory not found');
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff)
    throw new FileRejected(LabImportErrorCode.importUnsupportedFile, 'zip64 archives are not accepted');
  if (count > maxEntries)
    throw new FileRejected(
      LabImportErrorCode.importFileTooLargeUncompressed,
      `the archive has ${count} entries`,
    );
  if (cdOffset + cdSize > buf.length)
    throw new FileRejected(LabImportErrorCode.importFileCorrupt, 'central directory outside the file');
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50)
      throw new FileRejected(LabImportErrorCode.importFileCorrupt, 'broken central directory');
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const centralLength = 46 + nameLength + extraLength + commentLength;
    entries.push({
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localHeaderOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
      centralOffset: p,
      centralLength,
    });
    p += centralLength;
  }
  return { entries, cdOffset, eocd };
}

/** An entry's compressed bytes, after its local header. */
export function entryData(buf: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50)
    throw new FileRejected(LabImportErrorCode.importFileCorrupt, `broken entry ${entry.name}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length)
    throw new FileRejected(LabImportErrorCode.importFileCorrupt, `entry ${entry.name} runs past the end`);
  return buf.subarray(start, end);
}

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The same workbook with its worksheets moved behind every other entry (shared strings, workbook
 * relationships), nothing inflated or compressed again: each entry's local header, data and data
 * descriptor are copied as they are, and the central directory points at their new places.
 *
 * exceljs's streaming reader can stream a worksheet only once it has read the shared strings and
 * the workbook's relationships; a worksheet that comes first (as exceljs and Excel write them) is
 * inflated into a temporary file and read back from disk afterwards. Reordered, the worksheet is
 * read straight from the zip. Returns the file as it is when nothing needs to move, or when its
 * entries do not tile the file (then exceljs reads it as it is and says what is wrong).
 */
export function worksheetsLast(buf: Buffer): Buffer {
  let cd: CentralDirectory;
  try {
    cd = readCentralDirectory(buf, 0xfffe);
  } catch {
    return buf;
  }
  const byOffset = [...cd.entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  // Each entry's bytes run from its local header to the next one's (or to the central directory).
  const spans = new Map<ZipEntry, [number, number]>();
  let expected = 0;
  for (let i = 0; i < byOffset.length; i++) {
    const e = byOffset[i]!;
    if (e.localHeaderOffset !== expected) return buf; // a gap or an overlap: leave it to the parser
    const end = i + 1 < byOffset.length ? byOffset[i + 1]!.localHeaderOffset : cd.cdOffset;
    spans.set(e, [e.localHeaderOffset, end]);
    expected = end;
  }
  const order = [
    ...byOffset.filter((e) => !WORKSHEET.test(e.name)),
    ...byOffset.filter((e) => WORKSHEET.test(e.name)),
  ];
  if (order.every((e, i) => e === byOffset[i])) return buf;

  const out = Buffer.allocUnsafe(buf.length);
  let at = 0;
  const newOffset = new Map<ZipEntry, number>();
  for (const e of order) {
    const [start, end] = spans.get(e)!;
    newOffset.set(e, at);
    at += buf.copy(out, at, start, end);
  }
  // The central directory in its original order, each record pointing at its entry's new place.
  const cdStart = at;
  for (const e of cd.entries) {
    const record = at;
    at += buf.copy(out, at, e.centralOffset, e.centralOffset + e.centralLength);
    out.writeUInt32LE(newOffset.get(e)!, record + 42);
  }
  const eocd = at;
  at += buf.copy(out, at, cd.eocd, buf.length);
  out.writeUInt32LE(cdStart, eocd + 16);
  return out.subarray(0, at);
}
