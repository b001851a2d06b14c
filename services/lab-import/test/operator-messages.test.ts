import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventData, SampleRegisteredV1, TImportDetail } from '@gleba/contracts';
import {
  createTestKeys,
  dropTestDatabases,
  http,
  startTestService,
  waitFor,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { labImportService } from '../src/service';
import {
  code,
  confirmShipment,
  PL_HEADERS,
  registerSample,
  sampleData,
  workbook,
  type Cell,
} from './helpers';
import { CONTENT_TYPES, SHEET_MAIN, zip } from './zip';

/**
 * What the lab operator reads, in Polish, for each kind of file a lab sends by mistake: the
 * workbooks are made here with exceljs (or by hand where exceljs would not write them).
 */
describe('lab-import: what the operator reads (pl)', () => {
  const keys = createTestKeys();
  const admin = keys.sign({ role: 'ADMIN' });
  let service: TestService<Database, Config>;
  let exchange: string;
  const MAX_ROWS = 1500;

  beforeAll(async () => {
    service = await startTestService(labImportService, {
      keys: keys.resolver,
      config: { IMPORT_MAX_ROWS: MAX_ROWS },
    });
    exchange = service.ctx.config.EVENTS_EXCHANGE;
  });
  afterAll(async () => {
    await service?.cleanup();
    await dropTestDatabases();
  });

  async function expected(...samples: EventData<typeof SampleRegisteredV1>[]) {
    for (const s of samples) await registerSample(exchange, s);
    await waitFor(
      async () =>
        (
          await service.ctx.db
            .selectFrom('expected_samples')
            .select('sample_id')
            .where(
              'sample_id',
              'in',
              samples.map((s) => s.sampleId),
            )
            .execute()
        ).length === samples.length,
    );
  }

  async function send(file: Buffer, query = 'testType=BASIC_TEST', mode: 'farm' | 'garden' = 'farm') {
    const res = await fetch(`${service.url}/${mode}-api/imports?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'pl' },
      body: new Uint8Array(file),
    });
    return {
      status: res.status,
      body: (await res.json()) as TImportDetail & { code?: string; message?: string },
    };
  }

  /** The import once the service is done with it, as the Polish panel reads it. */
  async function read(id: string, mode: 'farm' | 'garden' = 'farm', lang = 'pl') {
    return waitFor(
      async () => {
        const res = await http<TImportDetail>(service.url, 'GET', `/${mode}-api/imports/${id}`, {
          token: admin,
          headers: { 'x-gleba-lang': lang },
        });
        return ['CHECKED', 'FAILED', 'APPLIED'].includes(res.body.status) ? res.body : null;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  async function imported(file: Buffer, query = 'testType=BASIC_TEST', mode: 'farm' | 'garden' = 'farm') {
    const res = await send(file, query, mode);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return read(res.body.id, mode);
  }

  const messages = (d: TImportDetail) => d.errors.map((e) => [e.row, e.label, e.message]);
  const basic = (
    label: Cell,
    ph: Cell = 5.2,
    p: Cell = 9.6,
    k: Cell = 7.1,
    mg: Cell = 1.8,
    cat: Cell = 'lekka',
  ) => [label, 'BASIC_TEST', ph, p, k, mg, cat, null];

  it('wrong headers: names the columns the test type needs', async () => {
    const headers = [...PL_HEADERS];
    headers[4] = 'Potasss';
    headers[5] = 'Magnezz';
    const done = await imported(await workbook([basic(code())], headers));
    expect(done).toMatchObject({ status: 'FAILED', errorCode: 'importColumnMissing' });
    expect(done.errorMessage).toBe(
      'W pliku nie ma kolumn, których wymaga badanie „Badanie podstawowe”: K2O, Mg. Sprawdź nazwy nagłówków (wzór w szablonie).',
    );
  });

  it('text in numbers, out of range, every bad cell of a row, duplicates', async () => {
    const a = sampleData();
    const b = sampleData();
    const c = sampleData();
    const d = sampleData();
    await expected(a, b, c, d);
    const done = await imported(
      await workbook([
        basic(a.code),
        basic(b.code, 5.5, 'dużo'),
        basic(c.code, 5.5, -1, -2, -3),
        basic(d.code, 5.5, 12, 15, 1001),
        basic(a.code, 6),
      ]),
    );
    expect(done).toMatchObject({ status: 'CHECKED', errorCode: null });
    expect(done.summary).toMatchObject({ rowsRead: 5, valid: 1, rejected: 4, applied: 0 });
    expect(messages(done)).toEqual([
      [3, b.code, 'Kolumna D (Fosfor P2O5 [mg/100 g]): „dużo” nie jest liczbą.'],
      [4, c.code, 'Kolumna D (Fosfor P2O5 [mg/100 g]): -1 jest poza dopuszczalnym zakresem (0–1000).'],
      [4, c.code, 'Kolumna E (Potas K2O [mg/100 g]): -2 jest poza dopuszczalnym zakresem (0–1000).'],
      [4, c.code, 'Kolumna F (Magnez Mg [mg/100 g]): -3 jest poza dopuszczalnym zakresem (0–1000).'],
      [5, d.code, 'Kolumna F (Magnez Mg [mg/100 g]): 1001 jest poza dopuszczalnym zakresem (0–1000).'],
      [6, a.code, `Etykieta ${a.code} jest już w wierszu 2 tego pliku.`],
    ]);
    // The same codes read in English and Ukrainian.
    const en = await read(done.id, 'farm', 'en');
    expect(en.errors[0]!.message).toBe('Column D (Fosfor P2O5 [mg/100 g]): "dużo" is not a number.');
    const uk = await read(done.id, 'farm', 'uk');
    expect(uk.errors[0]!.message).toBe('Стовпець D (Fosfor P2O5 [mg/100 g]): «dużo» не є числом.');

    // A file of refused rows only fails as a whole.
    const none = await imported(await workbook([basic(b.code, 5.5, 'dużo')]));
    expect(none).toMatchObject({ status: 'FAILED', errorCode: 'importNoRowApplicable' });
    expect(none.errorMessage).toBe(
      'Żadnego wiersza nie można zastosować: każdy ma błędy (wierszy z błędami: 1).',
    );
  });

  it('labels no sample expects, of the other mode, and the row of another test type', async () => {
    const garden = sampleData({ kind: 'GARDEN', areaHa: null, areaAres: 3 });
    const farm = sampleData();
    await expected(garden, farm);
    const unknown = code('NO');
    const done = await imported(
      await workbook([basic(unknown), basic(garden.code), [farm.code, 'MICRO', 1, 1, 1, 1, 'lekka', null]]),
    );
    expect(done).toMatchObject({ status: 'FAILED', errorCode: 'importNoRowApplicable' });
    expect(messages(done)).toEqual([
      [
        2,
        unknown,
        `Etykieta ${unknown} nie należy do żadnej oczekiwanej próbki (nieznana albo zamówienie anulowano).`,
      ],
      [
        3,
        garden.code,
        `Etykieta ${garden.code} należy do testu ogrodowego: zaimportuj ją w trybie ogrodowym.`,
      ],
      [
        4,
        farm.code,
        'Wiersz dotyczy badania „Mikroelementy”, a import badania „Badanie podstawowe”. Zaimportuj go osobno, wybierając jego rodzaj badania.',
      ],
    ]);
  });

  it('an empty workbook, a header with no rows, a workbook with no header', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Arkusz1');
    const empty = await imported(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(empty).toMatchObject({ status: 'FAILED', errorCode: 'importEmptyWorkbook' });
    expect(empty.errorMessage).toBe('Plik jest pusty: żaden arkusz nie zawiera danych.');

    const noRows = await imported(await workbook([]));
    expect(noRows.errorMessage).toBe(
      'Arkusz „Wyniki” ma nagłówek, ale nie ma pod nim żadnego wiersza z wynikami.',
    );

    const noHeader = await imported(await workbook([[1, 2, 3]], ['pH', 'P2O5', 'K2O']));
    expect(noHeader.errorMessage).toBe(
      'Nie znaleziono nagłówka z kolumną etykiet (np. „Etykieta” albo „Kod próbki”) w pierwszych 10 wierszach żadnego arkusza.',
    );
  });

  it('a renamed png or csv, a zip bomb and a file over 5 MB are refused at upload', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200),
    ]);
    const csv = Buffer.from('Etykieta;pH\nGL0000000001;5,5\n');
    for (const file of [png, csv]) {
      const res = await send(file);
      expect(res).toMatchObject({ status: 400, body: { code: 'importUnsupportedFile' } });
      expect(res.body.message).toBe('Nieobsługiwany plik. Prześlij skoroszyt .xlsx.');
    }
    const bomb = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES(SHEET_MAIN) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024), declaredSize: 1000 },
    ]);
    const bombed = await send(bomb);
    expect(bombed).toMatchObject({ status: 400, body: { code: 'importFileTooLargeUncompressed' } });
    expect(bombed.body.message).toBe('Zawartość pliku po rozpakowaniu jest za duża.');
    const big = await send(Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(big).toMatchObject({ status: 413, body: { code: 'importFileTooLarge' } });
    expect(big.body.message).toBe('Plik jest za duży (maksymalnie 5 MB).');
    // The history says the same in Polish, not the service's log text.
    const history = await http<{ items: TImportDetail[] }>(
      service.url,
      'GET',
      '/farm-api/imports?perPage=50',
      {
        token: admin,
        headers: { 'x-gleba-lang': 'pl' },
      },
    );
    expect(history.body.items.find((i) => i.errorCode === 'importFileTooLarge')?.errorMessage).toBe(
      'Plik jest za duży (maksymalnie 5 MB).',
    );
  });

  it('a formula with no stored value, a formula with one, a date where a number belongs', async () => {
    const s = sampleData();
    const ok = sampleData();
    await expected(s, ok);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Wyniki');
    ws.addRow(PL_HEADERS);
    ws.addRow([s.code, 'BASIC_TEST', 5.5, { formula: 'C2*2' }, new Date(Date.UTC(2026, 2, 15)), 4, 'lekka']);
    ws.getCell('E2').numFmt = 'yyyy-mm-dd';
    ws.addRow([ok.code, 'BASIC_TEST', 5.5, { formula: 'C3*2', result: 11 }, 12, 4, 'lekka']);
    const done = await imported(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(done.status).toBe('CHECKED');
    expect(done.summary).toMatchObject({ valid: 1, rejected: 1 });
    expect(messages(done)).toEqual([
      [
        2,
        s.code,
        'Kolumna D (Fosfor P2O5 [mg/100 g]): formuła =C2*2 nie ma zapisanej wartości. Otwórz plik w Excelu i zapisz go ponownie albo wpisz samą wartość.',
      ],
      [
        2,
        s.code,
        'Kolumna E (Potas K2O [mg/100 g]): w komórce jest data (2026-03-15), a powinna być liczba. Zmień format komórki na liczbowy i wpisz wartość.',
      ],
    ]);
  });

  it('merged label cells: the row without its label says so', async () => {
    const a = sampleData();
    await expected(a);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Wyniki');
    ws.addRow(PL_HEADERS);
    ws.addRow(basic(a.code));
    ws.addRow(basic(a.code, 6.1, 10, 11, 5));
    ws.mergeCells('A2:A3');
    const done = await imported(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(done.status).toBe('CHECKED');
    expect(messages(done)).toEqual([
      [
        3,
        null,
        'Brak etykiety w kolumnie A (Etykieta). Jeśli komórki są scalone, rozdziel je i wpisz etykietę w każdym wierszu.',
      ],
    ]);
  });

  it('extra sheets: a cover sheet in front is passed over, a legend behind is not read', async () => {
    const a = sampleData();
    await expected(a);
    const wb = new ExcelJS.Workbook();
    const cover = wb.addWorksheet('Okładka');
    cover.addRow(['Laboratorium Gleba — wyniki z listopada']);
    cover.addRow(['Zlecenie', 'ZF/2026/000014']);
    const ws = wb.addWorksheet('Wyniki');
    ws.addRow(['Protokół badań nr 14/2026']);
    ws.addRow([]);
    ws.addRow(PL_HEADERS);
    ws.addRow(basic(a.code));
    wb.addWorksheet('Legenda').addRow(PL_HEADERS);
    const done = await imported(Buffer.from(await wb.xlsx.writeBuffer()), 'testType=BASIC_TEST&step=apply');
    expect(done).toMatchObject({ status: 'APPLIED', summary: { rowsRead: 1, applied: 1 } });
  });

  it('more rows than one import takes', async () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, () => basic(code()));
    const done = await imported(await workbook(rows));
    expect(done).toMatchObject({ status: 'FAILED', errorCode: 'importTooManyRows' });
    expect(done.errorMessage).toBe(
      `Plik ma więcej niż ${MAX_ROWS} wierszy z wynikami. Podziel go na mniejsze pliki.`,
    );
  });

  it('broken half-way in one pass: nothing applied, why, and the row errors found before the break', async () => {
    const samples = Array.from({ length: 1200 }, () => sampleData());
    await service.ctx.db
      .insertInto('expected_samples')
      .values(
        samples.map((s) => ({
          sample_id: s.sampleId,
          code: s.code,
          order_id: s.orderId,
          order_number: s.orderNumber,
          user_id: s.userId,
          kind: 'FARM' as const,
          basic_test_type: 'BASIC_TEST',
          additional_test_types: '[]',
          field_name: s.fieldName,
          plant_id: s.plantId,
          crop_id: null,
          sector_id: null,
          area_ha: 2,
          area_ares: null,
        })),
      )
      .execute();
    const cell = (ref: string, v: Cell) =>
      typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="str"><v>${v}</v></c>`;
    const rowXml = (n: number, cells: Cell[]) =>
      `<row r="${n}">${cells.map((v, i) => cell(`${String.fromCharCode(65 + i)}${n}`, v)).join('')}</row>`;
    const header = PL_HEADERS.slice(0, 7);
    // Every third row refused (P2O5 not a number); then the XML breaks.
    const body = samples
      .map((s, i) => rowXml(i + 2, [s.code, 'BASIC_TEST', 5.5, i % 3 === 0 ? 'x' : 10, 12, 4, 'lekka']))
      .join('');
    const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml(1, header)}${body}<row r="9999"><<<not xml`;
    const file = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES(SHEET_MAIN) },
      {
        name: 'xl/workbook.xml',
        data: Buffer.from('<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
    ]);
    const done = await imported(file, 'testType=BASIC_TEST&step=apply');
    expect(done).toMatchObject({ status: 'FAILED', errorCode: 'importFileCorrupt' });
    expect(done.summary.applied).toBe(0);
    const rowErrors = done.errors.filter((e) => e.row !== null);
    // The reader breaks off in the chunk that holds the bad XML: the rows read before it are checked.
    expect(rowErrors.length).toBeGreaterThan(100);
    expect(done.summary.rejected).toBe(rowErrors.length);
    const lastRow = Number(/po wierszu (\d+)\./.exec(done.errorMessage ?? '')?.[1]);
    expect(lastRow).toBeGreaterThanOrEqual(rowErrors.at(-1)!.row!);
    expect(done.errorMessage).toBe(
      `Pliku nie da się odczytać: jest uszkodzony. Odczyt przerwał się po wierszu ${lastRow}. Nic nie zapisano: import w jednym przebiegu zapisuje wszystko albo nic. Błędy w wierszach znalezione przed przerwaniem: ${rowErrors.length}.`,
    );
    expect(rowErrors[0]).toMatchObject({
      row: 2,
      message: 'Kolumna D (Fosfor P2O5 [mg/100 g]): „x” nie jest liczbą.',
    });
    const stored = await service.ctx.db
      .selectFrom('results')
      .select('sample_id')
      .where(
        'sample_id',
        'in',
        samples.map((s) => s.sampleId),
      )
      .execute();
    expect(stored).toEqual([]);
  });

  it("garden results wait for the customer's shipment confirmation (decision 0043)", async () => {
    const g = sampleData({ kind: 'GARDEN', areaHa: null, areaAres: 2, plantId: 'tomato' });
    await expected(g);
    const file = await workbook([basic(g.code)]);
    const refused = await imported(file, 'testType=BASIC_TEST', 'garden');
    expect(refused).toMatchObject({ status: 'FAILED', summary: { valid: 0, rejected: 1 } });
    expect(messages(refused)).toEqual([
      [
        2,
        g.code,
        `Klient nie potwierdził jeszcze wysłania próbki ${g.code}, więc może jeszcze zmienić dane testu. Wyniki można zaimportować po potwierdzeniu.`,
      ],
    ]);
    await confirmShipment(exchange, g);
    await waitFor(
      async () =>
        (
          await service.ctx.db
            .selectFrom('shipment_confirmations')
            .select('confirmed_at')
            .where('sample_id', '=', g.sampleId)
            .executeTakeFirst()
        )?.confirmed_at,
    );
    const accepted = await imported(file, 'testType=BASIC_TEST&step=apply', 'garden');
    expect(accepted).toMatchObject({ status: 'APPLIED', summary: { applied: 1 } });

    // The confirmation may be taken before the test's registration (one transaction at orders).
    const early = sampleData({ kind: 'GARDEN', areaHa: null, areaAres: 2, plantId: 'tomato' });
    await confirmShipment(exchange, early);
    await waitFor(
      async () =>
        (
          await service.ctx.db
            .selectFrom('shipment_confirmations')
            .select('confirmed_at')
            .where('sample_id', '=', early.sampleId)
            .executeTakeFirst()
        )?.confirmed_at,
    );
    await expected(early);
    const late = await imported(
      await workbook([basic(early.code)]),
      'testType=BASIC_TEST&step=apply',
      'garden',
    );
    expect(late).toMatchObject({ status: 'APPLIED', summary: { applied: 1 } });
  });

  it("the template's example is on a sheet of its own, and its label is skipped wherever it is left", async () => {
    const res = await fetch(`${service.url}/farm-api/imports/template`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const template = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Wyniki', 'Przykład', 'Legenda']);
    // Imported as downloaded: the example is not a result.
    const asIs = await imported(template);
    expect(asIs.errorMessage).toBe(
      'Arkusz „Wyniki” ma nagłówek, ale nie ma pod nim żadnego wiersza z wynikami.',
    );
    // The example row copied into the results, above a real row: only the real row counts.
    const a = sampleData();
    await expected(a);
    const results = wb.getWorksheet('Wyniki')!;
    const example = wb.getWorksheet('Przykład')!.getRow(2).values as Cell[];
    results.addRow(example.slice(1));
    const real = [...example.slice(1)];
    real[0] = a.code;
    results.addRow(real);
    const filled = await imported(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(filled).toMatchObject({ status: 'CHECKED', summary: { rowsRead: 1, valid: 1, rejected: 0 } });
  });
});
