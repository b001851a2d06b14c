import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@gleba/platform';
import {
  createTestDatabase,
  createTestKeys,
  dropTestDatabases,
  http,
  startTestService,
  type TestService,
} from '@gleba/testkit';
import { startUldkSimulator, type UldkSimulatorHandle } from '@gleba/simulators';
import type {
  TAdminUnit,
  TCity,
  TFarm,
  TImportPlotsResult,
  TPlant,
  TPlot,
  TPrecinct,
  TVoivodeshipItem,
} from '@gleba/contracts';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { geoService } from '../src/service';
import { importTercFile } from '../src/scripts/terc-import';
import { shippedTercPath } from '../src/adapters/terc-file';
import { at, bowTie, line, rect, uShape, withHole } from './shapes';

const run = promisify(execFile);
type Err = { code: string; message: string; statusCode: number };

describe('geo: farm, plots, admin units, cadastre', () => {
  let service: TestService<Database, Config>;
  let sim: UldkSimulatorHandle;
  const keys = createTestKeys();
  const alice = keys.sign({ sub: '0b6c1f7e-1111-4a4a-8a8a-000000000001', lang: 'en' });
  const bob = keys.sign({ sub: '0b6c1f7e-2222-4a4a-8a8a-000000000002' });
  const api = <T>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) => http<T>(service.url, method, path, options);

  beforeAll(async () => {
    sim = await startUldkSimulator({ port: 0 });
    service = await startTestService(geoService, { keys: keys.resolver, config: { ULDK_URL: sim.url } });
  });
  afterAll(async () => {
    await service?.cleanup();
    await sim?.close();
    await dropTestDatabases();
  });

  describe('farm (onboarding wizard)', () => {
    it('is created by PUT, editable, never negative, one per user', async () => {
      const none = await api('GET', '/api/farm', { token: alice });
      expect(none.status).toBe(200);
      expect(none.body).toBeNull();
      const bad = await api<Err>('PUT', '/api/farm', {
        token: alice,
        body: { farmingActivity: true, totalAreaM2: -1 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validationFailed');
      const made = await api<TFarm>('PUT', '/api/farm', {
        token: alice,
        body: {
          farmingActivity: true,
          totalAreaM2: 125_000,
          address: { voivodeship: 'MASOVIAN', cityName: 'Stojadła', postCode: '05-300' },
        },
      });
      expect(made.status).toBe(200);
      const edited = await api<TFarm>('PUT', '/api/farm', {
        token: alice,
        body: { farmingActivity: false, totalAreaM2: 0 },
      });
      expect(edited.body).toMatchObject({ farmingActivity: false, totalAreaM2: 0 });
      expect((await api<TFarm>('GET', '/api/farm', { token: alice })).body.totalAreaM2).toBe(0);
      // Bob's farm is not Alice's: he has none yet.
      const bobs = await api('GET', '/api/farm', { token: bob });
      expect(bobs.status).toBe(200);
      expect(bobs.body).toBeNull();
      expect((await api('GET', '/api/farm')).status).toBe(401);
    });
  });

  describe('reference data', () => {
    it('lists the 16 voivodeships, counties and communes of the whole TERC register', async () => {
      const v = await api<TVoivodeshipItem[]>('GET', '/api/admin-units/voivodeships');
      expect(v.body).toHaveLength(16);
      expect(v.body.find((x) => x.code === 'MASOVIAN')).toMatchObject({ teryt: '14', name: 'mazowieckie' });
      const counties = await api<TAdminUnit[]>('GET', '/api/admin-units/counties?voivodeship=MASOVIAN');
      // 37 counties and 5 cities with county rights (Warsaw 1465 among them).
      expect(counties.body).toHaveLength(42);
      expect(counties.body.map((c) => c.teryt)).toEqual(expect.arrayContaining(['1412', '1465']));
      const communes = await api<TAdminUnit[]>('GET', '/api/admin-units/communes?county=1412');
      // Mińsk county: 13 communes, 7 of them urban-rural with their town and rural area.
      expect(communes.body).toHaveLength(27);
      expect(communes.body.find((c) => c.teryt === '141211_2')).toMatchObject({
        name: 'Mińsk Mazowiecki',
        kindName: 'gmina wiejska',
      });
      expect((await api<Err>('GET', '/api/admin-units/counties?voivodeship=ATLANTIS')).status).toBe(400);
    });

    it('fetches precincts from ULDK once, then from the cache', async () => {
      const before = sim.requests.length;
      const first = await api<TPrecinct[]>('GET', '/api/admin-units/precincts?commune=141211_2');
      expect(first.body.map((p) => p.name)).toEqual(['Barcząca', 'Janów', 'Stojadła']);
      const again = await api<TPrecinct[]>('GET', '/api/admin-units/precincts?commune=141211_2');
      expect(again.body).toEqual(first.body);
      expect(sim.requests.length).toBe(before + 1);
      sim.failNext('http500');
      const down = await api<Err>('GET', '/api/admin-units/precincts?commune=141201_1');
      expect(down.status).toBe(502);
      expect(down.body.code).toBe('fetchRegionsFailed');
    });

    it('searches cities by name and says when none is found', async () => {
      const found = await api<TCity[]>('GET', '/api/cities?q=warsz');
      expect(found.body[0]).toMatchObject({ name: 'Warszawa', teryt: '146501_1', voivodeship: 'MASOVIAN' });
      expect(found.body[0]!.lat).toBeCloseTo(52.23, 1);
      const none = await api<Err>('GET', '/api/cities?q=Xyzzyville', {
        headers: { 'accept-language': 'pl' },
      });
      expect(none.status).toBe(404);
      expect(none.body).toMatchObject({ code: 'cityNotFound', message: 'Nie znaleziono miejscowości.' });
    });

    it('serves the plant catalogue in the request language', async () => {
      const en = await api<TPlant[]>('GET', '/api/plants', { headers: { 'x-gleba-lang': 'en' } });
      expect(en.body.length).toBeGreaterThan(60);
      expect(en.body.find((p) => p.id === 'winter-wheat')).toMatchObject({
        name: 'Winter wheat',
        group: 'FIELD',
        type: 'CEREALS',
      });
      const uk = await api<TPlant[]>('GET', '/api/plants', { headers: { 'x-gleba-lang': 'uk' } });
      expect(uk.body.find((p) => p.id === 'winter-wheat')!.name).toBe('Пшениця озима');
    });
  });

  describe('plots by cadastral look-up', () => {
    const body = {
      voivodeship: 'MASOVIAN',
      county: '1412',
      commune: '141211_2',
      precinct: '141211_2.0021',
      plotNumber: '112',
    };

    it('adds a parcel with its ULDK geometry and TERYT id, once', async () => {
      const res = await api<TPlot>('POST', '/api/plots/cadastral', { token: alice, body });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        kind: 'CADASTRAL',
        terytId: '141211_2.0021.112',
        plotNumber: '112',
        commune: '141211_2',
        precinct: '141211_2.0021',
      });
      expect(res.body.publicId).toMatch(/^PL-\d{6}$/);
      expect(res.body.areaHa).toBeGreaterThan(3.5);
      const twice = await api<Err>('POST', '/api/plots/cadastral', { token: alice, body });
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('plotAlreadyExists');
    });

    it('answers parcel not found, and a failed fetch when ULDK answers garbage', async () => {
      const missing = await api<Err>('POST', '/api/plots/cadastral', {
        token: alice,
        body: { ...body, plotNumber: '9999' },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('parcelNotFound');
      sim.failNext('malformed');
      const broken = await api<Err>('POST', '/api/plots/cadastral', {
        token: alice,
        body: { ...body, plotNumber: '113' },
      });
      expect(broken.status).toBe(502);
      expect(broken.body.code).toBe('fetchPlotsFailed');
      const mismatch = await api<Err>('POST', '/api/plots/cadastral', {
        token: alice,
        body: { ...body, commune: '141201_1' },
      });
      expect(mismatch.body.code).toBe('parcelNotFound');
    });

    it('previews a parcel (cached after the first look-up)', async () => {
      const res = await api<{ terytId: string; areaHa: number }>(
        'GET',
        '/api/cadastre/parcels?precinct=141211_2.0021&number=130',
      );
      expect(res.status).toBe(200);
      expect(res.body.terytId).toBe('141211_2.0021.130');
      const before = sim.requests.length;
      await api('GET', '/api/cadastre/parcels?precinct=141211_2.0021&number=130');
      expect(sim.requests.length).toBe(before);
    });
  });

  describe('drawn plots and map tools', () => {
    it('requires a drawn, non-crossing shape', async () => {
      const notDrawn = await api<Err>('POST', '/api/plots', { token: alice, body: { name: 'Nic' } });
      expect(notDrawn.status).toBe(400);
      expect(notDrawn.body).toMatchObject({ code: 'plotNotDrawn', message: 'Draw the plot on the map.' });
      const crossing = await api<Err>('POST', '/api/plots', {
        token: alice,
        body: { geometry: bowTie(5000, 0) },
      });
      expect(crossing.body.code).toBe('shapeSelfIntersects');
      const outOfWorld = await api<Err>('POST', '/api/plots', {
        token: alice,
        body: {
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [200, 52],
                [201, 52],
                [201, 53],
                [200, 52],
              ],
            ],
          },
        },
      });
      expect(outOfWorld.body.code).toBe('validationFailed');
    });

    it('stores a concave field and a field with a hole with server-computed areas', async () => {
      const u = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { name: 'Podkowa', geometry: uShape(1000, 0), plotNumber: '77/2' },
      });
      expect(u.status).toBe(201);
      expect(u.body).toMatchObject({ kind: 'CUSTOM', name: 'Podkowa', plotNumber: '77/2', terytId: null });
      expect(u.body.publicId).toMatch(/^CP-/);
      expect(Math.abs(u.body.areaHa - 7) / 7).toBeLessThan(0.01);
      const h = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { name: 'Ze stawem', geometry: withHole(1500, 0) },
      });
      expect(h.body.geometry.type === 'Polygon' && h.body.geometry.coordinates).toHaveLength(2);
      expect(Math.abs(h.body.areaHa - 13.52) / 13.52).toBeLessThan(0.01);
    });

    it('refuses a plot overlapping existing ones beyond the limit, accepts a small overlap', async () => {
      const base = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { geometry: rect(3000, 0, 100, 100) },
      });
      expect(base.status).toBe(201);
      const big = await api<Err>('POST', '/api/plots', {
        token: alice,
        body: { geometry: rect(3050, 0, 100, 100), snapToleranceM: 0 },
      });
      expect(big.status).toBe(409);
      expect(big.body).toMatchObject({
        code: 'plotOverlapLimitExceeded',
        message: 'The plot overlaps an existing one by more than 5%.',
      });
      const small = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { geometry: rect(3097, 0, 100, 100), snapToleranceM: 0 },
      });
      expect(small.status).toBe(201);
    });

    it('snaps a drawn shape to a neighbour within the tolerance', async () => {
      await api<TPlot>('POST', '/api/plots', { token: alice, body: { geometry: rect(4000, 0, 100, 100) } });
      const drawn = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { geometry: rect(4100.8, 0, 60, 100), snapToleranceM: 2 },
      });
      expect(drawn.status).toBe(201);
      const xs = (drawn.body.geometry.type === 'Polygon' ? drawn.body.geometry.coordinates[0]! : []).map(
        (p) => p[0]!,
      );
      expect(Math.min(...xs)).toBeCloseTo(at(4100, 0)[0]!, 9);
    });

    it('moves a plot, undoes and redoes the move', async () => {
      const p = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { geometry: rect(6000, 0, 100, 100) },
      });
      expect(p.body).toMatchObject({ canUndo: false, canRedo: false });
      const moved = await api<TPlot>('POST', `/api/plots/${p.body.id}/move`, {
        token: alice,
        body: { distanceM: 500, bearingDeg: 90 },
      });
      expect(moved.body.canUndo).toBe(true);
      expect(moved.body.areaHa).toBeCloseTo(p.body.areaHa, 3);
      const x0 = (g: TPlot['geometry']) => (g.type === 'Polygon' ? g.coordinates[0]![0]![0]! : 0);
      expect(x0(moved.body.geometry)).toBeGreaterThan(x0(p.body.geometry));
      const undone = await api<TPlot>('POST', `/api/plots/${p.body.id}/undo`, { token: alice });
      expect(undone.body.geometry).toEqual(p.body.geometry);
      expect(undone.body).toMatchObject({ canUndo: false, canRedo: true });
      expect((await api<Err>('POST', `/api/plots/${p.body.id}/undo`, { token: alice })).body.code).toBe(
        'nothingToUndo',
      );
      const redone = await api<TPlot>('POST', `/api/plots/${p.body.id}/redo`, { token: alice });
      expect(redone.body.geometry).toEqual(moved.body.geometry);
      expect((await api<Err>('POST', `/api/plots/${p.body.id}/redo`, { token: alice })).body.code).toBe(
        'nothingToRedo',
      );
      // Moving onto another plot is refused like drawing there.
      const moveOnto = await api<Err>('POST', `/api/plots/${p.body.id}/move`, {
        token: alice,
        body: { distanceM: 3500, bearingDeg: 270 },
      });
      expect(moveOnto.status).toBe(409);
      expect(moveOnto.body.code).toBe('plotOverlapLimitExceeded');
    });

    it('divides a concave plot by a 2-vertex line crossing it', async () => {
      const u = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { name: 'U', geometry: uShape(7000, 0) },
      });
      const three = await api<Err>('POST', `/api/plots/${u.body.id}/divide`, {
        token: alice,
        body: { line: { type: 'LineString', coordinates: [at(6990, 200), at(7150, 200), at(7310, 200)] } },
      });
      expect(three.status).toBe(400);
      expect(three.body.code).toBe('wrongCoordinateCount');
      const miss = await api<Err>('POST', `/api/plots/${u.body.id}/divide`, {
        token: alice,
        body: { line: line([6900, 0], [6900, 300]) },
      });
      expect(miss.body.code).toBe('divideLineMustCross');
      const pieces = await api<TPlot[]>('POST', `/api/plots/${u.body.id}/divide`, {
        token: alice,
        body: { line: line([6990, 200], [7150, 200]) },
      });
      expect(pieces.status).toBe(200);
      expect(pieces.body).toHaveLength(2);
      expect(pieces.body[0]!.id).toBe(u.body.id);
      expect(pieces.body[1]!.name).toBe('U (2)');
      expect(pieces.body[0]!.areaHa + pieces.body[1]!.areaHa).toBeCloseTo(u.body.areaHa, 2);
      // Undoing the division would put the whole U back over the piece divided off.
      const undoDivide = await api<Err>('POST', `/api/plots/${u.body.id}/undo`, { token: alice });
      expect(undoDivide.body.code).toBe('plotOverlapLimitExceeded');
      const merged = await api<TPlot>('POST', '/api/plots/merge', {
        token: alice,
        body: { plotIds: pieces.body.map((p) => p.id) },
      });
      expect(merged.status).toBe(200);
      expect(merged.body.areaHa).toBeCloseTo(u.body.areaHa, 2);
      // Undoing the merge brings back the first piece only; undoing the division then is fine too.
      const undoMerge = await api<TPlot>('POST', `/api/plots/${u.body.id}/undo`, { token: alice });
      expect(undoMerge.body.areaHa).toBeCloseTo(pieces.body[0]!.areaHa, 3);
      expect((await api('GET', `/api/plots/${pieces.body[1]!.id}`, { token: alice })).status).toBe(404);
    });

    it('merges only adjacent or overlapping plots', async () => {
      const a = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { geometry: rect(8000, 0, 100, 100) },
      });
      const b = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { geometry: rect(8300, 0, 100, 100) },
      });
      const res = await api<Err>('POST', '/api/plots/merge', {
        token: alice,
        body: { plotIds: [a.body.id, b.body.id] },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('mergeNotAdjacent');
    });

    it('edits and deletes a plot', async () => {
      const p = await api<TPlot>('POST', '/api/plots', {
        token: alice,
        body: { geometry: rect(9000, 0, 100, 100) },
      });
      const edited = await api<TPlot>('PATCH', `/api/plots/${p.body.id}`, {
        token: alice,
        body: { name: 'Za lasem', plotNumber: '5/1', geometry: rect(9000, 0, 200, 100) },
      });
      expect(edited.body).toMatchObject({ name: 'Za lasem', plotNumber: '5/1', canUndo: true });
      expect(edited.body.areaHa).toBeCloseTo(2 * p.body.areaHa, 2);
      expect((await api('DELETE', `/api/plots/${p.body.id}`, { token: alice })).status).toBe(204);
      expect((await api<Err>('GET', `/api/plots/${p.body.id}`, { token: alice })).body.code).toBe(
        'plotNotFound',
      );
    });
  });

  describe('import and export', () => {
    it('imports plots from GeoJSON, skipping what breaks the rules', async () => {
      const fc = {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: 'Import A', plotNumber: '10' },
            geometry: rect(10_000, 0, 100, 100),
          },
          { type: 'Feature', properties: { name: 'Krzyżówka' }, geometry: bowTie(10_200, 0) },
          {
            type: 'Feature',
            properties: { name: 'Punkt' },
            geometry: { type: 'Point', coordinates: at(0, 0) },
          },
        ],
      };
      const res = await api<TImportPlotsResult>('POST', '/api/plots/import', {
        token: alice,
        body: { format: 'geojson', content: JSON.stringify(fc) },
      });
      expect(res.status).toBe(201);
      expect(res.body.imported.map((p) => [p.name, p.plotNumber])).toEqual([['Import A', '10']]);
      expect(res.body.skipped.map((s) => s.code)).toEqual(['shapeSelfIntersects', 'geometryInvalid']);
      // Each skipped feature's message is in the request's language (the test client's en), like an error response.
      expect(res.body.skipped.map((s) => s.message)).toEqual([
        'The edges of a shape cannot cross.',
        'Invalid shape.',
      ]);
    });

    it('imports plots from KML', async () => {
      const c = (pts: [number, number][]) => pts.map(([x, y]) => `${at(x, y).join(',')},0`).join(' ');
      const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Pole z KML</name>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>${c([
          [11_000, 0],
          [11_200, 0],
          [11_200, 100],
          [11_000, 100],
          [11_000, 0],
        ])}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`;
      const res = await api<TImportPlotsResult>('POST', '/api/plots/import', {
        token: alice,
        body: { format: 'kml', content: kml },
      });
      expect(res.body.imported).toHaveLength(1);
      expect(res.body.imported[0]!.name).toBe('Pole z KML');
      expect(res.body.imported[0]!.areaHa).toBeGreaterThan(1.9);
      const bad = await api<Err>('POST', '/api/plots/import', {
        token: alice,
        body: { format: 'kml', content: 'not xml at all' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('plotImportInvalid');
    });

    it('exports the farm as a GeoJSON FeatureCollection', async () => {
      const res = await api<{ type: string; features: { properties: { kind: string } }[] }>(
        'GET',
        '/api/farm/export',
        { token: alice },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/geo+json');
      expect(res.body.type).toBe('FeatureCollection');
      expect(res.body.features.filter((f) => f.properties.kind === 'plot').length).toBeGreaterThan(5);
    });
  });

  describe('ownership', () => {
    it("hides another user's plots and refuses to touch them (404)", async () => {
      const mine = await api<TPlot[]>('GET', '/api/plots', { token: alice });
      const id = mine.body[0]!.id;
      expect((await api<TPlot[]>('GET', '/api/plots', { token: bob })).body).toEqual([]);
      for (const [method, path, body] of [
        ['GET', `/api/plots/${id}`, undefined],
        ['PATCH', `/api/plots/${id}`, { name: 'Moje' }],
        ['DELETE', `/api/plots/${id}`, undefined],
        ['POST', `/api/plots/${id}/move`, { distanceM: 10, bearingDeg: 0 }],
        ['POST', `/api/plots/${id}/undo`, undefined],
        ['POST', `/api/plots/${id}/divide`, { line: line([0, 0], [1, 1]) }],
      ] as const) {
        const res = await api<Err>(method, path, { token: bob, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.code).toBe('plotNotFound');
      }
      const merge = await api<Err>('POST', '/api/plots/merge', {
        token: bob,
        body: { plotIds: [mine.body[0]!.id, mine.body[1]!.id] },
      });
      expect(merge.status).toBe(404);
      // Bob's own plot may lie where Alice's is: overlap is checked per user.
      const same = await api<TPlot>('POST', '/api/plots', {
        token: bob,
        body: { geometry: rect(3000, 0, 100, 100) },
      });
      expect(same.status).toBe(201);
      expect((await api('GET', '/api/plots')).status).toBe(401);
    });
  });

  describe('TERC import command', () => {
    it('loads a newer register over the shipped one and refuses a malformed one without writing', async () => {
      const url = await createTestDatabase('geo-terc');
      const env = { ...process.env, DATABASE_URL: url };
      // A "newer" register: the shipped file with one commune renamed, one added and a later date.
      const shipped = await readFile(shippedTercPath(), 'utf8');
      const newer = `${shipped
        .replaceAll('2024-01-01', '2025-01-01')
        .replace(
          '14;12;14;2;Stanisławów;gmina wiejska',
          '14;12;14;2;Stanisławów Nowy;gmina wiejska',
        )}14;12;16;2;Nowa Gmina;gmina wiejska;2025-01-01\n`;
      const dir = await mkdtemp(path.join(os.tmpdir(), 'geo-terc-'));
      const file = path.join(dir, 'TERC_Urzedowy_2025-01-01.csv');
      await writeFile(file, newer);
      const ok = await run(process.execPath, ['--import', 'tsx', 'src/scripts/import-terc.ts', file], {
        env,
      });
      expect(ok.stdout).toMatch(
        /^TERC: 16 voivodeships, 380 counties, 2478 communes \(\+1459 towns, rural areas, districts, delegations\) loaded; stored now: 16 voivodeships, 380 counties, 3937 communes with parts$/m,
      );
      const db = createDatabase<Database>(url, { max: 1 });
      try {
        const unit = (teryt: string) =>
          db.selectFrom('admin_units').selectAll().where('teryt', '=', teryt).executeTakeFirst();
        expect(await unit('141214_2')).toMatchObject({ name: 'Stanisławów Nowy' });
        expect(await unit('141216_2')).toMatchObject({ name: 'Nowa Gmina', level: 'COMMUNE' });
        // A malformed file: the command says why and changes nothing.
        await writeFile(file, newer.replace('14;12;16;2;Nowa Gmina', '14;12;16;2;'));
        const bad = await run(process.execPath, ['--import', 'tsx', 'src/scripts/import-terc.ts', file], {
          env,
        }).catch((error: { code: number; stderr: string }) => error);
        expect('code' in bad && bad.code).toBe(1);
        expect(bad.stderr).toMatch(
          /TERC import failed, nothing changed: not a GUS TERC register: line \d+: NAZWA is empty/,
        );
        // The command's own code path, in-process (a second process start costs seconds on CI).
        const partial =
          'WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n14;;;;MAZOWIECKIE;województwo;2025-01-01\n14;99;01;1;Nowa;gmina miejska;2025-01-01\n';
        await expect(importTercFile(db, partial)).rejects.toThrow(/county 1499 is not in the file/);
        const malformed = newer.replace('14;12;15;1;Sulejówek', '1x;12;15;1;Sulejówek');
        await expect(importTercFile(db, malformed)).rejects.toThrow(/line \d+: WOJ/);
        expect(await unit('149901_1')).toBeUndefined();
        expect(await unit('141214_2')).toMatchObject({ name: 'Stanisławów Nowy' });
      } finally {
        await db.destroy();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
