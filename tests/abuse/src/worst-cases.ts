/**
 * The worst case of every geo endpoint that takes a collection, a geometry, a file or free text:
 * the largest input its schema accepts (at the bounds of `GEO_LIMITS`), sent by user A through the
 * gateway by `test/worst-case.test.ts`, which checks the answer comes within the budget while geo
 * keeps answering `/health/live`. A new such endpoint in `endpoints.ts` needs its row here (the
 * test fails naming it) or a reason in `NO_WORST_CASE`.
 */
import type { Polygon, Position } from 'geojson';
import { CADASTRE_WMS_MAX_SIZE, GEO_LIMITS, PRESCRIPTION_MAX_RATE_KG_PER_HA } from '@gleba/contracts';
import shpwrite from '@mapbox/shp-write';
import type { Endpoint } from '../endpoints';

/** Where the fixtures lie: fields near Poznań, east of user A's plot. */
const ORIGIN: [number, number] = [16.95, 52.42];
const KX = 111_320 * Math.cos((ORIGIN[1] * Math.PI) / 180);
const KY = 110_574;
const at = (x: number, y: number): Position => [ORIGIN[0] + x / KX, ORIGIN[1] + y / KY];
const closed = (pts: [number, number][]): Position[] => {
  const r = pts.map(([x, y]) => at(x, y));
  return [...r, r[0]!];
};

/** The largest ring a request may send (closing position included). */
export const RING = GEO_LIMITS.ringVertices - 1;

/** A concave star of `n` vertices around (x, y) metres from the origin. */
export function starRing(n: number, x: number, y: number, outer: number, inner = outer * 0.9): Position[] {
  return closed(
    Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      const r = i % 2 === 0 ? outer : inner;
      return [x + r * Math.cos(a), y + r * Math.sin(a)] as [number, number];
    }),
  );
}

/** A field at the shape cap: a star outline and a star pond, both at the ring cap. */
export function maxField(x: number, y: number, r = 500): Polygon {
  return { type: 'Polygon', coordinates: [starRing(RING, x, y, r), starRing(RING, x, y, r * 0.4)] };
}

/** A rectangle with `n` vertices a side. */
function denseRect(x: number, y: number, w: number, h: number, n: number): Polygon {
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) pts.push([x + (w * i) / n, y]);
  for (let i = 0; i < n; i++) pts.push([x + w, y + (h * i) / n]);
  for (let i = 0; i < n; i++) pts.push([x + w - (w * i) / n, y + h]);
  for (let i = 0; i < n; i++) pts.push([x, y + h - (h * i) / n]);
  return { type: 'Polygon', coordinates: [closed(pts)] };
}

const line = (a: [number, number], b: [number, number]) => ({
  type: 'LineString',
  coordinates: [at(...a), at(...b)],
});

/**
 * The fixtures' origin in EPSG:2180 (PUWG 1992: easting, northing in metres), where Shapefile
 * and GML imports lie: stars drawn straight in grid metres, no projection needed here.
 */
const ORIGIN_2180: [number, number] = [360_637, 507_987];

/** 200 stars of `n` vertices in EPSG:2180, `y0` metres north of the origin. */
function gridStars(n: number, y0: number): [number, number][][] {
  return Array.from({ length: GEO_LIMITS.importShapes }, (_, i) => {
    const [cx, cy] = [
      ORIGIN_2180[0] + 3000 + (i % 20) * 1100,
      ORIGIN_2180[1] + y0 + Math.floor(i / 20) * 1100,
    ];
    const ring = Array.from({ length: n }, (_, k) => {
      const a = (-2 * Math.PI * k) / n; // clockwise: a Shapefile's outer ring
      const r = k % 2 === 0 ? 500 : 450;
      return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as [number, number];
    });
    return [...ring, ring[0]!];
  });
}

/** The largest file of a format the import takes: the most shapes, each with the most vertices 5 MB leaves. */
async function atSizeLimit(render: (rings: [number, number][][]) => Promise<string> | string, y0: number) {
  let n = RING;
  let content = await render(gridStars(n, y0));
  while (content.length > 5_000_000) {
    n = Math.floor(n * 0.9);
    content = await render(gridStars(n, y0));
  }
  return content;
}

/** A zipped Shapefile in EPSG:2180 (by @mapbox/shp-write, with the `.prj` of Poland CS92), base64. */
async function shapefile(rings: [number, number][][]): Promise<string> {
  const zip = (await shpwrite.zip(
    {
      type: 'FeatureCollection',
      features: rings.map((r, i) => ({
        type: 'Feature',
        properties: { OZNACZENIE: `P${i}`, NR_DZIALKI: `${i}/1` },
        geometry: { type: 'Polygon', coordinates: [r] },
      })),
    },
    { outputType: 'nodebuffer', prj: PRJ_2180, types: { polygon: 'dzialki' } } as never,
  )) as unknown as Buffer;
  return Buffer.from(zip).toString('base64');
}
const PRJ_2180 =
  'PROJCS["ETRS_1989_Poland_CS92",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",-5300000.0],PARAMETER["Central_Meridian",19.0],PARAMETER["Scale_Factor",0.9993],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

/** GML 3.2 in EPSG:2180 as ARiMR-style exports write it (urn srsName, posList northing first). */
const gml = (rings: [number, number][][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:d="urn:d">${rings
    .map(
      (r, i) =>
        `<gml:featureMember><d:Dzialka><d:nazwa>P${i}</d:nazwa><d:g><gml:Polygon srsName="urn:ogc:def:crs:EPSG::2180"><gml:exterior><gml:LinearRing><gml:posList>${r
          .map(([e, n]) => `${n.toFixed(2)} ${e.toFixed(2)}`)
          .join(
            ' ',
          )}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></d:g></d:Dzialka></gml:featureMember>`,
    )
    .join('')}</gml:FeatureCollection>`;

/** The most shapes an import takes, each with as many vertices as its size limit leaves. */
function importStars(y0: number, render: (rings: Position[][]) => string): string {
  const make = (n: number) =>
    Array.from({ length: GEO_LIMITS.importShapes }, (_, i) =>
      starRing(n, 3000 + (i % 20) * 1100, y0 + Math.floor(i / 20) * 1100, 500),
    );
  let n = RING;
  while (render(make(n)).length > 5_000_000) n = Math.floor(n * 0.9);
  return render(make(n));
}
const kml = (rings: Position[][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${rings
    .map(
      (r, i) =>
        `<Placemark><name>Pole ${i}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${r
          .map((p) => p.join(','))
          .join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
    )
    .join('')}</Document></kml>`;
const geoJson = (rings: Position[][]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: rings.map((r, i) => ({
      type: 'Feature',
      properties: { name: `P${i}` },
      geometry: { type: 'Polygon', coordinates: [r] },
    })),
  });

/**
 * A's fixtures for the worst cases (created before they run): `field` at the shape cap,
 * `neighbour` overlapping it a little, `cutField` (a star at the ring cap) with `cutCrop` on it,
 * `square` (49 ha) with `squareCrop`.
 */
export const WORST_CASE_PLOTS: Record<string, Polygon> = {
  field: maxField(0, 0),
  neighbour: maxField(960, 0),
  cutField: { type: 'Polygon', coordinates: [starRing(RING, 0, -2000, 500)] },
  square: {
    type: 'Polygon',
    coordinates: [
      closed([
        [2000, -2000],
        [2700, -2000],
        [2700, -1300],
        [2000, -1300],
      ]),
    ],
  },
};
export const WORST_CASE_CROPS: Record<string, string> = {
  cutCrop: 'cutField',
  squareCrop: 'square',
  fieldCrop: 'field',
};

export interface WorstCase {
  name: string;
  /** Placeholders of the endpoint's path, filled from the fixtures' ids (`{plotId}` -> `field`). */
  ids?: Record<string, string>;
  body?: () => unknown | Promise<unknown>;
  query?: string;
  /** CPU budget when not a second: an import at its size limit is linear in 5 MB, more than a second. */
  cpuBudgetMs?: number;
  /** Asks ULDK, which this stack does not run: 502 (`fetch...Failed`) is the expected answer. */
  upstream?: boolean;
}

const crop = (plotIds: string[], geometry?: Polygon) => ({
  plantId: 'winter-wheat',
  cultivationFrom: '2027-03-01',
  cultivationTo: '2027-08-01',
  plotIds,
  ...(geometry ? { geometry } : {}),
});

export const WORST_CASES: Record<string, WorstCase[]> = {
  'PUT /api/farm': [
    {
      name: 'the longest texts',
      body: () => ({
        farmingActivity: true,
        totalAreaM2: 1e10,
        address: { cityName: 'ż'.repeat(100), streetName: 'ą'.repeat(100), buildingNumber: '1'.repeat(10) },
      }),
    },
  ],
  'POST /api/plots': [
    {
      name: 'a shape at the cap snapped to a neighbour at the cap',
      body: () => ({ name: 'x'.repeat(100), geometry: maxField(0, 1060), snapToleranceM: 50 }),
    },
    {
      name: 'the whole globe',
      body: () => ({
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-179.9, -89.9],
              [179.9, -89.9],
              [179.9, 89.9],
              [-179.9, 89.9],
              [-179.9, -89.9],
            ],
          ],
        },
      }),
    },
    {
      name: 'a ring over the cap',
      body: () => ({ geometry: { type: 'Polygon', coordinates: [starRing(RING + 5, 0, 4000, 300)] } }),
    },
  ],
  'POST /api/plots/cadastral': [
    {
      name: 'the longest codes and name',
      upstream: true,
      body: () => ({
        voivodeship: 'MASOVIAN',
        county: '1412',
        commune: '141211_2',
        precinct: '141211_2.0021',
        plotNumber: '1'.repeat(32),
        name: 'n'.repeat(100),
      }),
    },
  ],
  'POST /api/plots/import': [
    {
      name: 'KML of the most shapes at the size limit',
      body: () => ({ format: 'kml', content: importStars(3000, kml) }),
      cpuBudgetMs: 5000,
    },
    {
      name: 'GeoJSON of the most shapes at the size limit',
      body: () => ({ format: 'geojson', content: importStars(30_000, geoJson) }),
      cpuBudgetMs: 5000,
    },
    {
      name: 'zipped Shapefile (EPSG:2180) of the most shapes at the size limit',
      body: async () => ({ format: 'shp', content: await atSizeLimit(shapefile, 60_000) }),
      cpuBudgetMs: 5000,
    },
    {
      name: 'GML (EPSG:2180) of the most shapes at the size limit',
      body: async () => ({ format: 'gml', content: await atSizeLimit(gml, 90_000) }),
      cpuBudgetMs: 5000,
    },
    {
      name: '60,000 unclosed placemarks',
      body: () => ({ format: 'kml', content: `<kml>${'<Placemark>'.repeat(60_000)}` }),
    },
  ],
  'POST /api/plots/import/preview': [
    {
      name: 'zipped Shapefile (EPSG:2180) of the most shapes at the size limit',
      body: async () => ({ format: 'shp', content: await atSizeLimit(shapefile, 120_000) }),
      cpuBudgetMs: 5000,
    },
    {
      name: 'GML (EPSG:2180) of the most shapes at the size limit',
      body: async () => ({ format: 'gml', content: await atSizeLimit(gml, 120_000) }),
      cpuBudgetMs: 5000,
    },
  ],
  'GET /api/plots/export': [
    // Linear in the user's plots (the imports above: 800 shapes near the vertex cap), on the geometry thread.
    { name: 'zipped Shapefile of every plot (after the imports)', query: 'format=shp', cpuBudgetMs: 5000 },
    { name: 'GML of every plot (after the imports)', query: 'format=gml', cpuBudgetMs: 5000 },
  ],
  'POST /api/plots/merge': [
    {
      name: 'two fields at the cap (the union would be over it)',
      body: () => ({ plotIds: ['{field}', '{neighbour}'] }),
    },
  ],
  'PATCH /api/plots/{plotId}': [
    {
      name: 'a new shape at the cap',
      ids: { plotId: 'field' },
      body: () => ({ geometry: maxField(0, -3), snapToleranceM: 0 }),
    },
  ],
  'POST /api/plots/{plotId}/move': [
    {
      name: 'a field at the cap, the longest move',
      ids: { plotId: 'neighbour' },
      body: () => ({ distanceM: 10_000, bearingDeg: 90 }),
    },
  ],
  'POST /api/plots/{plotId}/divide': [
    {
      name: 'across a field at the cap',
      ids: { plotId: 'field' },
      body: () => ({ line: line([-600, 7], [600, -5]) }),
    },
    {
      name: 'a line of the most vertices',
      ids: { plotId: 'field' },
      body: () => ({ line: { type: 'LineString', coordinates: starRing(RING, 0, 0, 600) } }),
    },
  ],
  'POST /api/crops': [
    {
      name: 'a drawn crop at the cap on a field at the cap',
      body: () =>
        crop(['{field}'], {
          type: 'Polygon',
          coordinates: [starRing(RING, 0, 0, 440, 420), starRing(RING, 0, 0, 230, 220)],
        }),
    },
    {
      name: 'the most plot ids',
      body: () =>
        crop(Array.from({ length: 100 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)),
    },
  ],
  'PATCH /api/crops/{cropId}': [
    {
      name: 'a new shape at the cap',
      ids: { cropId: 'fieldCrop' },
      body: () => ({
        geometry: {
          type: 'Polygon',
          coordinates: [starRing(RING, 0, 0, 440, 420), starRing(RING, 0, 0, 230, 220)],
        },
      }),
    },
  ],
  'POST /api/crops/{cropId}/move': [
    {
      name: 'a crop at the cap',
      ids: { cropId: 'fieldCrop' },
      body: () => ({ distanceM: 1, bearingDeg: 0 }),
    },
  ],
  'POST /api/crops/{cropId}/cut': [
    {
      name: 'a ring at the cap out of a crop at the cap',
      ids: { cropId: 'cutCrop' },
      body: () => ({ ring: starRing(RING, 0, -2000, 90) }),
    },
  ],
  'POST /api/crops/{cropId}/divide': [
    {
      name: 'across a crop at the cap',
      ids: { cropId: 'cutCrop' },
      body: () => ({ line: line([-600, -1991], [600, -2004]) }),
      // Each piece becomes a crop that is checked, stored and published with its sectors (the
      // pieces of a crop at the vertex cap): measured 1.07-1.23 s of CPU with the whole stack in
      // one process, so this case has 1.5 s.
      cpuBudgetMs: 1500,
    },
  ],
  'PUT /api/crops/{cropId}/sectors': [
    {
      name: 'the most sectors, the most vertices together',
      ids: { cropId: 'squareCrop' },
      body: () => {
        const cols = 20;
        const rows = GEO_LIMITS.sectors / cols;
        const n = Math.floor(GEO_LIMITS.sectorsVertices / GEO_LIMITS.sectors / 4) - 1;
        return {
          sectors: Array.from({ length: GEO_LIMITS.sectors }, (_, i) => ({
            name: `S${i}`,
            geometry: denseRect(
              2000 + (i % cols) * (700 / cols),
              -2000 + Math.floor(i / cols) * (700 / rows),
              700 / cols,
              700 / rows,
              n,
            ),
          })),
        };
      },
    },
  ],
  'POST /api/crops/{cropId}/sectors/auto-divide': [
    {
      name: 'the most sectors of a crop at the cap',
      ids: { cropId: 'fieldCrop' },
      body: () => ({ maxAreaHa: 0.65 }),
    },
  ],
  'POST /api/crops/{cropId}/prescription/isoxml': [
    {
      // Real sectors at the vertex cap are in services/geo/test/budget.test.ts (it knows their ids).
      name: 'the most zones, the highest rates',
      ids: { cropId: 'fieldCrop' },
      body: () => ({
        kind: 'LIME',
        productId: 'CARBONATE',
        zones: Array.from({ length: GEO_LIMITS.sectors }, (_, i) => ({
          sectorId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          rateKgPerHa: PRESCRIPTION_MAX_RATE_KG_PER_HA,
        })),
      }),
    },
  ],
  'POST /api/crops/{cropId}/prescription/shp': [
    {
      // Real sectors at the vertex cap are in services/geo/test/budget.test.ts (it knows their ids).
      name: 'the most zones, the highest rates',
      ids: { cropId: 'fieldCrop' },
      body: () => ({
        kind: 'LIME',
        productId: 'CARBONATE',
        zones: Array.from({ length: GEO_LIMITS.sectors }, (_, i) => ({
          sectorId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          rateKgPerHa: PRESCRIPTION_MAX_RATE_KG_PER_HA,
        })),
      }),
    },
  ],
  'POST /api/crops/{cropId}/prescription/geojson': [
    {
      // Real sectors at the vertex cap are in services/geo/test/budget.test.ts (it knows their ids).
      name: 'the most zones, the highest rates',
      ids: { cropId: 'fieldCrop' },
      body: () => ({
        kind: 'LIME',
        productId: 'CARBONATE',
        zones: Array.from({ length: GEO_LIMITS.sectors }, (_, i) => ({
          sectorId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          rateKgPerHa: PRESCRIPTION_MAX_RATE_KG_PER_HA,
        })),
      }),
    },
  ],
  'GET /api/admin-units/counties': [{ name: 'a voivodeship', query: 'voivodeship=MASOVIAN' }],
  'GET /api/admin-units/communes': [{ name: 'a county', query: 'county=1412' }],
  'GET /api/admin-units/precincts': [{ name: 'a commune', query: 'commune=141211_2', upstream: true }],
  'GET /api/cadastre/parcels': [
    { name: 'the longest number', query: `precinct=141211_2.0021&number=${'1'.repeat(32)}`, upstream: true },
  ],
  'GET /api/cadastre/parcels/at': [
    { name: 'the most digits', query: 'lon=21.123456789012&lat=52.123456789012', upstream: true },
  ],
  'GET /api/cadastre/wms': [
    {
      name: 'the largest image over a town',
      query:
        'SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=dzialki,numery_dzialek&STYLES=&FORMAT=image/png' +
        `&TRANSPARENT=true&SRS=EPSG:3857&BBOX=1886140.5,6870879.6,1891032.5,6875771.6&WIDTH=${CADASTRE_WMS_MAX_SIZE}&HEIGHT=${CADASTRE_WMS_MAX_SIZE}`,
      upstream: true,
    },
  ],
  'GET /api/cities': [
    {
      name: 'the longest query',
      query: `q=${encodeURIComponent('Mińsk Mazowiecki '.repeat(6).slice(0, 100))}`,
    },
  ],
};

/** Geo endpoints that take input but whose work does not grow with it (each with why). */
export const NO_WORST_CASE: Record<string, string> = {};

export const key = (e: Endpoint) => `${e.method} ${e.path}`;

/** The endpoints that need a row: geo's, taking a body or a query. */
export const needsWorstCase = (e: Endpoint) =>
  e.service === 'geo' && (e.body !== undefined || e.query !== undefined);
