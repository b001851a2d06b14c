// The whole TERC register behind the cadastral form, the ULDK simulator answering for every
// commune of it, and the cadastral overlay (GET /api/cadastre/wms) drawing the simulator's parcels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys, dropTestDatabases, http, startTestService, type TestService } from '@gleba/testkit';
import { startUldkSimulator, VOIVODESHIP_BBOX, type UldkSimulatorHandle } from '@gleba/simulators';
import {
  CADASTRE_WMS_MAX_SIZE,
  VOIVODESHIP_TERYT,
  Voivodeship,
  type TAdminUnit,
  type TParcel,
  type TPlot,
  type TPrecinct,
  type TVoivodeshipItem,
} from '@gleba/contracts';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { geoService } from '../src/service';

type Err = { code: string; statusCode: number };

describe('geo: the whole TERC register, the simulated cadastre and its overlay', () => {
  let service: TestService<Database, Config>;
  let sim: UldkSimulatorHandle;
  const keys = createTestKeys();
  const farmer = keys.sign({ sub: '0b6c1f7e-3333-4a4a-8a8a-000000000003', lang: 'pl' });
  const api = <T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    http<T>(service.url, method, path, options);

  beforeAll(async () => {
    sim = await startUldkSimulator({ port: 0 });
    service = await startTestService(geoService, {
      keys: keys.resolver,
      config: { ULDK_URL: sim.url, CADASTRE_WMS_URL: `${sim.url}/wms` },
    });
  });
  afterAll(async () => {
    await service?.cleanup();
    await sim?.close();
    await dropTestDatabases();
  });

  it('the cadastral form finds a unit in each of the 16 voivodeships, and the simulator answers a parcel in each', async () => {
    const voivodeships = await api<TVoivodeshipItem[]>('GET', '/api/admin-units/voivodeships');
    expect(voivodeships.body.map((v) => v.code)).toEqual(Voivodeship.options);
    let counted = 0;
    for (const code of Voivodeship.options) {
      const teryt = VOIVODESHIP_TERYT[code];
      const counties = await api<TAdminUnit[]>('GET', `/api/admin-units/counties?voivodeship=${code}`);
      expect(counties.status).toBe(200);
      expect(counties.body.length, code).toBeGreaterThanOrEqual(12);
      counted += counties.body.length;
      // The county in the middle of the list, and a rural commune of it where there is one.
      const county = counties.body[Math.floor(counties.body.length / 2)]!;
      const communes = await api<TAdminUnit[]>('GET', `/api/admin-units/communes?county=${county.teryt}`);
      expect(communes.body.length, county.teryt).toBeGreaterThan(0);
      const commune = communes.body.find((c) => c.teryt.endsWith('_2')) ?? communes.body[0]!;
      expect(commune.voivodeship).toBe(code);
      const precincts = await api<TPrecinct[]>('GET', `/api/admin-units/precincts?commune=${commune.teryt}`);
      expect(precincts.body.length, commune.teryt).toBeGreaterThanOrEqual(2);
      const precinct = precincts.body[0]!;
      const parcel = await api<TParcel>(
        'GET',
        `/api/cadastre/parcels?precinct=${encodeURIComponent(precinct.teryt)}&number=1`,
      );
      expect(parcel.status, precinct.teryt).toBe(200);
      expect(parcel.body.lookup).toEqual({
        voivodeship: code,
        county: county.teryt,
        commune: commune.teryt,
        precinct: precinct.teryt,
      });
      expect(parcel.body.areaHa).toBeGreaterThan(0);
      // Inside its voivodeship's box.
      const [w, s, e, n] = VOIVODESHIP_BBOX[teryt]!;
      const ring = (parcel.body.geometry as unknown as { coordinates: [number, number][][] }).coordinates[0]!;
      expect(
        ring.every(([x, y]) => x >= w && x <= e && y >= s && y <= n),
        precinct.teryt,
      ).toBe(true);
      // And the form's "add" takes it.
      const added = await api<TPlot>('POST', '/api/plots/cadastral', {
        token: farmer,
        body: { ...parcel.body.lookup, plotNumber: '1' },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body.terytId).toBe(`${precinct.teryt}.1`);
    }
    expect(counted).toBe(380);
  });

  it('answers an unknown commune with no precincts and a number the precinct lacks as not found', async () => {
    const none = await api<TPrecinct[]>('GET', '/api/admin-units/precincts?commune=329999_2');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const missing = await api<Err>('GET', '/api/cadastre/parcels?precinct=020101_1.0001&number=99999');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('parcelNotFound');
  });

  describe('GET /api/cadastre/wms (the cadastral overlay)', () => {
    // A z-15 tile over Kuflew (the map suites' starting point), as MapLibre fills `{bbox-epsg-3857}`.
    const R = 6_378_137;
    const size = (2 * Math.PI * R) / 2 ** 15;
    const x = Math.floor(((R * 21.8045 * Math.PI) / 180 + Math.PI * R) / size);
    const y = Math.floor(
      (Math.PI * R - R * Math.log(Math.tan(Math.PI / 4 + (52.0812 * Math.PI) / 360))) / size,
    );
    const bbox = [
      -Math.PI * R + x * size,
      Math.PI * R - (y + 1) * size,
      -Math.PI * R + (x + 1) * size,
      Math.PI * R - y * size,
    ];
    const params = (over: Record<string, string> = {}) =>
      new URLSearchParams({
        SERVICE: 'WMS',
        REQUEST: 'GetMap',
        VERSION: '1.1.1',
        LAYERS: 'dzialki,numery_dzialek',
        STYLES: '',
        FORMAT: 'image/png',
        TRANSPARENT: 'true',
        SRS: 'EPSG:3857',
        BBOX: bbox.join(','),
        WIDTH: '256',
        HEIGHT: '256',
        ...over,
      }).toString();

    it('forwards the map tile to the configured WMS and answers its PNG, cacheable', async () => {
      const res = await fetch(`${service.url}/api/cadastre/wms?${params()}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      const png = Buffer.from(await res.arrayBuffer());
      const direct = Buffer.from(await (await fetch(`${sim.url}/wms?${params()}`)).arrayBuffer());
      expect(png.equals(direct)).toBe(true);
      expect(png.length).toBeGreaterThan(500); // outlines and numbers, not an empty tile
      const asked = sim.requests.filter((r) => r.startsWith('/wms?')).at(-2)!;
      expect(Object.fromEntries(new URL(asked, sim.url).searchParams)).toEqual(
        Object.fromEntries(new URLSearchParams(params({ TRANSPARENT: 'TRUE' }))),
      );
    });

    it('takes the largest image it allows and refuses anything else before asking the WMS', async () => {
      const big = `${CADASTRE_WMS_MAX_SIZE}`;
      const largest = await fetch(`${service.url}/api/cadastre/wms?${params({ WIDTH: big, HEIGHT: big })}`);
      expect(largest.status).toBe(200);
      const before = sim.requests.length;
      const bad: Record<string, string>[] = [
        { WIDTH: String(CADASTRE_WMS_MAX_SIZE + 1) },
        { HEIGHT: '0' },
        { SRS: 'EPSG:2180' },
        { BBOX: '1,2,3' },
        { BBOX: '5,5,1,1' },
        { BBOX: `0,0,${'9'.repeat(30)},1` },
        { LAYERS: 'budynki' },
        { FORMAT: 'image/jpeg' },
        { REQUEST: 'GetFeatureInfo' },
      ];
      for (const over of bad) {
        const res = await api<Err>('GET', `/api/cadastre/wms?${params(over)}`);
        expect(res.status, JSON.stringify(over)).toBe(400);
        expect(res.body.code).toBe('validationFailed');
      }
      expect(sim.requests.length).toBe(before);
    });

    it('answers 502 when the WMS fails or answers something else than a PNG', async () => {
      for (const kind of ['http500', 'malformed'] as const) {
        sim.failNext(kind);
        const res = await api<Err>('GET', `/api/cadastre/wms?${params()}`);
        expect(res.status, kind).toBe(502);
        expect(res.body.code).toBe('fetchPlotsFailed');
      }
      // A text answer with HTTP 200 (here ULDK's own endpoint, not a WMS) is not a map either.
      const wrong = await startTestService(geoService, {
        keys: keys.resolver,
        config: { ULDK_URL: sim.url, CADASTRE_WMS_URL: `${sim.url}/` },
      });
      try {
        const res = await http<Err>(wrong.url, 'GET', `/api/cadastre/wms?${params()}`);
        expect(res.status).toBe(502);
        expect(res.body.code).toBe('fetchPlotsFailed');
      } finally {
        await wrong.cleanup();
      }
    });
  });
});
