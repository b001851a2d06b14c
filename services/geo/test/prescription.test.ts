// Prescription exports read back (decision 0060): ISOXML TaskData parsed with `isoxml`, the
// Shapefile with `shpjs`, the GeoJSON with JSON.parse; the rates and areas compared with the
// crop's sectors as geo stores them. Only the owner exports; bad products and zones change nothing.
import { randomUUID } from 'node:crypto';
import * as turf from '@turf/turf';
import JSZip from 'jszip';
import shp from 'shpjs';
import { ExtendedPolygon, ISOXMLManager, type Partfield, type Task } from 'isoxml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys, dropTestDatabases, http, startTestService, type TestService } from '@gleba/testkit';
import type { TCrop, TPlot } from '@gleba/contracts';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { geoService } from '../src/service';
import { uShape, withHole } from './shapes';

type Err = { code: string; message: string };

describe('geo: prescription exports', () => {
  let service: TestService<Database, Config>;
  const keys = createTestKeys();
  const alice = keys.sign({ sub: randomUUID(), lang: 'pl' });
  const bob = keys.sign({ sub: randomUUID(), lang: 'en' });
  let divided: TCrop; // the U-shaped 7 ha field in 2 ha sectors (some multipart)
  let whole: TCrop; // a field with a pond (a hole), not divided
  let bobsCrop: TCrop;

  const api = <T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    http<T>(service.url, method, path, { token: alice, ...options });
  const newCrop = async (token: string, geometry: unknown, name: string) => {
    const plot = (await api<TPlot>('POST', '/api/plots', { token, body: { name, geometry } })).body;
    const crop = await api<TCrop>('POST', '/api/crops', {
      token,
      body: {
        plantId: 'winter-wheat',
        cultivationFrom: '2026-09-20',
        cultivationTo: '2027-07-31',
        plotIds: [plot.id],
      },
    });
    expect(crop.status, JSON.stringify(crop.body)).toBe(201);
    return crop.body;
  };
  /** The file as bytes, with its name from content-disposition. */
  const download = async (
    cropId: string,
    format: string,
    body: unknown,
    token = alice,
  ): Promise<{ status: number; name: string; type: string; bytes: Buffer; json?: unknown }> => {
    const res = await fetch(`${service.url}/api/crops/${cropId}/prescription/${format}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-gleba-lang': 'pl' },
      body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const disposition = res.headers.get('content-disposition') ?? '';
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? '',
      type,
      bytes,
      json: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined,
    };
  };
  const near = (actual: number, expected: number, rel = 0.005) =>
    expect(Math.abs(actual - expected) / expected, `${actual} vs ${expected}`).toBeLessThan(rel);

  // Two rates over four sectors, one sector left without a rate.
  const ratesOf = (crop: TCrop) => [
    { sectorId: crop.sectors[0]!.id, rateKgPerHa: 350 },
    { sectorId: crop.sectors[1]!.id, rateKgPerHa: 280 },
    { sectorId: crop.sectors[2]!.id, rateKgPerHa: 350 },
  ];

  beforeAll(async () => {
    service = await startTestService(geoService, {
      keys: keys.resolver,
      config: { ULDK_URL: 'http://127.0.0.1:9', TERC_SEED_FILE: '' },
    });
    const u = await newCrop(alice, uShape(0, 0), 'Pole za wsią');
    const split = await api<TCrop>('POST', `/api/crops/${u.id}/sectors/auto-divide`, {
      body: { maxAreaHa: 2 },
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    divided = split.body;
    expect(divided.sectors.length).toBe(4);
    whole = await newCrop(alice, withHole(1000, 0), 'Staw');
    bobsCrop = await newCrop(bob, uShape(3000, 0), 'Bob');
  });
  afterAll(async () => {
    await service?.stop();
    await dropTestDatabases();
  });

  it('ISOXML TaskData: a zipped TASKDATA.XML with the field, a task and a treatment zone per rate', async () => {
    const file = await download(divided.id, 'isoxml', {
      kind: 'K2O',
      productId: 'POTASSIUM_SALT',
      zones: ratesOf(divided),
    });
    expect(file.status, file.bytes.toString()).toBe(200);
    expect(file.type).toContain('application/zip');
    expect(file.name).toBe('gleba-pole-za-wsia-potassium-salt-isoxml.zip');
    const entries = Object.keys((await JSZip.loadAsync(file.bytes)).files);
    expect(entries).toContain('TASKDATA/TASKDATA.XML');

    const m = new ISOXMLManager();
    await m.parseISOXMLFile(new Uint8Array(file.bytes), 'application/zip');
    expect(m.getWarnings()).toEqual([]);
    const root = m.rootElement.attributes;
    expect(root.Product![0]!.attributes.ProductDesignator).toBe('Sól potasowa (60% K₂O)');
    const partfield = root.Partfield![0] as Partfield & { toGeoJSON(): GeoJSON.MultiPolygon };
    near(turf.area(partfield.toGeoJSON()) / 10_000, divided.areaHa);
    const task = root.Task![0] as Task;
    expect(task.attributes.PartfieldIdRef?.xmlId).toBe(m.getReferenceByEntity(partfield).xmlId);
    const zones = task.attributes.TreatmentZone!;
    // 0 (outside the field, position lost, no zone) and one per rate: 280 and 350 kg/ha.
    expect(zones.map((z) => z.attributes.TreatmentZoneCode)).toEqual([0, 1, 2]);
    expect(task.attributes.OutOfFieldTreatmentZoneCode).toBe(0);
    const rateOf = (code: number) => {
      const pdv = zones.find((z) => z.attributes.TreatmentZoneCode === code)!.attributes
        .ProcessDataVariable![0]!;
      expect(pdv.attributes.ProcessDataDDI).toBe('0006');
      return pdv.attributes.ProcessDataValue / 100; // mg/m2 -> kg/ha
    };
    expect([rateOf(0), rateOf(1), rateOf(2)]).toEqual([0, 280, 350]);
    const zoneArea = (code: number) =>
      turf.area(
        ExtendedPolygon.toGeoJSON(
          zones.find((z) => z.attributes.TreatmentZoneCode === code)!.attributes.PolygonTreatmentZoneonly!,
        ),
      ) / 10_000;
    const [s0, s1, s2] = divided.sectors;
    near(zoneArea(1), s1!.areaHa);
    near(zoneArea(2), s0!.areaHa + s2!.areaHa);
  });

  it('Shapefile: a polygon per sector with RATE in kg/ha and a WGS84 .prj', async () => {
    const file = await download(divided.id, 'shp', {
      kind: 'MGO',
      productId: 'KIESERITE',
      zones: divided.sectors.map((s, i) => ({ sectorId: s.id, rateKgPerHa: 100 + i * 25 })),
    });
    expect(file.status, file.bytes.toString()).toBe(200);
    expect(file.name).toBe('gleba-pole-za-wsia-kieserite-shp.zip');
    const zip = await JSZip.loadAsync(file.bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['prescription.dbf', 'prescription.prj', 'prescription.shp', 'prescription.shx']);
    expect(await zip.file('prescription.prj')!.async('string')).toContain('WGS_1984');
    const read = (await shp(file.bytes)) as GeoJSON.FeatureCollection;
    expect(read.features.length).toBe(divided.sectors.length);
    for (const [i, s] of divided.sectors.entries()) {
      const f = read.features.find((x) => x.properties!.SECTOR === s.name)!;
      expect(f, s.name).toBeDefined();
      expect(f.properties!.RATE).toBe(100 + i * 25);
      expect(f.properties!.PRODUCT).toBe('KIESERITE');
      near(turf.area(f as GeoJSON.Feature<GeoJSON.Polygon>) / 10_000, s.areaHa);
      near(f.properties!.AREA_HA, s.areaHa, 1e-6);
    }
  });

  it('GeoJSON: the sectors with rate, area and amount; an undivided field with a hole as one zone', async () => {
    const file = await download(whole.id, 'geojson', {
      kind: 'LIME',
      productId: 'CARBONATE',
      zones: [{ sectorId: null, rateKgPerHa: 10500 }],
    });
    expect(file.status, file.bytes.toString()).toBe(200);
    expect(file.name).toBe('gleba-staw-carbonate.geojson');
    expect(file.type).toContain('application/geo+json');
    const fc = file.json as GeoJSON.FeatureCollection;
    expect(fc.features).toHaveLength(1);
    const f = fc.features[0]!;
    expect(f.properties).toMatchObject({ rateKgPerHa: 10500, productId: 'CARBONATE', sectorId: null });
    near(turf.area(f as GeoJSON.Feature<GeoJSON.Polygon>) / 10_000, whole.areaHa);
    expect(f.properties!.amountKg).toBeCloseTo(10500 * whole.areaHa, 0);
    // The hole (the pond) stays a hole in the Shapefile too.
    const shpFile = await download(whole.id, 'shp', {
      kind: 'LIME',
      productId: 'CARBONATE',
      zones: [{ sectorId: whole.sectors[0]!.id, rateKgPerHa: 10500 }],
    });
    expect(shpFile.status).toBe(200);
    const read = (await shp(shpFile.bytes)) as GeoJSON.FeatureCollection;
    near(turf.area(read.features[0] as GeoJSON.Feature<GeoJSON.Polygon>) / 10_000, whole.areaHa);
  });

  it("another user's crop is not found; another crop's sector, a repeated sector or a foreign product is refused", async () => {
    const body = { kind: 'K2O', productId: 'POTASSIUM_SALT', zones: ratesOf(divided) };
    const foreign = await download(divided.id, 'isoxml', body, bob);
    expect(foreign.status).toBe(404);
    expect((foreign.json as Err).code).toBe('cropNotFound');
    // Bob names his own crop and Alice's sectors.
    const mixed = await download(bobsCrop.id, 'geojson', body, bob);
    expect(mixed.status).toBe(400);
    expect((mixed.json as Err).code).toBe('prescriptionZonesInvalid');
    const twice = await download(divided.id, 'geojson', {
      ...body,
      zones: [ratesOf(divided)[0], ratesOf(divided)[0]],
    });
    expect((twice.json as Err).code).toBe('prescriptionZonesInvalid');
    const wholeOfDivided = await download(divided.id, 'geojson', {
      ...body,
      zones: [{ sectorId: null, rateKgPerHa: 1 }],
    });
    expect((wholeOfDivided.json as Err).code).toBe('prescriptionZonesInvalid');
    const product = await download(divided.id, 'geojson', { ...body, productId: 'KIESERITE' });
    expect(product.status).toBe(400);
    expect((product.json as Err).code).toBe('prescriptionProductUnknown');
    expect((product.json as Err).message).toBe('Nie ma takiego produktu dla wybranego składnika.');
    const format = await download(divided.id, 'pdf', body);
    expect(format.status).toBe(400);
    const rate = await download(divided.id, 'geojson', {
      ...body,
      zones: [{ sectorId: divided.sectors[0]!.id, rateKgPerHa: 50_001 }],
    });
    expect(rate.status).toBe(400);
  });
});
