import { afterAll, describe, expect, it } from 'vitest';
import { LabImportErrorCode } from '@gleba/contracts';
import { parseWorkbook, type ParseJob } from '../src/adapters/parse-workbook';
import { FileRejected } from '../src/adapters/xlsx-guard';
import { parseInThread, stopParserThread } from '../src/adapters/parse-in-thread';
import { workbook, type Cell } from './helpers';

async function collect(batches: AsyncIterable<{ items: unknown[]; share: number }>) {
  const out: unknown[][] = [];
  let share = 0;
  for await (const b of batches) {
    // Elements are UTF-8 bytes (a Buffer view here, a Uint8Array after the thread's message): compared as text.
    out.push(
      b.items.map((i) =>
        (i as { elements?: Uint8Array }).elements
          ? {
              ...(i as object),
              elements: Buffer.from((i as { elements: Uint8Array }).elements).toString('utf8'),
            }
          : i,
      ),
    );
    share = b.share;
  }
  return { out, share };
}

describe('lab-import: the parser thread', () => {
  afterAll(() => stopParserThread());

  const rows: Cell[][] = Array.from({ length: 23 }, (_, i) => [
    `GLTHREAD${String(i).padStart(6, '0')}`,
    'BASIC_TEST',
    5 + (i % 10) / 10,
    9.6,
    7.1,
    1.8,
    'lekka',
    null,
  ]);
  rows[4] = ['GLTHREAD000004', 'BASIC_TEST', 'abc', 9.6, 7.1, 1.8, 'lekka', null]; // not a number
  rows[9] = ['GLTHREAD000009', 'PLASMA', 5, 9.6, 7.1, 1.8, 'lekka', null]; // unknown type

  it('yields the same batches as parsing in the service thread, then parses the next workbook', async () => {
    const job: ParseJob = { file: await workbook(rows), chosen: 'BASIC_TEST', maxRows: 1000, batchSize: 5 };
    const inline = await collect(parseWorkbook(job));
    const threaded = await collect(parseInThread(job, new AbortController().signal));
    expect(threaded.out).toEqual(inline.out);
    expect(threaded.share).toBe(1);
    expect(inline.out.map((b) => b.length)).toEqual([5, 5, 5, 5, 3]);
    expect(inline.out.flat()).toContainEqual(
      expect.objectContaining({
        kind: 'error',
        number: 6,
        errors: [
          {
            code: LabImportErrorCode.importCellNotANumber,
            params: { column: 'C', header: 'pH w KCl', value: 'abc' },
          },
        ],
      }),
    );
    expect(inline.out.flat()).toContainEqual(
      expect.objectContaining({
        kind: 'error',
        number: 11,
        errors: [
          {
            code: LabImportErrorCode.importUnknownTestTypeValue,
            params: { column: 'B', header: 'Rodzaj badania', value: 'PLASMA' },
          },
        ],
      }),
    );
    // The warm thread takes the next workbook.
    const again = await collect(parseInThread({ ...job, batchSize: 50 }, new AbortController().signal));
    expect(again.out.flat()).toEqual(inline.out.flat());
  });

  it('reports a broken file, a missing labels column and too many rows (with their parameters) as the service thread would', async () => {
    const cases: [ParseJob, LabImportErrorCode][] = [
      [
        {
          file: Buffer.from('PK\u0003\u0004 not really a zip'),
          chosen: 'BASIC_TEST',
          maxRows: 1000,
          batchSize: 5,
        },
        LabImportErrorCode.importFileCorrupt,
      ],
      [
        {
          file: await workbook([['a', 'b']], ['Nothing', 'Here']),
          chosen: 'BASIC_TEST',
          maxRows: 1000,
          batchSize: 5,
        },
        LabImportErrorCode.importNoLabelsColumn,
      ],
      [
        { file: await workbook(rows), chosen: 'BASIC_TEST', maxRows: 10, batchSize: 5 },
        LabImportErrorCode.importTooManyRows,
      ],
    ];
    for (const [job, code] of cases) {
      for (const parse of [
        () => parseWorkbook(job),
        () => parseInThread(job, new AbortController().signal),
      ]) {
        const error = await collect(parse()).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(FileRejected);
        expect((error as FileRejected).code).toBe(code);
        // The message's parameters cross the thread too.
        if (code === LabImportErrorCode.importTooManyRows)
          expect((error as FileRejected).params).toEqual({ max: 10 });
      }
    }
  });

  it('stops at once when aborted, and the next workbook still parses', async () => {
    const controller = new AbortController();
    const job: ParseJob = { file: await workbook(rows), chosen: 'BASIC_TEST', maxRows: 1000, batchSize: 5 };
    const seen: number[] = [];
    const run = (async () => {
      for await (const b of parseInThread(job, controller.signal)) {
        seen.push(b.items.length);
        controller.abort(new Error('deadline'));
      }
    })();
    await expect(run).rejects.toThrow('deadline');
    expect(seen).toEqual([5]);
    const next = await collect(parseInThread(job, new AbortController().signal));
    expect(next.out.flat()).toHaveLength(23);
  });
});
