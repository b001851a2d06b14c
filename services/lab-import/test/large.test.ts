import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultsImportedV1 } from '@gleba/contracts';
import {
  createTestKeys,
  dropTestDatabases,
  listenForEvents,
  startTestService,
  waitFor,
  type EventListener,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { labImportService } from '../src/service';
import { importDetail, PL_HEADERS, upload, waitForStatus } from './helpers';

const ROWS = 20_000;
const SAMPLES_PER_ORDER = 4;

/** A lab file of 20,000 rows, written with exceljs's streaming writer as a lab's export would be. */
async function bigWorkbook(codes: string[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: true,
    useStyles: false,
  });
  const ws = wb.addWorksheet('Wyniki');
  ws.addRow(PL_HEADERS).commit();
  codes.forEach((c, i) =>
    ws
      .addRow([
        c,
        'BASIC_TEST',
        4.5 + (i % 30) / 10,
        5 + (i % 20),
        6 + (i % 25),
        2 + (i % 9),
        ['lekka', 'średnia', 'ciężka', 'bardzo lekka'][i % 4],
        null,
      ])
      .commit(),
  );
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

describe('lab-import: a 20,000-row workbook', () => {
  const keys = createTestKeys();
  const admin = keys.sign({ role: 'ADMIN' });
  let service: TestService<Database, Config>;
  let events: EventListener;
  let file: Buffer;
  const codes: string[] = [];
  const userId = randomUUID();

  beforeAll(async () => {
    // This suite checks on the parser thread (IMPORT_PARSE_THREAD=true); the others in the service's thread.
    service = await startTestService(labImportService, {
      keys: keys.resolver,
      config: { IMPORT_PARSE_THREAD: true },
    });
    events = await listenForEvents(service.ctx.config.EVENTS_EXCHANGE, ['lab.#']);
    // 20,000 expected samples in bulk (the consumer's path is covered by the other tests).
    const rows = [];
    let orderId = randomUUID();
    for (let i = 0; i < ROWS; i++) {
      if (i % SAMPLES_PER_ORDER === 0) orderId = randomUUID();
      const code = `BIG${String(i).padStart(9, '0')}`;
      codes.push(code);
      rows.push({
        sample_id: randomUUID(),
        code,
        order_id: orderId,
        order_number: `ORD-${Math.floor(i / SAMPLES_PER_ORDER)}`,
        user_id: userId,
        kind: 'FARM' as const,
        basic_test_type: 'BASIC_TEST',
        additional_test_types: '[]',
        field_name: `Pole ${i}`,
        plant_id: i % 2 ? 'winter-wheat' : 'potato',
        crop_id: null,
        sector_id: null,
        area_ha: 1 + (i % 10),
        area_ares: null,
      });
    }
    for (let i = 0; i < rows.length; i += 2000)
      await service.ctx.db
        .insertInto('expected_samples')
        .values(rows.slice(i, i + 2000))
        .execute();
    file = await bigWorkbook(codes);
  }, 120_000);
  afterAll(async () => {
    await events?.close();
    await service?.cleanup();
    await dropTestDatabases();
  });

  it('checks and applies every row, with progress, one event per order', async () => {
    const res = await upload(service.url, admin, file, 'testType=BASIC_TEST&step=apply');
    expect(res.status).toBe(202);
    const seen: { phase: string | null; percent: number }[] = [];
    const done = await waitFor(
      async () => {
        const d = await importDetail(service.url, admin, res.body.id);
        seen.push({ phase: d.progress.phase, percent: d.progress.percent });
        return d.status === 'APPLIED' || d.status === 'FAILED' ? d : null;
      },
      { timeoutMs: 110_000, intervalMs: 250 },
    );
    expect(done.status).toBe('APPLIED');
    expect(done.summary).toEqual({
      rowsRead: ROWS,
      valid: ROWS,
      applied: ROWS,
      rejected: 0,
      ordersTouched: ROWS / SAMPLES_PER_ORDER,
    });
    expect(done.progress).toMatchObject({ phase: 'apply', percent: 100, rowsRead: ROWS, total: ROWS });
    for (const phase of ['check', 'apply']) {
      const p = seen.filter((s) => s.phase === phase).map((s) => s.percent);
      expect(p).toEqual([...p].sort((a, b) => a - b));
    }
    const stored = await service.ctx.db
      .selectFrom('results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(ROWS);
    const withAdvice = await service.ctx.db
      .selectFrom('results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recommendation_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(withAdvice.n)).toBe(ROWS);
    await waitFor(
      () => events.all().filter((e) => e.type === ResultsImportedV1.type).length === ROWS / SAMPLES_PER_ORDER,
      { timeoutMs: 30_000 },
    );
    expect(
      events
        .all()
        .every(
          (e) =>
            e.type !== ResultsImportedV1.type ||
            (e.data as { completeness: string }).completeness === 'COMPLETE',
        ),
    ).toBe(true);
  }, 150_000);

  it('fails a read that outlives its deadline, without holding the worker', async () => {
    const slow = await startTestService(labImportService, {
      keys: keys.resolver,
      config: { IMPORT_JOB_TIMEOUT_MS: 300 },
    });
    try {
      const res = await upload(slow.url, admin, file);
      expect(res.status).toBe(202);
      const done = await waitForStatus(slow.url, admin, res.body.id, ['CHECKED', 'FAILED']);
      expect(done).toMatchObject({ status: 'FAILED', errorCode: 'importTimeout' });
    } finally {
      await slow.cleanup();
    }
  }, 60_000);
});
