import { createInflateRaw } from 'node:zlib';
import { LabImportErrorCode } from '@gleba/contracts';
import { FileRejected } from '../domain/file-rejected';
import { entryData, readCentralDirectory, type ZipEntry } from './zip';

export { FileRejected };

/**
 * Checks a file is a plain .xlsx workbook before any parser sees it, by content, not by name:
 * a zip (magic PK\3\4) whose `[Content_Types].xml` names a spreadsheetml workbook; not an OLE
 * compound file (a password-protected workbook, or an old .xls); no macros; and no zip bomb:
 * the declared sizes and ratios are checked from the central directory, then every entry is
 * inflated into nothing, counting, so a header that lies about its size is caught too.
 */

export interface GuardLimits {
  maxFileBytes: number;
  /** Sum of the entries' uncompressed sizes. */
  maxUncompressedBytes: number;
  /** Uncompressed / compressed, for entries over 1 MiB. */
  maxRatio: number;
  maxEntries: number;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');
const SHEET_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const MACRO_MAIN = 'application/vnd.ms-excel.sheet.macroenabled.main+xml';

/** Inflates an entry, keeping at most `keep` bytes, failing once more than `limit` come out. */
async function inflateEntry(
  buf: Buffer,
  entry: ZipEntry,
  limit: number,
  keep = 0,
): Promise<{ size: number; head: Buffer }> {
  const data = entryData(buf, entry);
  if (entry.method === 0) {
    if (data.length > limit)
      throw new FileRejected(
        LabImportErrorCode.importFileTooLargeUncompressed,
        `entry ${entry.name} is too large`,
      );
    return { size: data.length, head: data.subarray(0, keep) };
  }
  if (entry.method !== 8)
    throw new FileRejected(
      LabImportErrorCode.importUnsupportedFile,
      `entry ${entry.name} uses compression method ${entry.method}`,
    );
  return new Promise((resolve, reject) => {
    // 256 KiB chunks: a 29 MB worksheet is about 110 round trips to zlib's thread instead of 1,800
    // at its default chunk size.
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    let size = 0;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let done = false;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (keptBytes < keep) {
        kept.push(chunk);
        keptBytes += chunk.length;
      }
      if (size > limit && !done) {
        done = true;
        inflate.destroy();
        reject(
          new FileRejected(
            LabImportErrorCode.importFileTooLargeUncompressed,
            `entry ${entry.name} inflates past its limit`,
          ),
        );
      }
    });
    inflate.on('error', () => {
      if (done) return;
      done = true;
      reject(
        new FileRejected(LabImportErrorCode.importFileCorrupt, `entry ${entry.name} cannot be inflated`),
      );
    });
    inflate.on('end', () => {
      if (done) return;
      done = true;
      resolve({ size, head: Buffer.concat(kept).subarray(0, keep) });
    });
    inflate.end(data);
  });
}

export interface GuardReport {
  entries: number;
  uncompressedBytes: number;
  worksheets: string[];
}

export async function guardXlsx(buf: Buffer, limits: GuardLimits): Promise<GuardReport> {
  const inspected = await inspectXlsx(buf, limits);
  return { ...inspected, uncompressedBytes: await countInflated(buf, inspected.zipEntries, limits) };
}

/**
 * Every check of `guardXlsx` but the last: the file, its central directory, its declared sizes,
 * its content types and its worksheets. What is left is `countInflated`, which the upload runs
 * while it stores the file.
 */
export async function inspectXlsx(
  buf: Buffer,
  limits: GuardLimits,
): Promise<Omit<GuardReport, 'uncompressedBytes'> & { zipEntries: ZipEntry[] }> {
  if (buf.length > limits.maxFileBytes)
    throw new FileRejected(LabImportErrorCode.importFileTooLarge, `the file has ${buf.length} bytes`, 413);
  if (buf.length >= 8 && buf.subarray(0, 8).equals(CFB_MAGIC)) {
    if (buf.includes(ENCRYPTION_INFO))
      throw new FileRejected(
        LabImportErrorCode.importFileEncrypted,
        'an encrypted workbook (OLE compound file)',
      );
    throw new FileRejected(
      LabImportErrorCode.importUnsupportedFile,
      'an OLE compound file (.xls), not .xlsx',
    );
  }
  if (buf.length < 22 || !buf.subarray(0, 4).equals(ZIP_MAGIC))
    throw new FileRejected(LabImportErrorCode.importUnsupportedFile, 'not a zip archive');
  const { entries } = readCentralDirectory(buf, limits.maxEntries);

  let declared = 0;
  for (const e of entries) {
    if (e.flags & 0x1)
      throw new FileRejected(LabImportErrorCode.importFileEncrypted, `entry ${e.name} is encrypted`);
    declared += e.uncompressedSize;
    if (
      e.uncompressedSize > 1024 * 1024 &&
      e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize)
    ) {
      throw new FileRejected(
        LabImportErrorCode.importFileTooLargeUncompressed,
        `entry ${e.name} declares a ratio over ${limits.maxRatio}`,
      );
    }
  }
  if (declared > limits.maxUncompressedBytes)
    throw new FileRejected(
      LabImportErrorCode.importFileTooLargeUncompressed,
      `declares ${declared} bytes unpacked`,
    );

  const names = new Set(entries.map((e) => e.name));
  if ([...names].some((n) => n.toLowerCase().endsWith('vbaproject.bin')))
    throw new FileRejected(LabImportErrorCode.importFileHasMacros, 'the workbook carries a VBA project');
  const contentTypes = entries.find((e) => e.name === '[Content_Types].xml');
  if (!contentTypes)
    throw new FileRejected(
      LabImportErrorCode.importUnsupportedFile,
      'no [Content_Types].xml: not an Office document',
    );
  const ct = (await inflateEntry(buf, contentTypes, 1024 * 1024, 1024 * 1024)).head
    .toString('utf8')
    .toLowerCase();
  if (ct.includes(MACRO_MAIN))
    throw new FileRejected(LabImportErrorCode.importFileHasMacros, 'a macro-enabled workbook (.xlsm)');
  if (!ct.includes(SHEET_MAIN))
    throw new FileRejected(LabImportErrorCode.importUnsupportedFile, 'not a spreadsheetml workbook');
  const worksheets = entries.map((e) => e.name).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
  if (worksheets.length === 0)
    throw new FileRejected(LabImportErrorCode.importFileCorrupt, 'the workbook has no worksheet');
  return { entries: entries.length, worksheets, zipEntries: entries };
}

/** The real sizes: every entry inflated into nothing, none past what it declared, all together not past the cap. */
export async function countInflated(
  buf: Buffer,
  entries: readonly ZipEntry[],
  limits: GuardLimits,
): Promise<number> {
  let real = 0;
  for (const e of entries) {
    const { size } = await inflateEntry(
      buf,
      e,
      Math.min(e.uncompressedSize, limits.maxUncompressedBytes - real),
    );
    real += size;
  }
  return real;
}
