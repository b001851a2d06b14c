import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheets } from '../src/adapters/workbook-reader';
import { guardXlsx } from '../src/adapters/xlsx-guard';
import { readCentralDirectory, worksheetsLast } from '../src/adapters/zip';
import { PL_HEADERS } from './helpers';
import { CONTENT_TYPES, SHEET_MAIN, zip } from './zip';

/** A workbook as exceljs's streaming writer (and Excel) lay it out: the worksheet before the shared strings. */
async function streamedWorkbook(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: true,
    useStyles: false,
  });
  const ws = wb.addWorksheet('Wyniki');
  ws.addRow(PL_HEADERS).commit();
  for (let i = 0; i < rows; i++)
    ws.addRow([`GL${i}`, 'BASIC_TEST', 5.5, 10 + (i % 7), 12, 4, ['lekka', 'średnia'][i % 2], null]).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const names = (file: Buffer) => readCentralDirectory(file, 1000).entries.map((e) => e.name);
const localOrder = (file: Buffer) =>
  [...readCentralDirectory(file, 1000).entries]
    .sort((a, b) => a.localHeaderOffset - b.localHeaderOffset)
    .map((e) => e.name);
const limits = { maxFileBytes: 5 << 20, maxUncompressedBytes: 300 << 20, maxRatio: 200, maxEntries: 1000 };

async function rowsOf(file: Buffer): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for await (const group of readSheets(file)) for (const r of group) rows.push(r.values);
  return rows;
}

describe('worksheetsLast', () => {
  it('moves the worksheet behind the shared strings without changing what the workbook says', async () => {
    const original = await streamedWorkbook(300);
    expect(localOrder(original).indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(
      localOrder(original).indexOf('xl/sharedStrings.xml'),
    );

    const reordered = worksheetsLast(original);
    expect(reordered.length).toBe(original.length);
    expect(localOrder(reordered).at(-1)).toBe('xl/worksheets/sheet1.xml');
    // The central directory keeps its order and points at every entry's new place: still a valid,
    // guard-approved workbook with the same rows.
    expect(names(reordered)).toEqual(names(original));
    await expect(guardXlsx(reordered, limits)).resolves.toMatchObject({
      worksheets: ['xl/worksheets/sheet1.xml'],
    });
    const rows = await rowsOf(reordered);
    expect(rows).toEqual(await rowsOf(original));
    expect(rows).toHaveLength(301);
    expect(rows[2]).toEqual([undefined, 'GL1', 'BASIC_TEST', 5.5, 11, 12, 4, 'średnia']);
  });

  it('returns a file already in order, or one whose entries do not tile it, as it is', async () => {
    const ordered = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES(SHEET_MAIN) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') },
    ]);
    expect(worksheetsLast(ordered)).toBe(ordered);
    const notAZip = Buffer.from(
      'not a zip at all, just some bytes that are long enough to look for an end record',
    );
    expect(worksheetsLast(notAZip)).toBe(notAZip);
    // A gap between two entries (bytes no entry claims): left for the parser to judge.
    const sheetFirst = zip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') },
      { name: '[Content_Types].xml', data: CONTENT_TYPES(SHEET_MAIN) },
    ]);
    const second = readCentralDirectory(sheetFirst, 10).entries[1]!.localHeaderOffset;
    const gapped = Buffer.concat([
      sheetFirst.subarray(0, second),
      Buffer.alloc(4),
      sheetFirst.subarray(second),
    ]);
    expect(worksheetsLast(gapped)).toBe(gapped);
  });
});
