import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommend } from '@gleba/agronomy';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import {
  OrderCancelledV1,
  PuncturesRecordedV1,
  ResultsImportedV1,
  ZAdminResultsView,
  ZFieldHistoryView,
  ZOrderResultsView,
  ZSampleResultsView,
  type EventData,
  type TAdminResultsView,
  type TErrorBody,
  type TFieldHistoryView,
  type TOrderResultsView,
  type TSampleResultsView,
} from '@gleba/contracts';
import {
  createTestKeys,
  dropTestDatabases,
  http,
  listenForEvents,
  publishTestEvent,
  startTestService,
  waitFor,
  type EventListener,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database, StagedElement } from '../src/db/database';
import type { listImports } from '../src/db/repositories/imports.repository';
import { expandElements } from '../src/domain/rows';
import { labImportService } from '../src/service';
import {
  code,
  confirmShipment,
  EN_HEADERS,
  registerSample,
  sampleData,
  upload,
  uploadMultipart,
  waitForStatus,
  workbook,
  type Cell,
} from './helpers';
import { CONTENT_TYPES, MACRO_MAIN, SHEET_MAIN, zip } from './zip';

type Imported = EventData<typeof ResultsImportedV1>;

/** `GET /{farm,garden}-api/imports`. */
type ImportList = Awaited<ReturnType<typeof listImports>>;

describe('lab-import: import wizard and results', () => {
  const keys = createTestKeys();
  let service: TestService<Database, Config>;
  let events: EventListener;
  let exchange: string;
  const admin = keys.sign({ role: 'ADMIN' });

  beforeAll(async () => {
    service = await startTestService(labImportService, { keys: keys.resolver });
    exchange = service.ctx.config.EVENTS_EXCHANGE;
    events = await listenForEvents(exchange, ['lab.#']);
  });
  afterAll(async () => {
    await events?.close();
    await service?.cleanup();
    await dropTestDatabases();
  });

  async function expectSamples(
    ...samples: EventData<typeof import('@gleba/contracts').SampleRegisteredV1>[]
  ) {
    for (const s of samples) await registerSample(exchange, s);
    await waitFor(async () => {
      const n = await service.ctx.db
        .selectFrom('expected_samples')
        .select('sample_id')
        .where(
          'sample_id',
          'in',
          samples.map((s) => s.sampleId),
        )
        .execute();
      return n.length === samples.length;
    });
  }

  /** Two expected samples of one order (one owner), registered through orders' events. */
  async function twoSamplesOfOneOrder() {
    const a = sampleData();
    const b = sampleData({ orderId: a.orderId, orderNumber: a.orderNumber, userId: a.userId });
    await expectSamples(a, b);
    return [a, b] as const;
  }

  async function importFile(file: Buffer, query = 'testType=BASIC_TEST', mode: 'farm' | 'garden' = 'farm') {
    const res = await upload(service.url, admin, file, query, mode);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return waitForStatus(
      service.url,
      admin,
      res.body.id,
      query.includes('step=apply') ? ['FAILED', 'APPLIED'] : ['CHECKED', 'FAILED', 'APPLIED'],
      mode,
    );
  }

  async function applyAndWait(id: string, mode: 'farm' | 'garden' = 'farm') {
    const res = await http(service.url, 'POST', `/${mode}-api/imports/${id}/apply`, { token: admin });
    expect(res.status).toBe(202);
    return waitForStatus(service.url, admin, id, ['APPLIED', 'FAILED'], mode);
  }

  const basicRow = (
    label: string,
    ph: Cell = 5.2,
    p: Cell = 9.6,
    k: Cell = 7.1,
    mg: Cell = 1.8,
    cat: Cell = 'lekka',
  ): Cell[] => [label, 'BASIC_TEST', ph, p, k, mg, cat, null];

  it('serves the template, which its own reader accepts', async () => {
    const res = await fetch(`${service.url}/farm-api/imports/template`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const header = wb.worksheets[0]!.getRow(1).values as string[];
    expect(header).toContain('Etykieta');
    expect(header).toContain('Fosfor P2O5 [mg/100 g]');
    expect(header).toContain('Kategoria agronomiczna');
    const user = keys.sign({ role: 'USER' });
    expect((await http(service.url, 'GET', '/farm-api/imports/template', { token: user })).status).toBe(403);
    expect((await http(service.url, 'GET', '/farm-api/imports/template')).status).toBe(401);
  });

  it('checks, applies, stores results with recommendations, and tells orders PARTIAL / COMPLETE', async () => {
    const owner = sampleData();
    const sibling = sampleData({
      orderId: owner.orderId,
      orderNumber: owner.orderNumber,
      userId: owner.userId,
      fieldName: 'Łąka',
    });
    const single = sampleData({ plantId: 'potato', areaHa: 1 });
    await expectSamples(owner, sibling, single);

    const file = await workbook([basicRow(owner.code), basicRow(single.code, '6,4', 25, 30.5, 9, 'HEAVY')]);
    const checked = await importFile(file);
    expect(checked.status).toBe('CHECKED');
    expect(checked.summary).toMatchObject({ rowsRead: 2, valid: 2, rejected: 0 });
    expect(checked.progress.percent).toBe(100);

    const applied = await applyAndWait(checked.id);
    expect(applied.summary).toMatchObject({
      rowsRead: 2,
      valid: 2,
      applied: 2,
      rejected: 0,
      ordersTouched: 2,
    });

    const partial = await events.next<Imported>(
      ResultsImportedV1.type,
      (e) => e.data.orderId === owner.orderId,
    );
    expect(partial.data).toMatchObject({
      completeness: 'PARTIAL',
      sampleCodes: [owner.code],
      importId: checked.id,
      userId: owner.userId,
      kind: 'FARM',
    });
    const complete = await events.next<Imported>(
      ResultsImportedV1.type,
      (e) => e.data.orderId === single.orderId,
    );
    expect(complete.data.completeness).toBe('COMPLETE');

    const token = keys.sign({ sub: owner.userId, lang: 'en' });
    const res = await http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${owner.sampleId}`, {
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      testId: owner.sampleId,
      code: owner.code,
      status: 'READY_TO_DOWNLOAD',
      area: { value: 2.5, unit: 'ha' },
    });
    const basic = res.body.results[0]!;
    expect(basic.testType).toBe('BASIC_TEST');
    expect(basic.agronomicCategory).toEqual({ value: 'LIGHT', label: 'light' });
    const ph = basic.elements.find((e) => e.key === 'PH_KCL');
    expect(ph).toMatchObject({
      name: 'pH in KCl',
      symbol: 'pH KCl',
      unit: '-',
      value: 5.2,
      class: 'ACIDIC',
      classLabel: 'acidic',
    });
    expect(basic.elements.find((e) => e.key === 'MG')).toMatchObject({
      symbol: 'Mg',
      unit: 'mg/100 g',
      value: 1.8,
      class: 'VERY_LOW',
    });

    const expected = recommend({
      ph: 5.2,
      p2o5: 9.6,
      k2o: 7.1,
      mg: 1.8,
      category: 'LIGHT',
      cropId: 'winter-wheat',
      area: { value: 2.5, unit: 'ha' },
    });
    // The shared body with this sample's measured values is recommend()'s result, key order included.
    const { notesText, labels, ...stored } = basic.recommendation!;
    expect(JSON.stringify(stored)).toBe(JSON.stringify(expected));
    expect(notesText.length + Object.keys(labels).length).toBeGreaterThan(0);
    expect(basic.recommendation!.liming).toEqual(expected.liming);
    expect(basic.recommendation!.fertilizer).toEqual(expected.fertilizer);
    expect(basic.rulesets).toEqual(expected.rulesets);
    expect(basic.recommendation!.notesText.length).toBeGreaterThan(0);
    expect(basic.recommendation!.labels.crop).toBe('Winter wheat');

    // Polish by Accept-Language when the token has no language.
    const plToken = keys.sign({ sub: owner.userId });
    const pl = await http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${owner.sampleId}`, {
      token: plToken,
      headers: { 'accept-language': 'pl-PL,pl;q=0.9' },
    });
    expect(pl.body.results[0]!.elements.find((e) => e.key === 'P2O5')!.name).toBe('Fosfor');

    const order = await http<TOrderResultsView>(service.url, 'GET', `/api/results/orders/${owner.orderId}`, {
      token,
    });
    expect(order.status).toBe(200);
    expect(order.body.status).toBe('PARTIAL_RESULTS');
    expect(order.body.samples.map((s) => s.status).sort()).toEqual(['IN_LAB', 'READY_TO_DOWNLOAD']);

    // Nobody else reads them: another user gets the same 404 as for a missing test.
    const stranger = keys.sign({ sub: single.userId });
    const hidden = await http<TErrorBody>(service.url, 'GET', `/api/results/tests/${owner.sampleId}`, {
      token: stranger,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('resultsNotFound');
    expect(
      (await http(service.url, 'GET', `/api/results/orders/${owner.orderId}`, { token: stranger })).status,
    ).toBe(404);
    expect(
      (await http(service.url, 'GET', `/api/results/tests/${owner.sampleId}/report.pdf`, { token: stranger }))
        .status,
    ).toBe(404);
    expect((await http(service.url, 'GET', `/api/results/tests/${owner.sampleId}`)).status).toBe(401);

    // Punctures recorded on the sampling screen: the report says how many (the count only grows,
    // whichever event comes last).
    await publishTestEvent(exchange, PuncturesRecordedV1, {
      sampleId: owner.sampleId,
      orderId: owner.orderId,
      code: owner.code,
      puncturesTaken: 11,
      puncturesPlanned: 12,
    });
    const later = await publishTestEvent(exchange, PuncturesRecordedV1, {
      sampleId: owner.sampleId,
      orderId: owner.orderId,
      code: owner.code,
      puncturesTaken: 4,
      puncturesPlanned: 12,
    });
    await waitFor(() =>
      service.ctx.db
        .selectFrom('inbox')
        .select('event_id')
        .where('event_id', '=', later.id)
        .executeTakeFirst(),
    );

    // The PDF report embeds a font with Polish letters.
    const pdf = await fetch(`${service.url}/api/results/tests/${owner.sampleId}/report.pdf`, {
      headers: { authorization: `Bearer ${plToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
    expect((await pdfParse(bytes)).text).toContain('11 zapisanych w aplikacji (zaplanowano 12)');

    // Admins read any order's results.
    const adminView = await http<TAdminResultsView>(
      service.url,
      'GET',
      `/farm-api/results?orderId=${owner.orderId}`,
      { token: admin },
    );
    expect(adminView.body.items).toHaveLength(2);
  });

  it('answers results as the contracts describe them, field for field (farm with a recommendation, garden)', async () => {
    const farm = sampleData();
    const garden = sampleData({ kind: 'GARDEN', areaHa: null, areaAres: 4, plantId: 'tomato', cropId: null });
    await expectSamples(farm, garden);
    await confirmShipment(exchange, garden);
    await waitFor(() =>
      service.ctx.db
        .selectFrom('shipment_confirmations')
        .select('confirmed_at')
        .where('sample_id', '=', garden.sampleId)
        .executeTakeFirst(),
    );
    const apply = 'testType=BASIC_TEST&step=apply';
    expect((await importFile(await workbook([basicRow(farm.code)]), apply)).status).toBe('APPLIED');
    expect((await importFile(await workbook([basicRow(garden.code)]), apply, 'garden')).status).toBe(
      'APPLIED',
    );

    // A schema drops the keys it does not name: equal after parsing means it names every one.
    const answer = async (path: string, userId?: string) => {
      const res = await http<unknown>(service.url, 'GET', path, {
        token: userId ? keys.sign({ sub: userId, lang: 'en' }) : admin,
      });
      expect(res.status, path).toBe(200);
      return res.body;
    };
    for (const s of [farm, garden]) {
      const body = await answer(`/api/results/tests/${s.sampleId}`, s.userId);
      const view = ZSampleResultsView.parse(body);
      expect(view).toEqual(body);
      expect(view.results[0]!.recommendation).not.toBeNull();
    }
    const gardenView = ZSampleResultsView.parse(
      await answer(`/api/results/tests/${garden.sampleId}`, garden.userId),
    );
    expect(gardenView.results[0]!.recommendation!.liming.cao.now.kgPer100m2).toBeDefined();

    const order = await answer(`/api/results/orders/${farm.orderId}`, farm.userId);
    expect(ZOrderResultsView.parse(order)).toEqual(order);
    const history = await answer(`/api/results/fields/history?cropId=${farm.cropId}`, farm.userId);
    expect(ZFieldHistoryView.parse(history)).toEqual(history);
    const adminView = await answer(`/farm-api/results?orderId=${farm.orderId}`);
    expect(ZAdminResultsView.parse(adminView)).toEqual(adminView);
  });

  it("completes an order from a sample's results stored by an earlier import (not in this file)", async () => {
    const [a, b] = await twoSamplesOfOneOrder();
    const first = await importFile(await workbook([basicRow(a.code)]), 'testType=BASIC_TEST&step=apply');
    expect(first.status).toBe('APPLIED');
    expect(
      (await events.next<Imported>(ResultsImportedV1.type, (e) => e.data.importId === first.id)).data
        .completeness,
    ).toBe('PARTIAL');
    const second = await importFile(await workbook([basicRow(b.code)]), 'testType=BASIC_TEST&step=apply');
    expect(second.status).toBe('APPLIED');
    const done = await events.next<Imported>(ResultsImportedV1.type, (e) => e.data.importId === second.id);
    expect(done.data).toMatchObject({ completeness: 'COMPLETE', sampleCodes: [b.code] });
  });

  it('re-importing updates results instead of duplicating them (RESULTS_UPDATED), and completes the order', async () => {
    const [a, b] = await twoSamplesOfOneOrder();
    const first = await importFile(await workbook([basicRow(a.code)]), 'testType=BASIC_TEST&step=apply');
    expect(first.status).toBe('APPLIED');
    const second = await importFile(
      await workbook([basicRow(a.code, 6.8, 20, 20, 8, 'średnia'), basicRow(b.code)]),
      'testType=BASIC_TEST&step=apply',
    );
    expect(second.status).toBe('APPLIED');
    expect(
      (await events.next<Imported>(ResultsImportedV1.type, (e) => e.data.importId === second.id)).data
        .completeness,
    ).toBe('COMPLETE');
    const third = await importFile(
      await workbook([basicRow(a.code, 7.1, 20, 20, 8, 'MEDIUM')]),
      'testType=BASIC_TEST&step=apply',
    );
    const updated = await events.next<Imported>(ResultsImportedV1.type, (e) => e.data.importId === third.id);
    expect(updated.data).toMatchObject({ completeness: 'UPDATED', sampleCodes: [a.code] });

    const rows = await service.ctx.db
      .selectFrom('results')
      .select(['sample_id', 'version'])
      .where('sample_id', '=', a.sampleId)
      .execute();
    expect(rows).toEqual([{ sample_id: a.sampleId, version: 3 }]);
    const view = await http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${a.sampleId}`, {
      token: keys.sign({ sub: a.userId }),
    });
    expect(view.body.results).toHaveLength(1);
    expect(view.body.results[0]!.elements.find((e) => e.key === 'PH_KCL')!.value).toBe(7.1);
    expect(view.body.results[0]!.recommendation!.classes.ph).toBe('NEUTRAL');
  });

  it('stores one recommendation for samples of the same crop, area, category and classes, each with its own measured values', async () => {
    const a = sampleData({ areaHa: 3 });
    const b = sampleData({ areaHa: 3 });
    const c = sampleData({ areaHa: 4 });
    await expectSamples(a, b, c);
    const done = await importFile(
      await workbook([basicRow(a.code, 5.2, 9.6), basicRow(b.code, 5.24, 9.9), basicRow(c.code, 5.2, 9.6)]),
      'testType=BASIC_TEST&step=apply',
    );
    expect(done.status).toBe('APPLIED');
    const rows = await service.ctx.db
      .selectFrom('results')
      .select(['sample_id', 'recommendation_id', 'recommendation', 'rulesets'])
      .where('sample_id', 'in', [a.sampleId, b.sampleId, c.sampleId])
      .execute();
    const idOf = (s: { sampleId: string }) => rows.find((r) => r.sample_id === s.sampleId)!.recommendation_id;
    expect(idOf(a)).toBeTruthy();
    expect(idOf(b)).toBe(idOf(a));
    expect(idOf(c)).not.toBe(idOf(a)); // another area, other totals
    expect(rows.every((r) => r.recommendation === null && r.rulesets === null)).toBe(true);
    const shared = await service.ctx.db
      .selectFrom('recommendations')
      .select('id')
      .where('id', 'in', [idOf(a)!, idOf(c)!])
      .execute();
    expect(shared).toHaveLength(2);

    for (const [s, ph, p2o5] of [
      [a, 5.2, 9.6],
      [b, 5.24, 9.9],
      [c, 5.2, 9.6],
    ] as const) {
      const res = await http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${s.sampleId}`, {
        token: keys.sign({ sub: s.userId, lang: 'en' }),
      });
      const { notesText, labels, ...stored } = res.body.results[0]!.recommendation!;
      const expected = recommend({
        ph,
        p2o5,
        k2o: 7.1,
        mg: 1.8,
        category: 'LIGHT',
        cropId: s.plantId!,
        area: { value: s.areaHa!, unit: 'ha' },
      });
      expect(JSON.stringify(stored)).toBe(JSON.stringify(expected));
      expect(res.body.results[0]!.rulesets).toEqual(expected.rulesets);
      expect(notesText).toEqual(expect.any(Array));
      expect(labels.crop).toBe('Winter wheat');
    }
  });

  it('reads results stored before recommendations were shared (whole recommendation and rulesets in the row)', async () => {
    const s = sampleData();
    await expectSamples(s);
    const expected = recommend({
      ph: 6.1,
      p2o5: 14,
      k2o: 12,
      mg: 4,
      category: 'MEDIUM',
      cropId: s.plantId!,
      area: { value: s.areaHa!, unit: 'ha' },
    });
    await service.ctx.db
      .insertInto('results')
      .values({
        id: crypto.randomUUID(),
        sample_id: s.sampleId,
        test_type: 'BASIC_TEST',
        agronomic_category: 'MEDIUM',
        elements: JSON.stringify([
          { key: 'PH_KCL', name: 'pH w KCl', symbol: 'pH KCl', unit: '-', value: 6.1, valueDescripted: null },
        ]),
        classes: JSON.stringify({ PH_KCL: 'SLIGHTLY_ACIDIC' }),
        recommendation: JSON.stringify(expected),
        recommendation_error: null,
        rulesets: JSON.stringify(expected.rulesets),
        import_id: crypto.randomUUID(),
      })
      .execute();
    const res = await http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${s.sampleId}`, {
      token: keys.sign({ sub: s.userId, lang: 'en' }),
    });
    const { notesText, labels, ...stored } = res.body.results[0]!.recommendation!;
    expect(JSON.stringify(stored)).toBe(JSON.stringify(expected));
    expect(res.body.results[0]!.rulesets).toEqual(expected.rulesets);
    expect(notesText.length).toBeGreaterThan(0);
    expect(labels.crop).toBe('Winter wheat');
  });

  it('applies rows staged by an older version (compact tuples or whole elements, with or without advice) as before', async () => {
    const a = sampleData();
    const b = sampleData();
    const c = sampleData();
    await expectSamples(a, b, c);
    const checked = await importFile(
      await workbook([
        basicRow(a.code),
        basicRow(b.code, '6,4', 25, 30.5, 9, 'HEAVY'),
        basicRow(c.code, 5.9, 12, 14, 5),
      ]),
    );
    expect(checked.status).toBe('CHECKED');
    const db = service.ctx.db;
    const staged = await db
      .selectFrom('import_rows')
      .select(['row_number', 'sample_id', 'elements'])
      .where('import_id', '=', checked.id)
      .orderBy('row_number')
      .execute();
    expect(staged).toHaveLength(3);
    // Staged now: compact tuples, which results keep as they are.
    const compact = staged.map((r) => r.elements as StagedElement[]);
    expect(compact[0]![0]).toEqual(['PH_KCL', 5.2, null]);
    const whole = compact.map((e) => expandElements(e));
    // As older versions staged them, with no advice computed at the check: a: compact without the
    // advice values; b: whole elements with them; c: whole elements without them.
    const noStagedAdvice = {
      classes: null,
      recommendation_id: null,
      recommendation_measured: null,
      recommendation_error: null,
      advised_for: null,
    };
    await db
      .updateTable('import_rows')
      .set({ ...noStagedAdvice, advice: null })
      .where('import_id', '=', checked.id)
      .where('row_number', '=', staged[0]!.row_number)
      .execute();
    await db
      .updateTable('import_rows')
      .set({ ...noStagedAdvice, elements: JSON.stringify(whole[1]) })
      .where('import_id', '=', checked.id)
      .where('row_number', '=', staged[1]!.row_number)
      .execute();
    await db
      .updateTable('import_rows')
      .set({ ...noStagedAdvice, advice: null, elements: JSON.stringify(whole[2]) })
      .where('import_id', '=', checked.id)
      .where('row_number', '=', staged[2]!.row_number)
      .execute();

    const applied = await applyAndWait(checked.id);
    expect(applied.summary).toMatchObject({ applied: 3, rejected: 0 });
    const results = await db
      .selectFrom('results')
      .select(['sample_id', 'elements', 'recommendation_id'])
      .where('import_id', '=', checked.id)
      .execute();
    for (const [i, s] of [a, b, c].entries()) {
      const r = results.find((x) => x.sample_id === s.sampleId)!;
      expect(r.elements).toEqual(i === 0 ? compact[0] : whole[i]);
      expect(r.recommendation_id).toBeTruthy();
    }
    const views = await Promise.all(
      [a, b, c].map((s) =>
        http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${s.sampleId}`, {
          token: keys.sign({ sub: s.userId, lang: 'en' }),
        }),
      ),
    );
    for (const [i, view] of views.entries()) {
      const elements = view.body.results[0]!.elements.map((e) => ({
        key: e.key,
        name: e.name,
        symbol: e.symbol,
        unit: e.unit,
        value: e.value,
      }));
      expect(elements).toEqual(
        whole[i]!.map((e) => ({
          key: e.key,
          name: expect.any(String),
          symbol: e.symbol,
          unit: e.unit,
          value: e.value,
        })),
      );
      expect(elements.find((e) => e.key === 'P2O5')!.name).toBe('Phosphorus');
    }
    const { notesText, labels, ...rec } = views[1]!.body.results[0]!.recommendation!;
    expect(JSON.stringify(rec)).toBe(
      JSON.stringify(
        recommend({
          ph: 6.4,
          p2o5: 25,
          k2o: 30.5,
          mg: 9,
          category: 'HEAVY',
          cropId: b.plantId!,
          area: { value: b.areaHa!, unit: 'ha' },
        }),
      ),
    );
    expect(notesText.length + Object.keys(labels).length).toBeGreaterThan(0);
  });

  it('computes the advice at the check, and again at apply for a sample whose crop or area changed meanwhile', async () => {
    const same = sampleData();
    const moved = sampleData({ plantId: 'winter-wheat', areaHa: 2 });
    await expectSamples(same, moved);
    const checked = await importFile(
      await workbook([basicRow(same.code, 5.6, 12, 15, 6), basicRow(moved.code, 5.6, 12, 15, 6)]),
    );
    expect(checked.status).toBe('CHECKED');
    const db = service.ctx.db;
    const staged = await db
      .selectFrom('import_rows')
      .select(['sample_id', 'recommendation_id', 'classes', 'advised_for'])
      .where('import_id', '=', checked.id)
      .execute();
    expect(staged.every((r) => r.recommendation_id && r.classes && r.advised_for)).toBe(true);
    // The crop and the area of one sample change before apply (orders registers it again).
    const changed = { ...moved, plantId: 'grain-maize', areaHa: 7.5 };
    await registerSample(exchange, changed);
    await waitFor(
      async () =>
        (
          await db
            .selectFrom('expected_samples')
            .select('plant_id')
            .where('sample_id', '=', moved.sampleId)
            .executeTakeFirst()
        )?.plant_id === 'grain-maize',
    );

    const applied = await applyAndWait(checked.id);
    expect(applied.summary).toMatchObject({ applied: 2, rejected: 0 });
    for (const [s, plantId, areaHa] of [
      [same, same.plantId!, same.areaHa!],
      [changed, 'grain-maize', 7.5],
    ] as const) {
      const view = await http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${s.sampleId}`, {
        token: keys.sign({ sub: s.userId, lang: 'en' }),
      });
      const { notesText: _notes, labels: _labels, ...rec } = view.body.results[0]!.recommendation!;
      expect(JSON.stringify(rec)).toBe(
        JSON.stringify(
          recommend({
            ph: 5.6,
            p2o5: 12,
            k2o: 15,
            mg: 6,
            category: 'LIGHT',
            cropId: plantId,
            area: { value: areaHa, unit: 'ha' },
          }),
        ),
      );
    }
  });

  it('lists every rejected row with its number and reason, and applies the rest', async () => {
    const ok = sampleData();
    const micro = sampleData({ additionalTestTypes: ['MICRO'] });
    await expectSamples(ok, micro);
    const rows: Cell[][] = [
      basicRow(ok.code),
      basicRow(code('XX')), // row 3: nobody expects it
      [micro.code, 'MICRO', 5, 5, 5, 5, 'lekka', null], // row 4: not the chosen type
      [micro.code, 'PLASMA', 5, 5, 5, 5, 'lekka', null], // row 5: unknown type
      basicRow(micro.code, 5.5, 10, null, 4), // row 6: no K2O
      basicRow(micro.code, 5.5, 10, 10, 4, 'gliniasta'), // row 7: unknown category
      basicRow(micro.code, 5.5, 'dużo', 10, 4), // row 8: not a number
      basicRow(ok.code), // row 9: twice in the file
      [null, null, null, null, null, null, null, null], // blank: skipped
      [null, 'BASIC_TEST', 5, 5, 5, 5, 'lekka', null], // row 11: no label
      basicRow(micro.code, 15, 10, 10, 4), // row 12: a pH (a number cell) out of range
      basicRow(micro.code, 5.5, 10, 10, 4, 3), // row 13: a number where the category goes
    ];
    const checked = await importFile(await workbook(rows));
    expect(checked.status).toBe('CHECKED');
    expect(checked.summary).toMatchObject({ rowsRead: 11, valid: 1, rejected: 10 });
    expect(checked.errors.map((e) => [e.row, e.code])).toEqual([
      [3, 'importLabelNotExpected'],
      [4, 'importRowTestTypeDiffers'],
      [5, 'importUnknownTestTypeValue'],
      [6, 'importCellMissing'],
      [7, 'importUnknownCategory'],
      [8, 'importCellNotANumber'],
      [9, 'importDuplicateLabel'],
      [11, 'importRowNoLabel'],
      [12, 'importCellOutOfRange'],
      [13, 'importUnknownCategory'],
    ]);
    expect(checked.errors.find((e) => e.row === 12)?.message).toBe(
      'Kolumna C (pH w KCl): 15 jest poza dopuszczalnym zakresem (0–14).',
    );
    expect(checked.errors.find((e) => e.row === 13)?.message).toBe(
      'Kolumna G (Kategoria agronomiczna): nieznana kategoria agronomiczna „3” (dozwolone: bardzo lekka, lekka, średnia, ciężka, organiczna).',
    );
    expect(checked.errors.find((e) => e.row === 9)?.message).toBe(
      `Etykieta ${ok.code} jest już w wierszu 2 tego pliku.`,
    );
    const applied = await applyAndWait(checked.id);
    expect(applied.summary).toMatchObject({ applied: 1, rejected: 10 });
    // The micro sample still waits for its results; the basic one has them.
    const microView = await http<TSampleResultsView>(
      service.url,
      'GET',
      `/api/results/tests/${micro.sampleId}`,
      {
        token: keys.sign({ sub: micro.userId }),
      },
    );
    expect(microView.body).toMatchObject({ status: 'IN_LAB', results: [] });

    // An additional test's own import; the basic one still missing keeps the sample partial.
    const microFile = await workbook(
      [[micro.code, 'mikroelementy', 1.2, 3.4, 150, 80, 5.5, '<0,5']],
      ['kod', 'typ badania', 'B', 'Cu', 'Fe', 'Mn', 'Zn', 'bor opis'],
    );
    const microImport = await importFile(microFile, 'testType=MICRO&step=apply');
    expect(microImport.status).toBe('APPLIED');
    const after = await http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${micro.sampleId}`, {
      token: keys.sign({ sub: micro.userId }),
    });
    expect(after.body.status).toBe('PARTIAL_RESULTS');
    expect(after.body.results[0]!.elements.find((e) => e.key === 'B')).toMatchObject({
      value: 1.2,
      unit: 'mg/kg',
      valueDescripted: '<0,5',
    });
  });

  it('matches headers in English, case-insensitively, and reads only the worksheet with the header', async () => {
    const s = sampleData({ kind: 'GARDEN', areaHa: null, areaAres: 4, plantId: 'tomato' });
    await expectSamples(s);
    await confirmShipment(exchange, s);
    await waitFor(
      async () =>
        (
          await service.ctx.db
            .selectFrom('shipment_confirmations')
            .select('confirmed_at')
            .where('sample_id', '=', s.sampleId)
            .executeTakeFirst()
        )?.confirmed_at,
    );
    const file = await workbook(
      [[s.code, 'basic test', 6.1, 18, 16, 6, 'Medium', 'średnia zasobność']],
      EN_HEADERS,
      true,
    );
    const done = await importFile(file, 'testType=BASIC_TEST&step=apply', 'garden');
    expect(done.status).toBe('APPLIED');
    const view = await http<TSampleResultsView>(service.url, 'GET', `/api/results/tests/${s.sampleId}`, {
      token: keys.sign({ sub: s.userId }),
    });
    const r = view.body.results[0]!;
    expect(r.elements.find((e) => e.key === 'P2O5')!.valueDescripted).toBe('średnia zasobność');
    expect(r.recommendation!.area).toEqual({ value: 4, unit: 'a', hectares: 0.04 });
    expect(r.recommendation!.liming.cao.now.kgPer100m2).toBeDefined();
    // A garden import is not in the farm history.
    const farm = await http<ImportList>(service.url, 'GET', '/farm-api/imports?perPage=100', {
      token: admin,
    });
    expect(farm.body.items.some((i) => i.id === done.id)).toBe(false);
    const garden = await http<ImportList>(service.url, 'GET', '/garden-api/imports', { token: admin });
    expect(garden.body.items[0]).toMatchObject({ id: done.id, mode: 'garden', status: 'APPLIED' });
  });

  it('fails a file without a labels column or without any matching order', async () => {
    const noLabels = await importFile(await workbook([[1, 2, 3]], ['pH', 'P2O5', 'K2O']));
    expect(noLabels).toMatchObject({ status: 'FAILED', errorCode: 'importNoLabelsColumn' });
    const noMatch = await importFile(await workbook([basicRow(code('NO')), basicRow(code('NO'))]));
    expect(noMatch).toMatchObject({ status: 'FAILED', errorCode: 'importNoMatchingOrders' });
    expect(noMatch.errors).toHaveLength(2);
    const apply = await http<TErrorBody>(service.url, 'POST', `/farm-api/imports/${noMatch.id}/apply`, {
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(apply.status).toBe(409);
    expect(apply.body.code).toBe('importNotReady');
    const empty = await importFile(await workbook([]));
    expect(empty).toMatchObject({ status: 'FAILED', errorCode: 'importNoRows' });
  });

  it('no longer expects the samples of a cancelled order', async () => {
    const s = sampleData();
    await expectSamples(s);
    await publishTestEvent(exchange, OrderCancelledV1, {
      orderId: s.orderId,
      orderNumber: s.orderNumber,
      userId: s.userId,
      kind: 'FARM',
      sampleCodes: [s.code],
      cancelledByUserId: s.userId,
      cancelledAt: new Date().toISOString(),
    });
    await waitFor(
      async () =>
        (
          await service.ctx.db
            .selectFrom('expected_samples')
            .select('cancelled_at')
            .where('sample_id', '=', s.sampleId)
            .executeTakeFirst()
        )?.cancelled_at,
    );
    const res = await importFile(await workbook([basicRow(s.code)]));
    expect(res).toMatchObject({ status: 'FAILED', errorCode: 'importNoMatchingOrders' });
  });

  it('accepts a multipart upload and keeps the file name', async () => {
    const s = sampleData();
    await expectSamples(s);
    const res = await uploadMultipart(
      service.url,
      admin,
      await workbook([basicRow(s.code)]),
      'wyniki-listopad.xlsx',
    );
    expect(res.status).toBe(202);
    const done = await waitForStatus(service.url, admin, res.body.id, ['CHECKED', 'FAILED']);
    expect(done).toMatchObject({ status: 'CHECKED', fileName: 'wyniki-listopad.xlsx' });
  });

  describe('refuses hostile or wrong files with a clear error', () => {
    const refused = async (file: Buffer, expectedCode: string, status = 400) => {
      const res = await upload(service.url, admin, file);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.code).toBe(expectedCode);
      return res;
    };

    it('not a workbook, whatever its name', async () => {
      await refused(Buffer.from('label;ph\nABC;5.5\n'), 'importUnsupportedFile');
      await refused(
        zip([
          { name: 'word/document.xml', data: Buffer.from('<w/>') },
          {
            name: '[Content_Types].xml',
            data: CONTENT_TYPES(
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
            ),
          },
        ]),
        'importUnsupportedFile',
      );
    });

    it('a JSON body instead of a file, answered at once rather than left hanging (abuse finding F-4)', async () => {
      const res = await fetch(`${service.url}/farm-api/imports?testType=BASIC_TEST`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(5000),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('importUnsupportedFile');
    });

    it('too large', async () => {
      const res = await refused(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'importFileTooLarge', 413);
      const pl = await fetch(`${service.url}/farm-api/imports?testType=BASIC_TEST`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'pl' },
        body: Buffer.alloc(6 * 1024 * 1024),
      });
      expect(((await pl.json()) as { message: string }).message).toBe(
        'Plik jest za duży (maksymalnie 5 MB).',
      );
      // Refused files stay in the history.
      const list = await http<ImportList>(service.url, 'GET', '/farm-api/imports?perPage=100', {
        token: admin,
      });
      expect(
        list.body.items.some((i) => i.status === 'REJECTED' && i.errorCode === 'importFileTooLarge'),
      ).toBe(true);
      expect(res.body.message).toBeTruthy();
    });

    it('a refused file keeps its name in the history (renamed picture, too large)', async () => {
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(200),
      ]);
      const picture = await uploadMultipart(service.url, admin, png, 'zdjecie-pola.xlsx');
      expect(picture.status).toBe(400);
      const big = await uploadMultipart(
        service.url,
        admin,
        Buffer.alloc(5 * 1024 * 1024 + 10, 1),
        'wyniki-duze.xlsx',
      );
      expect(big.status).toBe(413);
      const list = await http<ImportList>(service.url, 'GET', '/farm-api/imports?perPage=100', {
        token: admin,
      });
      const named = (name: string) => list.body.items.find((i) => i.fileName === name);
      expect(named('zdjecie-pola.xlsx')).toMatchObject({
        status: 'REJECTED',
        errorCode: 'importUnsupportedFile',
      });
      expect(named('wyniki-duze.xlsx')).toMatchObject({
        status: 'REJECTED',
        errorCode: 'importFileTooLarge',
      });
    });

    it('an unknown test type chosen in the wizard', async () => {
      const res = await upload(service.url, admin, await workbook([basicRow(code())]), 'testType=SOMETHING');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('importInvalidTestType');
    });

    it('password-protected (an OLE compound file)', async () => {
      const cfb = Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(500),
        Buffer.from('EncryptionInfo', 'utf16le'),
        Buffer.alloc(500),
      ]);
      await refused(cfb, 'importFileEncrypted');
    });

    it('with macros', async () => {
      await refused(
        zip([
          { name: '[Content_Types].xml', data: CONTENT_TYPES(MACRO_MAIN) },
          { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
        ]),
        'importFileHasMacros',
      );
      await refused(
        zip([
          { name: '[Content_Types].xml', data: CONTENT_TYPES(SHEET_MAIN) },
          { name: 'xl/vbaProject.bin', data: Buffer.alloc(100) },
          { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') },
        ]),
        'importFileHasMacros',
      );
    });

    it('a zip bomb, declared or lying', async () => {
      const zeros = Buffer.alloc(60 * 1024 * 1024);
      const ct = { name: '[Content_Types].xml', data: CONTENT_TYPES(SHEET_MAIN) };
      await refused(
        zip([ct, { name: 'xl/worksheets/sheet1.xml', data: zeros }]),
        'importFileTooLargeUncompressed',
      );
      const lying = await refused(
        zip([ct, { name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1000 }]),
        'importFileTooLargeUncompressed',
      );
      // Caught while the file was being stored: the history keeps it REJECTED, without its bytes.
      const importId = (
        lying.body as unknown as { details: { path: string; message: string }[] }
      ).details.find((d) => d.path === 'importId')!.message;
      const row = await service.ctx.db
        .selectFrom('imports')
        .select(['status', 'error_code', 'file', 'file_size'])
        .where('id', '=', importId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        status: 'REJECTED',
        error_code: 'importFileTooLargeUncompressed',
        file: null,
        file_size: 0,
      });
    });

    it('broken', async () => {
      const good = await workbook([basicRow(code())]);
      await refused(good.subarray(0, Math.floor(good.length / 2)), 'importFileCorrupt');
      // A zip whose worksheet is not XML passes the guard and fails the check, without retries.
      const broken = zip([
        { name: '[Content_Types].xml', data: CONTENT_TYPES(SHEET_MAIN) },
        {
          name: 'xl/workbook.xml',
          data: Buffer.from(
            '<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>',
          ),
        },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<<<not xml') },
      ]);
      const res = await upload(service.url, admin, broken);
      expect(res.status).toBe(202);
      const done = await waitForStatus(service.url, admin, res.body.id, ['CHECKED', 'FAILED']);
      expect(done.status).toBe('FAILED');
      expect(['importFileCorrupt', 'importNoLabelsColumn']).toContain(done.errorCode);
    });
  });

  it('applying in one pass (step=apply), a file that breaks after 1,200 good rows stores none of them', async () => {
    const samples = Array.from({ length: 1200 }, (_, i) => ({
      ...sampleData(),
      sampleId: randomUUID(),
      code: code('BR'),
      orderId: randomUUID(),
      orderNumber: `BR-${i}`,
    }));
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
    // The worksheet's XML written by hand: the rows are good, then the XML breaks (after more than
    // two batches of IMPORT_BATCH_SIZE rows were read and written).
    const cell = (ref: string, v: Cell) =>
      typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="str"><v>${v}</v></c>`;
    const rowXml = (n: number, cells: Cell[]) =>
      `<row r="${n}">${cells.map((v, i) => cell(`${String.fromCharCode(65 + i)}${n}`, v)).join('')}</row>`;
    const header = [
      'Etykieta',
      'Rodzaj badania',
      'pH w KCl',
      'Fosfor P2O5',
      'Potas K2O',
      'Magnez Mg',
      'Kategoria agronomiczna',
    ];
    const body = samples
      .map((s, i) => rowXml(i + 2, [s.code, 'BASIC_TEST', 5.5, 10, 12, 4, 'lekka']))
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
    const done = await importFile(file, 'testType=BASIC_TEST&step=apply');
    expect(done).toMatchObject({ status: 'FAILED', errorCode: 'importFileCorrupt' });
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
    const ours = new Set<string>(samples.map((s) => s.orderId));
    expect(
      events.all().filter((e) => e.type === ResultsImportedV1.type && ours.has((e.data as Imported).orderId)),
    ).toEqual([]);

    // The same rows, whole, apply in one pass: every order COMPLETE.
    const whole = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES(SHEET_MAIN) },
      {
        name: 'xl/workbook.xml',
        data: Buffer.from('<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.from(sheet.replace(/<row r="9999">.*$/, '</sheetData></worksheet>')),
      },
    ]);
    const applied = await importFile(whole, 'testType=BASIC_TEST&step=apply');
    expect(applied).toMatchObject({
      status: 'APPLIED',
      summary: { rowsRead: 1200, valid: 1200, applied: 1200, rejected: 0, ordersTouched: 1200 },
    });
    await waitFor(
      () =>
        events
          .all()
          .filter((e) => e.type === ResultsImportedV1.type && ours.has((e.data as Imported).orderId))
          .length === 1200,
    );
    const told = events
      .all()
      .filter((e) => e.type === ResultsImportedV1.type && ours.has((e.data as Imported).orderId))
      .map((e) => e.data as Imported);
    expect(new Set(told.map((e) => e.completeness))).toEqual(new Set(['COMPLETE']));
    expect(told.every((e) => e.importId === applied.id && e.sampleCodes.length === 1)).toBe(true);
  });

  it('shows a field history across orders', async () => {
    const cropId = '4f5c7c86-9f54-4d4e-8a3a-1f2a4c7d9e01';
    const userId = '0d8c1c53-7b7a-4ad4-9bb1-5c8a3e3e0f11';
    const first = sampleData({ userId, cropId, fieldName: 'Pole pod lasem' });
    const second = sampleData({ userId, cropId, fieldName: 'Pole pod lasem' });
    await expectSamples(first, second);
    await importFile(await workbook([basicRow(first.code, 5.0)]), 'testType=BASIC_TEST&step=apply');
    await importFile(await workbook([basicRow(second.code, 6.0)]), 'testType=BASIC_TEST&step=apply');
    const token = keys.sign({ sub: userId });
    const byCrop = await http<TFieldHistoryView>(
      service.url,
      'GET',
      `/api/results/fields/history?cropId=${cropId}`,
      { token },
    );
    expect(byCrop.body.items.map((i) => i.elements.find((e) => e.key === 'PH_KCL')!.value)).toEqual([5, 6]);
    const byName = await http<TFieldHistoryView>(
      service.url,
      'GET',
      `/api/results/fields/history?fieldName=${encodeURIComponent('pole POD lasem')}`,
      { token },
    );
    expect(byName.body.items).toHaveLength(2);
    const other = await http<TFieldHistoryView>(
      service.url,
      'GET',
      `/api/results/fields/history?cropId=${cropId}`,
      { token: keys.sign({}) },
    );
    expect(other.body.items).toHaveLength(0);
    expect((await http(service.url, 'GET', '/api/results/fields/history', { token })).status).toBe(400);
  });
});
