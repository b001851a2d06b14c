import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  OrderCancelledV1,
  OrderPlacedV1,
  type TCrop,
  type TCropSnapshot,
  type TPlot,
  type TSector,
} from '@gleba/contracts';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { geoService } from '../src/service';
import { at, rect, ring, uShape, withHole } from './shapes';

type Err = { code: string; message: string; statusCode: number };

describe('geo: crops and sectors', () => {
  let service: TestService<Database, Config>;
  let events: EventListener;
  const keys = createTestKeys();
  const aliceId = randomUUID();
  const alice = keys.sign({ sub: aliceId, lang: 'pl' });
  const bob = keys.sign({ sub: randomUUID() });
  const api = <T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    http<T>(service.url, method, path, { token: alice, ...options });
  const plot = async (geometry: unknown, name = 'Pole') =>
    (await api<TPlot>('POST', '/api/plots', { body: { name, geometry } })).body;
  const crop = async (body: Record<string, unknown>) =>
    api<TCrop>('POST', '/api/crops', {
      body: { plantId: 'winter-wheat', cultivationFrom: '2026-09-20', cultivationTo: '2027-07-31', ...body },
    });
  const near = (actual: number, expected: number, rel = 0.01) =>
    expect(Math.abs(actual - expected) / expected).toBeLessThan(rel);

  let field: TPlot; // 400 x 250 m = 10 ha
  let horseshoe: TPlot; // 7 ha, concave
  let pond: TPlot; // 13.5 ha with a hole

  beforeAll(async () => {
    service = await startTestService(geoService, {
      keys: keys.resolver,
      config: { ULDK_URL: 'http://127.0.0.1:9' },
    });
    events = await listenForEvents(service.ctx.config.EVENTS_EXCHANGE, ['geo.#']);
    field = await plot(rect(0, 0, 400, 250), 'Duże');
    horseshoe = await plot(uShape(1000, 0), 'Podkowa');
    pond = await plot(withHole(2000, 0), 'Staw');
  });
  afterAll(async () => {
    await events?.close();
    await service?.cleanup();
    await dropTestDatabases();
  });

  describe('adding crops', () => {
    it('refuses an unknown plant, a reversed period, a foreign plot and a shape outside the plots', async () => {
      expect((await crop({ plantId: 'triffid', plotIds: [field.id] })).body).toMatchObject({
        code: 'plantNotFound',
      });
      expect((await crop({ plotIds: [field.id], cultivationTo: '2026-01-01' })).body).toMatchObject({
        code: 'cultivationPeriodInvalid',
      });
      const foreign = await crop({ plotIds: [randomUUID()] });
      expect(foreign.status).toBe(404);
      expect((foreign.body as unknown as Err).code).toBe('plotNotFound');
      const outside = await crop({ plotIds: [field.id], geometry: rect(300, 0, 200, 100) });
      expect(outside.status).toBe(400);
      expect((outside.body as unknown as Err).code).toBe('cropOutsidePlots');
    });

    it('creates a crop over a whole plot with one sector and publishes its snapshot', async () => {
      const res = await crop({ plotIds: [field.id], estimatedYieldTPerHa: 7.5 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Pszenica ozima',
        plantName: 'Pszenica ozima',
        plantGroup: 'FIELD',
        plantType: 'CEREALS',
        cultivationFrom: '2026-09-20',
        cultivationTo: '2027-07-31',
        estimatedYieldTPerHa: 7.5,
        plotIds: [field.id],
        divided: false,
        hasTest: false,
      });
      near(res.body.areaHa, field.areaHa, 1e-6);
      expect(res.body.sectors).toHaveLength(1);
      const event = await events.next<TCropSnapshot>(
        'geo.crop.created',
        (e) => e.data.cropId === res.body.id,
      );
      expect(event.data).toMatchObject({
        userId: aliceId,
        plantId: 'winter-wheat',
        plotNumbers: ['Duże'],
        fieldName: 'Duże',
      });
      expect(event.data.sectors).toHaveLength(1);
      const again = await crop({
        plotIds: [field.id],
        cultivationFrom: '2027-03-01',
        cultivationTo: '2027-08-01',
      });
      expect(again.status).toBe(409);
      expect((again.body as unknown as Err).code).toBe('cropAlreadyExists');
      await api('DELETE', `/api/crops/${res.body.id}`);
    });

    it('creates a crop on part of a plot with its own geometry', async () => {
      const res = await crop({
        plantId: 'potato',
        plotIds: [field.id],
        geometry: rect(0, 0, 200, 250),
        cultivationFrom: '2026-04-01',
        cultivationTo: '2026-09-01',
      });
      expect(res.status).toBe(201);
      near(res.body.areaHa, field.areaHa / 2);
      await api('DELETE', `/api/crops/${res.body.id}`);
    });
  });

  describe('map tools on crops', () => {
    it('cuts out a shape: at least 3 vertices, inside the crop, never the whole crop; a cut can leave two parts', async () => {
      const c = (await crop({ plotIds: [horseshoe.id] })).body;
      const cut = (r: unknown) => api<TCrop>('POST', `/api/crops/${c.id}/cut`, { body: { ring: r } });
      expect(((await cut([at(1010, 10), at(1020, 20)])).body as unknown as Err).code).toBe(
        'cutTooFewVertices',
      );
      expect(
        (
          (
            await cut(
              ring([
                [900, 0],
                [950, 0],
                [950, 50],
                [900, 50],
              ]),
            )
          ).body as unknown as Err
        ).code,
      ).toBe('cutOutsideCrop');
      const all = await cut(uShape(1000, 0).coordinates[0]);
      expect(all.status).toBe(400);
      expect((all.body as unknown as Err).code).toBe('cropCannotDeleteAll');
      const res = await cut([at(1000, 0), at(1300, 0), at(1300, 100), at(1000, 100)]);
      expect(res.status).toBe(200);
      expect(res.body.geometry.type).toBe('MultiPolygon');
      expect(res.body.geometry.coordinates).toHaveLength(2);
      near(res.body.areaHa, 4);
      const changed = await events.next<TCropSnapshot>('geo.crop.changed', (e) => e.data.cropId === c.id);
      near(changed.data.areaHa, 4);
      const undone = await api<TCrop>('POST', `/api/crops/${c.id}/undo`);
      near(undone.body.areaHa, horseshoe.areaHa, 1e-6);
      expect(undone.body.canRedo).toBe(true);
      const redone = await api<TCrop>('POST', `/api/crops/${c.id}/redo`);
      expect(redone.body.geometry.type).toBe('MultiPolygon');
      const moved = await api<Err>('POST', `/api/crops/${c.id}/move`, {
        body: { distanceM: 500, bearingDeg: 0 },
      });
      expect(moved.body.code).toBe('cropOutsidePlots');
      await api('DELETE', `/api/crops/${c.id}`);
    });
  });

  describe('dividing a crop', () => {
    it('divides a crop by a line into crops of the same plant on the same plot', async () => {
      const c = (await crop({ plotIds: [field.id], name: 'Pszenica' })).body;
      const wrong = await api<Err>('POST', `/api/crops/${c.id}/divide`, {
        body: { line: { type: 'LineString', coordinates: [at(200, -10)] } },
      });
      expect(wrong.body.code).toBe('wrongCoordinateCount');
      const res = await api<TCrop[]>('POST', `/api/crops/${c.id}/divide`, {
        body: { line: { type: 'LineString', coordinates: [at(150, -10), at(150, 260)] } },
      });
      expect(res.status).toBe(200);
      expect(res.body.map((x) => x.name)).toEqual(['Pszenica', 'Pszenica (2)']);
      near(res.body[0]!.areaHa, (field.areaHa * 250) / 400);
      near(res.body[1]!.areaHa, (field.areaHa * 150) / 400);
      expect(res.body[1]!.plotIds).toEqual([field.id]);
      await events.next<TCropSnapshot>('geo.crop.created', (e) => e.data.cropId === res.body[1]!.id);
      // The same plant cannot be added again where the pieces already grow.
      expect((await crop({ plotIds: [field.id] })).status).toBe(409);
      for (const x of res.body) expect((await api('DELETE', `/api/crops/${x.id}`)).status).toBe(204);
    });
  });

  describe('sectors', () => {
    let wheat: TCrop;

    it('auto-divides into near-equal sectors of at most 4 ha, once', async () => {
      wheat = (await crop({ plotIds: [field.id] })).body;
      const res = await api<TCrop>('POST', `/api/crops/${wheat.id}/sectors/auto-divide`, { body: {} });
      expect(res.status).toBe(200);
      expect(res.body.divided).toBe(true);
      const areas = res.body.sectors.map((s) => s.areaHa);
      expect(areas).toHaveLength(3);
      expect(Math.max(...areas)).toBeLessThanOrEqual(4);
      expect(Math.max(...areas) - Math.min(...areas)).toBeLessThan(0.01);
      const ev = await events.next<TCropSnapshot>('geo.sector.changed', (e) => e.data.cropId === wheat.id);
      expect(ev.data.sectors.map((s) => s.sectorId)).toEqual(res.body.sectors.map((s) => s.id));
      const twice = await api<Err>('POST', `/api/crops/${wheat.id}/sectors/auto-divide`, { body: {} });
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({
        code: 'sectorsAlreadyDivided',
        message: 'Uprawa jest już podzielona. Najpierw przywróć jeden sektor.',
      });
      const reverted = await api<TCrop>('POST', `/api/crops/${wheat.id}/sectors/revert`);
      expect(reverted.body.sectors).toHaveLength(1);
      const small = await api<TCrop>('POST', `/api/crops/${wheat.id}/sectors/auto-divide`, {
        body: { maxAreaHa: 1 },
      });
      expect(small.body.sectors.length).toBe(Math.ceil(wheat.areaHa));
      await api('POST', `/api/crops/${wheat.id}/sectors/revert`);
    });

    it('auto-divides a concave crop and a crop with a hole', async () => {
      for (const p of [horseshoe, pond]) {
        const c = (await crop({ plantId: 'grain-maize', plotIds: [p.id] })).body;
        const res = await api<TCrop>('POST', `/api/crops/${c.id}/sectors/auto-divide`, { body: {} });
        const total = res.body.sectors.reduce((s, x) => s + x.areaHa, 0);
        near(total, c.areaHa, 0.001);
        expect(res.body.sectors.length).toBe(Math.ceil(c.areaHa / 4));
        await api('DELETE', `/api/crops/${c.id}`);
      }
    });

    it('updates sectors by hand: inside the crop and not overlapping', async () => {
      const halves = [
        { geometry: rect(0, 0, 200, 250), name: 'Zachód' },
        { geometry: rect(200, 0, 200, 250), name: 'Wschód' },
      ];
      const res = await api<TCrop>('PUT', `/api/crops/${wheat.id}/sectors`, { body: { sectors: halves } });
      expect(res.status).toBe(200);
      expect(res.body.sectors.map((s) => s.name)).toEqual(['Zachód', 'Wschód']);
      const overlapping = await api<Err>('PUT', `/api/crops/${wheat.id}/sectors`, {
        body: { sectors: [{ geometry: rect(0, 0, 250, 250) }, { geometry: rect(200, 0, 200, 250) }] },
      });
      expect(overlapping.body.code).toBe('sectorsInvalid');
      const outside = await api<Err>('PUT', `/api/crops/${wheat.id}/sectors`, {
        body: { sectors: [{ geometry: rect(300, 0, 200, 250) }] },
      });
      expect(outside.body.code).toBe('sectorsInvalid');
      const sectors = await api<TSector[]>('GET', `/api/crops/${wheat.id}/sectors`);
      expect(sectors.body).toHaveLength(2);
      const one = await api<TSector & { cropId: string }>('GET', `/api/sectors/${sectors.body[0]!.id}`);
      expect(one.body).toMatchObject({ name: 'Zachód', cropId: wheat.id, locked: false });
    });

    it('locks the crop and its sectors while an order tests them, and releases them on cancellation', async () => {
      const before = (await api<TCrop>('GET', `/api/crops/${wheat.id}`)).body;
      const orderId = randomUUID();
      await publishTestEvent(service.ctx.config.EVENTS_EXCHANGE, OrderPlacedV1, {
        orderId,
        orderNumber: 'GL/2026/0001',
        userId: aliceId,
        kind: 'FARM',
        type: 'STANDARD',
        paymentMethod: 'ONLINE_BANK_TRANSFER',
        totalPriceGrosze: 6000,
        cropIds: [wheat.id],
        sectorIds: before.sectors.map((s) => s.id),
        placedAt: new Date().toISOString(),
      });
      const locked = await waitFor(async () => {
        const c = (await api<TCrop>('GET', `/api/crops/${wheat.id}`)).body;
        return c.hasTest ? c : null;
      });
      expect(locked.sectors.every((s) => s.locked)).toBe(true);
      const del = await api<Err>('DELETE', `/api/crops/${wheat.id}`);
      expect(del.status).toBe(409);
      expect(del.body.code).toBe('cropHasTest');
      expect((await api<Err>('POST', `/api/crops/${wheat.id}/sectors/revert`)).body.code).toBe(
        'sectorsUsedInTests',
      );
      expect(
        (
          await api<Err>('POST', `/api/crops/${wheat.id}/cut`, {
            body: {
              ring: ring([
                [10, 10],
                [20, 10],
                [20, 20],
              ]),
            },
          })
        ).body.code,
      ).toBe('sectorsUsedInTests');
      const changed = await api<Err>('PUT', `/api/crops/${wheat.id}/sectors`, {
        body: {
          sectors: [
            { id: before.sectors[0]!.id, geometry: rect(0, 0, 150, 250) },
            { geometry: rect(150, 0, 250, 250) },
          ],
        },
      });
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('sectorsUsedInTests');
      expect((await api<Err>('DELETE', `/api/plots/${field.id}`)).body.code).toBe('cropHasTest');
      // Fields that are not the shape may still change.
      expect(
        (await api<TCrop>('PATCH', `/api/crops/${wheat.id}`, { body: { estimatedYieldTPerHa: 8 } })).body
          .estimatedYieldTPerHa,
      ).toBe(8);

      await publishTestEvent(service.ctx.config.EVENTS_EXCHANGE, OrderCancelledV1, {
        orderId,
        orderNumber: 'GL/2026/0001',
        userId: aliceId,
        kind: 'FARM',
        sampleCodes: [],
        cancelledByUserId: aliceId,
        cancelledAt: new Date().toISOString(),
      });
      await waitFor(async () => !(await api<TCrop>('GET', `/api/crops/${wheat.id}`)).body.hasTest);
      expect((await api('DELETE', `/api/crops/${wheat.id}`)).status).toBe(204);
      await events.next('geo.crop.deleted', (e) => (e.data as { cropId: string }).cropId === wheat.id);
    });
  });

  describe('ownership', () => {
    it("hides another user's crops and sectors (404)", async () => {
      const c = (await crop({ plotIds: [pond.id] })).body;
      expect((await api<TCrop[]>('GET', '/api/crops', { token: bob })).body).toEqual([]);
      for (const [method, path, body] of [
        ['GET', `/api/crops/${c.id}`, undefined],
        ['PATCH', `/api/crops/${c.id}`, { name: 'Moje' }],
        ['DELETE', `/api/crops/${c.id}`, undefined],
        ['POST', `/api/crops/${c.id}/sectors/auto-divide`, {}],
        [
          'POST',
          `/api/crops/${c.id}/cut`,
          {
            ring: ring([
              [2010, 10],
              [2020, 10],
              [2020, 20],
            ]),
          },
        ],
      ] as const) {
        const res = await api<Err>(method, path, { token: bob, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.code).toBe('cropNotFound');
      }
      expect((await api<Err>('GET', `/api/sectors/${c.sectors[0]!.id}`, { token: bob })).body.code).toBe(
        'sectorNotFound',
      );
      expect(
        (
          await http(service.url, 'POST', '/api/crops', {
            token: bob,
            body: {
              plantId: 'oats',
              cultivationFrom: '2026-04-01',
              cultivationTo: '2026-08-01',
              plotIds: [pond.id],
            },
          })
        ).status,
      ).toBe(404);
    });
  });
});
