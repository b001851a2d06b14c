/**
 * Plot files as Polish farmers have them: zipped Shapefiles and GML in EPSG:2180 (PUWG 1992,
 * eWniosekPlus exports), made here with known corners (the Shapefile by @mapbox/shp-write, an
 * independent writer), previewed with their areas, imported as picked, refused with reasons; and
 * the exports (Shapefile, GML, KML, GeoJSON) read back identically by shpjs and the readers.
 */
import type { Position } from 'geojson';
import shpwrite from '@mapbox/shp-write';
import { parseZip } from 'shpjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImportPlotsResult, TImportPreviewResult, TPlot } from '@gleba/contracts';
import { errorMessage } from '@gleba/i18n';
import { createTestKeys, dropTestDatabases, http, startTestService, type TestService } from '@gleba/testkit';
import { startUldkSimulator, type UldkSimulatorHandle } from '@gleba/simulators';
import { PRJ_2180 } from '../src/adapters/crs';
import { parseGmlPlots } from '../src/adapters/gml';
import { parseKmlPlots } from '../src/adapters/kml';
import { writeZip } from '../src/adapters/zip';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { geoService } from '../src/service';

type Err = { code: string; message: string; statusCode: number };

/** A rectangle in EPSG:2180 (easting, northing; metres), clockwise as a Shapefile's outer ring. */
function grid(e: number, n: number, w: number, h: number): [number, number][] {
  return [
    [e, n],
    [e, n + h],
    [e + w, n + h],
    [e + w, n],
    [e, n],
  ];
}
/**
 * The true (ellipsoidal) area of a rectangle of EPSG:2180 grid metres: the grid area over the
 * square of the transverse Mercator scale at its centre, k = 0.9993 (1 + x² / 2R²), x the
 * distance from the 19 E meridian (textbook formula, good to 1e-5 across Poland).
 */
function trueHa(e: number, w: number, h: number): number {
  const x = e + w / 2 - 500_000;
  const k = 0.9993 * (1 + (x * x) / (2 * 6_382_000 ** 2));
  return (w * h) / (k * k) / 10_000;
}
/** Fields at three places: on the 19 E meridian (k = 0.9993: grid area 0.14 % off), west and east. */
const FIELDS = [
  { name: 'A', number: '114/2', e: 500_100, n: 480_000, w: 400, h: 250 },
  { name: 'B', number: '7', e: 262_000, n: 470_000, w: 300, h: 300 },
  { name: 'C', number: '301/5', e: 820_000, n: 600_000, w: 500, h: 120 },
];
const within = (actual: number | null, expected: number, rel = 0.001) =>
  expect(Math.abs((actual ?? NaN) - expected) / expected).toBeLessThan(rel);

async function shpBase64(
  features: { ring: [number, number][]; props: Record<string, unknown> }[],
  prj: string | undefined = PRJ_2180,
): Promise<string> {
  const zip = (await shpwrite.zip(
    {
      type: 'FeatureCollection',
      features: features.map((f) => ({
        type: 'Feature',
        properties: f.props,
        geometry: { type: 'Polygon', coordinates: [f.ring] },
      })),
    },
    { outputType: 'nodebuffer', prj, types: { polygon: 'dzialki_rolne' } } as never,
  )) as unknown as Buffer;
  return Buffer.from(zip).toString('base64');
}

/** GML 3.2 as ARiMR-style exports write it: urn srsName, posList northing first. */
function gml32(fields: typeof FIELDS): string {
  const posList = (r: [number, number][]) => r.map(([e, n]) => `${n} ${e}`).join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:dr="urn:test:dzialki" gml:id="c">
${fields
  .map(
    (f, i) => `<gml:featureMember><dr:DzialkaRolna gml:id="f${i}">
  <dr:oznaczenie>${f.name}</dr:oznaczenie><dr:nr_dzialki_ewid>${f.number}</dr:nr_dzialki_ewid>
  <dr:powierzchnia>${(f.w * f.h) / 10_000}</dr:powierzchnia>
  <dr:geometria><gml:Polygon gml:id="g${i}" srsName="urn:ogc:def:crs:EPSG::2180"><gml:exterior><gml:LinearRing>
  <gml:posList srsDimension="2">${posList(grid(f.e, f.n, f.w, f.h))}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></dr:geometria>
</dr:DzialkaRolna></gml:featureMember>`,
  )
  .join('\n')}
</gml:FeatureCollection>`;
}

/** GML 2 as OGR writes it: `EPSG:2180` (easting first) and `coordinates`. */
function gml2(fields: typeof FIELDS): string {
  return `<ogr:FeatureCollection xmlns:ogr="http://ogr.maptools.org/" xmlns:gml="http://www.opengis.net/gml">
${fields
  .map(
    (f) => `<gml:featureMember><ogr:pola><ogr:NAZWA>${f.name}</ogr:NAZWA><ogr:NUMER>${f.number}</ogr:NUMER>
<ogr:geometryProperty><gml:Polygon srsName="EPSG:2180"><gml:outerBoundaryIs><gml:LinearRing><gml:coordinates>${grid(
      f.e,
      f.n,
      f.w,
      f.h,
    )
      .map(([e, n]) => `${e},${n}`)
      .join(
        ' ',
      )}</gml:coordinates></gml:LinearRing></gml:outerBoundaryIs></gml:Polygon></ogr:geometryProperty></ogr:pola></gml:featureMember>`,
  )
  .join('\n')}
</ogr:FeatureCollection>`;
}

describe('geo: Shapefile and GML import in EPSG:2180, preview, export', () => {
  let service: TestService<Database, Config>;
  let sim: UldkSimulatorHandle;
  const keys = createTestKeys();
  const alice = keys.sign({ sub: '0b6c1f7e-5555-4a4a-8a8a-000000000005', lang: 'en' });
  const bob = keys.sign({ sub: '0b6c1f7e-6666-4a4a-8a8a-000000000006', lang: 'pl' });
  const carol = keys.sign({ sub: '0b6c1f7e-7777-4a4a-8a8a-000000000007', lang: 'uk' });
  const api = <T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    http<T>(service.url, method, path, options);
  const plotsOf = async (token: string) => (await api<TPlot[]>('GET', '/api/plots', { token })).body;

  beforeAll(async () => {
    sim = await startUldkSimulator({ port: 0 });
    service = await startTestService(geoService, { keys: keys.resolver, config: { ULDK_URL: sim.url } });
  });
  afterAll(async () => {
    await service?.cleanup();
    await sim?.close();
    await dropTestDatabases();
  });

  it('previews a zipped Shapefile with names, numbers and areas, stores nothing, then adds the picked shapes', async () => {
    const content = await shpBase64(
      FIELDS.map((f) => ({
        ring: grid(f.e, f.n, f.w, f.h),
        props: { OZNACZENIE: f.name, NR_DZIALKI: f.number, POWIERZCHN: (f.w * f.h) / 10_000 },
      })),
    );
    const preview = await api<TImportPreviewResult>('POST', '/api/plots/import/preview', {
      token: alice,
      body: { format: 'shp', content },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.shapes.map((s) => [s.index, s.name, s.plotNumber, s.ok])).toEqual(
      FIELDS.map((f, i) => [i, f.name, f.number, true]),
    );
    FIELDS.forEach((f, i) => {
      within(preview.body.shapes[i]!.areaHa, trueHa(f.e, f.w, f.h));
      expect(preview.body.shapes[i]!.fileAreaHa).toBe((f.w * f.h) / 10_000);
      expect(preview.body.shapes[i]!.outline.length).toBeGreaterThanOrEqual(4);
    });
    // On the 19 E meridian the grid area is 0.14 % off the true area: the projection is applied.
    expect(Math.abs(preview.body.shapes[0]!.areaHa! - 10) / 10).toBeGreaterThan(0.001);
    expect(await plotsOf(alice)).toEqual([]);

    const res = await api<TImportPlotsResult>('POST', '/api/plots/import', {
      token: alice,
      body: { format: 'shp', content, only: [0, 2] },
    });
    expect(res.status).toBe(201);
    expect(res.body.imported.map((p) => [p.name, p.plotNumber])).toEqual([
      ['A', '114/2'],
      ['C', '301/5'],
    ]);
    within(res.body.imported[0]!.areaHa, trueHa(FIELDS[0]!.e, FIELDS[0]!.w, FIELDS[0]!.h));
    within(res.body.imported[1]!.areaHa, trueHa(FIELDS[2]!.e, FIELDS[2]!.w, FIELDS[2]!.h));
    // The 19 E meridian: easting 500,000 is 19 E exactly; northing 480,000 is about 52.2 N.
    const a = res.body.imported[0]!.geometry.coordinates[0] as Position[];
    expect(Math.min(...a.map((p) => p[0]!))).toBeCloseTo(19 + 100 / 68_400, 3);
    expect(a[0]![1]).toBeGreaterThan(52.1);
    expect(a[0]![1]).toBeLessThan(52.3);
    expect((await plotsOf(alice)).map((p) => p.name).sort()).toEqual(['A', 'C']);
  });

  it('imports GML 3.2 (urn, northing first) and GML 2 (EPSG:2180, easting first) to the same areas', async () => {
    for (const [token, text] of [
      [bob, gml32(FIELDS)],
      [carol, gml2(FIELDS)],
    ] as const) {
      const res = await api<TImportPlotsResult>('POST', '/api/plots/import', {
        token,
        body: { format: 'gml', content: text },
      });
      expect(res.status).toBe(201);
      expect(res.body.skipped).toEqual([]);
      expect(res.body.imported.map((p) => [p.name, p.plotNumber])).toEqual(
        FIELDS.map((f) => [f.name, f.number]),
      );
      FIELDS.forEach((f, i) => within(res.body.imported[i]!.areaHa, trueHa(f.e, f.w, f.h)));
    }
    // Both axis orders land on the same place.
    const [b, c] = [await plotsOf(bob), await plotsOf(carol)];
    const first = (p: TPlot[]) => (p.find((x) => x.name === 'B')!.geometry.coordinates[0] as Position[])[0]!;
    expect(first(b)[0]).toBeCloseTo(first(c)[0]!, 7);
    expect(first(b)[1]).toBeCloseTo(first(c)[1]!, 7);
  });

  it('says which shapes cannot be added and why, in the user language (overlap, crossing, outside Poland, too many vertices)', async () => {
    const f = FIELDS[0]!;
    const star: [number, number][] = Array.from({ length: 2_100 }, (_, i) => {
      const t = (2 * Math.PI * i) / 2_100;
      return [600_000 + 300 * Math.cos(t), 400_000 - 300 * Math.sin(t)];
    });
    star.push(star[0]!);
    const content = await shpBase64([
      { ring: grid(f.e + 10, f.n + 10, 100, 100), props: { NAZWA: 'Na A' } }, // on bob's A
      {
        ring: [
          [700_000, 400_000],
          [700_100, 400_100],
          [700_100, 400_000],
          [700_000, 400_100],
          [700_000, 400_000],
        ],
        props: { NAZWA: 'Krzyzowka' },
      },
      { ring: grid(100_000, 100_000, 100, 100), props: { NAZWA: 'Czechy' } },
      { ring: star, props: { NAZWA: 'Gwiazda' } },
      { ring: grid(650_000, 400_000, 100, 100), props: { NAZWA: 'Dobra' } },
    ]);
    const preview = await api<TImportPreviewResult>('POST', '/api/plots/import/preview', {
      token: bob,
      body: { format: 'shp', content },
    });
    expect(preview.status).toBe(200);
    const codes = preview.body.shapes.map((s) => [s.name, s.ok, s.code]);
    expect(codes).toEqual([
      ['Na A', false, 'plotOverlapLimitExceeded'],
      ['Krzyzowka', false, 'shapeSelfIntersects'],
      ['Czechy', false, 'shapeOutsidePoland'],
      ['Gwiazda', false, 'shapeTooComplex'],
      ['Dobra', true, undefined],
    ]);
    // Bob reads Polish.
    expect(preview.body.shapes[0]!.message).toBe(
      errorMessage('pl', 'plotOverlapLimitExceeded', { limit: 5 }),
    );
    expect(preview.body.shapes[1]!.message).toBe('Krawędzie kształtu nie mogą się przecinać.');
    // A crossing outline has no meaningful area; a shape refused for another reason keeps its own.
    expect(preview.body.shapes[1]!.areaHa).toBeNull();
    expect(preview.body.shapes[0]!.areaHa).toBeGreaterThan(0);
    expect(preview.body.shapes[2]!.message).toBe('Kształt musi leżeć w granicach Polski.');
    expect(preview.body.shapes[3]!.message).toContain('2000');
    // Another user (no plot there) may add the shape that overlaps only bob's plot: owners never mix.
    const forAlice = await api<TImportPreviewResult>('POST', '/api/plots/import/preview', {
      token: keys.sign({ sub: '0b6c1f7e-9999-4a4a-8a8a-000000000009' }),
      body: { format: 'shp', content },
    });
    expect(forAlice.body.shapes[0]!.ok).toBe(true);
  });

  it('refuses a malformed archive or GML with a clear error and stores nothing', async () => {
    const before = (await plotsOf(alice)).length;
    const bomb = writeZip([{ name: 'x.shp', data: Buffer.alloc(40_000_000) }]);
    expect(bomb.length).toBeLessThan(100_000);
    const validGml = gml32(FIELDS.slice(0, 1));
    const cases: [string, string, string][] = [
      ['shp', Buffer.from('definitely not a zip file').toString('base64'), 'plotImportZipInvalid'],
      ['shp', 'not base64 at all!', 'plotImportZipInvalid'],
      [
        'shp',
        writeZip([{ name: 'read-me.txt', data: Buffer.from('x') }]).toString('base64'),
        'plotImportZipInvalid',
      ],
      ['shp', bomb.toString('base64'), 'plotImportZipInvalid'],
      // A damaged archive: the directory points past the end.
      [
        'shp',
        (await shpBase64([{ ring: grid(650_000, 400_000, 100, 100), props: {} }])).slice(0, 300),
        'plotImportZipInvalid',
      ],
      [
        'shp',
        await shpBase64(
          [{ ring: grid(650_000, 400_000, 100, 100), props: {} }],
          'PROJCS["ETRS89 / Poland CS2000 zone 7",GEOGCS["ETRS89",DATUM["European_Terrestrial_Reference_System_1989",SPHEROID["GRS 1980",6378137,298.257222101]]],PROJECTION["Transverse_Mercator"],PARAMETER["central_meridian",21],PARAMETER["scale_factor",0.999923],PARAMETER["false_easting",7500000],PARAMETER["false_northing",0]]',
        ),
        'plotImportCrsUnsupported',
      ],
      ['gml', validGml.slice(0, validGml.length / 2), 'plotImportGmlInvalid'],
      ['gml', '<gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2"/>', 'plotImportGmlInvalid'],
      ['gml', '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', 'plotImportGmlInvalid'],
    ];
    for (const [format, content, code] of cases) {
      for (const path of ['/api/plots/import/preview', '/api/plots/import']) {
        const res = await api<Err>('POST', path, { token: alice, body: { format, content } });
        expect([format, content.slice(0, 20), path, res.status, res.body.code]).toEqual([
          format,
          content.slice(0, 20),
          path,
          400,
          code,
        ]);
        expect(res.body.message).toBe(errorMessage('en', code as never));
      }
    }
    expect((await plotsOf(alice)).length).toBe(before);
  });

  it('exports Shapefile (EPSG:2180 with .prj), GML, KML and GeoJSON that read back identically, each user only their own', async () => {
    const mine = await plotsOf(alice);
    expect(mine.length).toBe(2);
    const download = async (format: string, token = alice) => {
      const res = await fetch(`${service.url}/api/plots/export?format=${format}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { res, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const same = (a: Position[][], b: Position[][]) => {
      const key = (r: Position[][]) =>
        r
          .flat()
          .map((p) => `${p[0]!.toFixed(7)},${p[1]!.toFixed(7)}`)
          .sort();
      expect(key(a)).toEqual(key(b));
    };
    const byName = new Map(mine.map((p) => [p.name, p]));

    const shp = await download('shp');
    expect(shp.res.status).toBe(200);
    expect(shp.res.headers.get('content-type')).toContain('application/zip');
    expect(shp.res.headers.get('content-disposition')).toContain('gleba-dzialki.zip');
    const read = (await parseZip(shp.bytes)) as {
      features: { properties: Record<string, unknown>; geometry: { coordinates: Position[][] } }[];
    };
    expect(read.features.map((f) => [f.properties.NAZWA, f.properties.NUMER]).sort()).toEqual([
      ['A', '114/2'],
      ['C', '301/5'],
    ]);
    for (const f of read.features) {
      const p = byName.get(f.properties.NAZWA as string)!;
      same(f.geometry.coordinates, p.geometry.coordinates as Position[][]);
      expect(f.properties.POW_HA).toBeCloseTo(p.areaHa, 4);
    }
    // Imported again (by carol), the export gives the same plots and areas.
    const again = await api<TImportPlotsResult>('POST', '/api/plots/import', {
      token: keys.sign({ sub: '0b6c1f7e-8888-4a4a-8a8a-000000000008' }),
      body: { format: 'shp', content: shp.bytes.toString('base64') },
    });
    expect(again.body.imported.map((p) => [p.name, p.plotNumber, p.areaHa]).sort()).toEqual(
      mine.map((p) => [p.name, p.plotNumber, p.areaHa]).sort(),
    );

    const gml = await download('gml');
    expect(gml.res.headers.get('content-type')).toContain('application/gml+xml');
    const kml = await download('kml');
    for (const shapes of [
      parseGmlPlots(gml.bytes.toString('utf8')),
      parseKmlPlots(kml.bytes.toString('utf8')),
    ]) {
      expect(shapes.map((s) => [s.name, s.plotNumber]).sort()).toEqual([
        ['A', '114/2'],
        ['C', '301/5'],
      ]);
      for (const s of shapes) {
        same(
          s.geometry!.coordinates as Position[][],
          byName.get(s.name!)!.geometry.coordinates as Position[][],
        );
        expect(s.fileAreaHa).toBeCloseTo(byName.get(s.name!)!.areaHa, 4);
      }
    }
    const geojson = JSON.parse((await download('geojson')).bytes.toString('utf8')) as {
      features: { properties: { name: string }; geometry: unknown }[];
    };
    expect(geojson.features.map((f) => [f.properties.name, f.geometry]).sort()).toEqual(
      mine.map((p) => [p.name, p.geometry]).sort(),
    );

    // Owner-only: bob's export holds bob's plots only; no token, no file; a bad format is refused.
    const bobs = parseGmlPlots((await download('gml', bob)).bytes.toString('utf8'));
    expect(bobs.map((s) => s.name).sort()).toEqual(['A', 'B', 'C']);
    const bobIds = new Set((await plotsOf(bob)).map((p) => p.id));
    expect(mine.some((p) => bobIds.has(p.id))).toBe(false);
    expect((await fetch(`${service.url}/api/plots/export?format=shp`)).status).toBe(401);
    expect((await download('dwg')).res.status).toBe(400);
  });
});
