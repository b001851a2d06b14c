import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys, dropTestDatabases, http, startTestService, type TestService } from '@gleba/testkit';
import { startUldkSimulator, type UldkSimulatorHandle } from '@gleba/simulators';
import type { TParcel, TPlot, TPosition } from '@gleba/contracts';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { geoService } from '../src/service';
import { lookupOf } from '../src/app/cadastre';

type Err = { code: string; message: string; statusCode: number };

/** A point `x` m east and `y` m north of the simulator's Stojadła precinct origin (21.6012 E, 52.1523 N). */
function stojadla(x: number, y: number): { lon: number; lat: number } {
  const kx = 111_320 * Math.cos((52.1523 * Math.PI) / 180);
  return { lon: 21.6012 + x / kx, lat: 52.1523 + y / 110_574 };
}

describe('geo: the parcel under a point (select on map)', () => {
  let service: TestService<Database, Config>;
  let sim: UldkSimulatorHandle;
  const keys = createTestKeys();
  const alice = keys.sign({ sub: '0b6c1f7e-3333-4a4a-8a8a-000000000003', lang: 'en' });
  const api = <T>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) => http<T>(service.url, method, path, options);
  const at = (p: { lon: number; lat: number }, headers?: Record<string, string>) =>
    api<TParcel & Err>('GET', `/api/cadastre/parcels/at?lon=${p.lon.toFixed(7)}&lat=${p.lat.toFixed(7)}`, {
      token: alice,
      headers,
    });

  beforeAll(async () => {
    sim = await startUldkSimulator({ port: 0 });
    service = await startTestService(geoService, { keys: keys.resolver, config: { ULDK_URL: sim.url } });
  });
  afterAll(async () => {
    await service?.cleanup();
    await sim?.close();
    await dropTestDatabases();
  });

  it('answers the parcel with its names, the form codes, the polygon and the area', async () => {
    const res = await at(stojadla(30, 300));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      terytId: '141211_2.0021.112',
      plotNumber: '112',
      precinct: 'Stojadła',
      commune: 'Mińsk Mazowiecki (gmina wiejska)',
      county: 'miński',
      voivodeship: 'mazowieckie',
      lookup: { voivodeship: 'MASOVIAN', county: '1412', commune: '141211_2', precinct: '141211_2.0021' },
    });
    expect(res.body.geometry.type).toBe('Polygon');
    const ring = (res.body.geometry.coordinates as TPosition[][])[0]!;
    // Longitude first, as everywhere at geo's boundary.
    expect(ring[0]![0]).toBeCloseTo(21.6012, 4);
    expect(ring[0]![1]).toBeCloseTo(52.1523, 4);
    expect(res.body.areaHa).toBeGreaterThan(3.5);
    expect(res.body.areaHa).toBeLessThan(3.7);
    // ULDK was asked longitude first with the WGS84 srid.
    const asked = new URL(sim.requests.at(-1)!, 'http://x').searchParams;
    expect(asked.get('request')).toBe('GetParcelByXY');
    expect(asked.get('xy')).toMatch(/^21\.60\d+,52\.15\d+,4326$/);
  });

  it('adds the parcel it answered through the cadastral call without asking ULDK again', async () => {
    const found = (await at(stojadla(120, 100))).body;
    expect(found.terytId).toBe('141211_2.0021.114/1');
    const before = sim.requests.length;
    const added = await api<TPlot>('POST', '/api/plots/cadastral', {
      token: alice,
      body: { ...found.lookup, plotNumber: found.plotNumber },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      kind: 'CADASTRAL',
      terytId: '141211_2.0021.114/1',
      areaHa: found.areaHa,
    });
    expect(sim.requests.length).toBe(before);
    const twice = await api<Err>('POST', '/api/plots/cadastral', {
      token: alice,
      body: { ...found.lookup, plotNumber: found.plotNumber },
    });
    expect(twice.body).toMatchObject({
      code: 'plotAlreadyExists',
      message: 'This plot has already been added.',
    });
  });

  it('says when there is no parcel there: a pond, a gap between fields, outside Poland (no ULDK call)', async () => {
    const pond = await at(stojadla(990, 150), { 'x-gleba-lang': 'pl' });
    expect(pond.status).toBe(404);
    expect(pond.body).toMatchObject({
      code: 'noParcelAtPoint',
      message: 'W tym miejscu nie ma działki ewidencyjnej.',
    });
    const gap = await at(stojadla(750, 100), { 'x-gleba-lang': 'uk' });
    expect(gap.body).toMatchObject({
      code: 'noParcelAtPoint',
      message: 'У цьому місці немає кадастрової ділянки.',
    });
    const before = sim.requests.length;
    const berlin = await at({ lon: 13.405, lat: 52.52 });
    expect(berlin.status).toBe(404);
    expect(berlin.body.code).toBe('noParcelAtPoint');
    expect(sim.requests.length).toBe(before);
  });

  it('refuses bad coordinates with 400 and asks nothing', async () => {
    const before = sim.requests.length;
    for (const query of [
      'lon=21.6',
      'lon=abc&lat=52.1',
      'lon=&lat=',
      'lon=21.6&lat=95',
      'lon=200&lat=52',
      'lon=21.6&lat=52.1&lat=52.2',
      'lon=1e2&lat=52',
    ]) {
      const res = await api<Err>('GET', `/api/cadastre/parcels/at?${query}`, { token: alice });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('validationFailed');
    }
    expect(sim.requests.length).toBe(before);
  });

  it('reports ULDK down or answering garbage as the usual upstream error (502)', async () => {
    sim.failNext('http500');
    const down = await at(stojadla(30, 300));
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ code: 'fetchPlotsFailed', message: 'Could not fetch plots.' });
    sim.failNext('malformed');
    expect((await at(stojadla(30, 300))).body.code).toBe('fetchPlotsFailed');
    expect((await at(stojadla(30, 300))).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await api<Err>('GET', '/api/cadastre/parcels/at?lon=21.6015&lat=52.155');
    expect(res.status).toBe(401);
  });

  it('derives the form codes from the TERYT id only when it has the plain shape', () => {
    expect(lookupOf('141212_5.0008.302/1')).toEqual({
      voivodeship: 'MASOVIAN',
      county: '1412',
      commune: '141212_5',
      precinct: '141212_5.0008',
    });
    expect(lookupOf('146502_8.0101.AR_12.54')).toBeNull();
    expect(lookupOf('999999_9.0001.1')).toBeNull();
  });
});
