import express from 'express';
import { listen, type SimulatorHandle } from '../simulator';

/**
 * ULDK (GUGiK's cadastral parcel service) as it answers: plain text, always HTTP 200, first line
 * `0` (or a count) when found and `-1 brak wyników` when not, then `|`-separated records in the
 * order of `result`, geometry as `SRID=4326;POLYGON((lng lat,...))`. A few communes of the Mińsk
 * county (Masovian) with plausible farmland parcels: long strips, an L-shaped field, a field with
 * a hole (a pond). Codes follow TERYT; the parcels' shapes are made up. `GetParcelById`,
 * `GetParcelByIdOrNr` and `GetParcelByXY` (the parcel under a point, `xy=<lon>,<lat>,4326`).
 */

interface SimParcel {
  precinct: string;
  number: string;
  /** Rings in metres from the precinct's origin. */
  rings: [number, number][][];
}

interface SimPrecinct {
  teryt: string;
  name: string;
  origin: [number, number]; // lng, lat
}

interface SimCommune {
  teryt: string;
  name: string;
  county: string;
  countyName: string;
  voivodeship: string;
  precincts: SimPrecinct[];
}

const COMMUNES: SimCommune[] = [
  {
    teryt: '141201_1',
    name: 'Mińsk Mazowiecki (miasto)',
    county: '1412',
    countyName: 'miński',
    voivodeship: 'mazowieckie',
    precincts: [
      { teryt: '141201_1.0001', name: '0001', origin: [21.5896, 52.1717] },
      { teryt: '141201_1.0002', name: '0002', origin: [21.5702, 52.1805] },
    ],
  },
  {
    teryt: '141207_2',
    name: 'Mińsk Mazowiecki (gmina wiejska)',
    county: '1412',
    countyName: 'miński',
    voivodeship: 'mazowieckie',
    precincts: [
      { teryt: '141207_2.0001', name: 'Barcząca', origin: [21.6322, 52.1651] },
      { teryt: '141207_2.0007', name: 'Janów', origin: [21.5305, 52.2025] },
      { teryt: '141207_2.0021', name: 'Stojadła', origin: [21.6012, 52.1523] },
    ],
  },
  {
    teryt: '141208_2',
    name: 'Mrozy',
    county: '1412',
    countyName: 'miński',
    voivodeship: 'mazowieckie',
    precincts: [
      { teryt: '141208_2.0012', name: 'Grodzisk', origin: [21.7911, 52.1432] },
      // Under the point the map suites start from (52.0812 N, 21.8045 E).
      { teryt: '141208_2.0008', name: 'Kuflew', origin: [21.8, 52.079] },
    ],
  },
];

const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
  [x, y],
];

const PARCELS: SimParcel[] = [
  { precinct: '141201_1.0001', number: '6509', rings: [rect(0, 0, 42, 75)] },
  // Stojadła: farmland strips side by side (they share edges), an L-shaped field, a field with a pond.
  { precinct: '141207_2.0021', number: '112', rings: [rect(0, 0, 60, 600)] },
  { precinct: '141207_2.0021', number: '113', rings: [rect(60, 0, 55, 600)] },
  { precinct: '141207_2.0021', number: '114/1', rings: [rect(115, 0, 70, 300)] },
  { precinct: '141207_2.0021', number: '114/2', rings: [rect(115, 300, 70, 300)] },
  {
    precinct: '141207_2.0021',
    number: '120',
    rings: [
      [
        [300, 0],
        [700, 0],
        [700, 150],
        [450, 150],
        [450, 500],
        [300, 500],
        [300, 0],
      ],
    ],
  },
  {
    precinct: '141207_2.0021',
    number: '130',
    rings: [rect(800, 0, 400, 350), rect(950, 120, 80, 60).reverse()],
  },
  { precinct: '141207_2.0001', number: '45/3', rings: [rect(0, 0, 120, 380)] },
  { precinct: '141208_2.0012', number: '210', rings: [rect(0, 0, 250, 400)] },
  // Kuflew: three fields side by side around the map suites' starting point, a lane (no parcel) north of them.
  { precinct: '141208_2.0008', number: '301', rings: [rect(0, 0, 250, 500)] },
  { precinct: '141208_2.0008', number: '302/1', rings: [rect(250, 0, 200, 500)] },
  { precinct: '141208_2.0008', number: '302/2', rings: [rect(450, 0, 300, 500)] },
];

function toLngLat(origin: [number, number], [x, y]: [number, number]): string {
  const kx = 111_320 * Math.cos((origin[1] * Math.PI) / 180);
  const lng = origin[0] + x / kx;
  const lat = origin[1] + y / 110_574;
  return `${lng.toFixed(7)} ${lat.toFixed(7)}`;
}

/** Metres east and north of `origin` (the inverse of `toLngLat`). */
function toMetres(origin: [number, number], lng: number, lat: number): [number, number] {
  const kx = 111_320 * Math.cos((origin[1] * Math.PI) / 180);
  return [(lng - origin[0]) * kx, (lat - origin[1]) * 110_574];
}

/** Even-odd rule over every ring: inside the outer ring and outside its holes. */
function contains(rings: [number, number][][], [x, y]: [number, number]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function parcelAt(lng: number, lat: number): SimParcel | undefined {
  return PARCELS.find((p) => contains(p.rings, toMetres(precinctOf(p.precinct)!.precinct.origin, lng, lat)));
}

function precinctOf(teryt: string) {
  for (const c of COMMUNES)
    for (const p of c.precincts) if (p.teryt === teryt) return { commune: c, precinct: p };
  return undefined;
}

const FIELD: Record<string, (p: SimParcel) => string> = {
  geom_wkt: (p) => {
    const { precinct } = precinctOf(p.precinct)!;
    return `SRID=4326;POLYGON(${p.rings.map((r) => `(${r.map((pt) => toLngLat(precinct.origin, pt)).join(',')})`).join(',')})`;
  },
  teryt: (p) => `${p.precinct}.${p.number}`,
  id: (p) => `${p.precinct}.${p.number}`,
  parcel: (p) => p.number,
  region: (p) => precinctOf(p.precinct)!.precinct.name,
  commune: (p) => precinctOf(p.precinct)!.commune.name,
  county: (p) => precinctOf(p.precinct)!.commune.countyName,
  voivodeship: (p) => precinctOf(p.precinct)!.commune.voivodeship,
};

export type UldkFailure = 'malformed' | 'http500' | 'timeout';

export interface UldkSimulatorHandle extends SimulatorHandle {
  /** The next request answers badly (tests of the client's error handling). */
  failNext(kind: UldkFailure): void;
  /** Requests received so far (tests check caching). */
  requests: string[];
}

export async function startUldkSimulator(options: { port?: number } = {}): Promise<UldkSimulatorHandle> {
  const app = express();
  const requests: string[] = [];
  let failure: UldkFailure | null = null;

  app.use(async (req, res, next) => {
    requests.push(req.originalUrl);
    const f = failure;
    failure = null;
    if (f === 'http500') return void res.status(500).type('text/plain').send('Internal Server Error');
    if (f === 'malformed')
      return void res.type('text/plain').send('<html><body>Service temporarily unavailable</body></html>');
    if (f === 'timeout') await new Promise((r) => setTimeout(r, 10_000));
    next();
  });

  const records = (found: SimParcel[], result: string) => {
    const fields = result.split(',').map((f) => f.trim());
    return found.map((p) => fields.map((f) => FIELD[f]?.(p) ?? '').join('|'));
  };

  app.get('/', (req, res) => {
    const request = String(req.query.request ?? '');
    const id = String(req.query.id ?? '').trim();
    const result = String(req.query.result ?? 'geom_wkt');
    res.type('text/plain; charset=utf-8');
    if (request === 'GetParcelById') {
      const found = PARCELS.filter((p) => `${p.precinct}.${p.number}` === id);
      if (found.length === 0) return void res.send('-1 brak wyników\n');
      return void res.send(`0\n${records(found, result).join('\n')}\n`);
    }
    if (request === 'GetParcelByIdOrNr') {
      // Either a TERYT id, or "<precinct name> <plot number>".
      const byId = PARCELS.filter((p) => `${p.precinct}.${p.number}` === id);
      const space = id.lastIndexOf(' ');
      const byName =
        space > 0
          ? PARCELS.filter(
              (p) =>
                precinctOf(p.precinct)!.precinct.name.toLowerCase() === id.slice(0, space).toLowerCase() &&
                p.number === id.slice(space + 1),
            )
          : [];
      const found = byId.length ? byId : byName;
      if (found.length === 0) return void res.send('-1 brak wyników\n');
      return void res.send(
        `${found.length === 1 ? 0 : found.length}\n${records(found, result).join('\n')}\n`,
      );
    }
    if (request === 'GetParcelByXY') {
      // `xy=<x>,<y>[,<srid>]`; without a srid ULDK reads PUWG 1992 (EPSG:2180) metres. With 4326 the
      // pair is longitude, latitude (x = east): `xy=21.0061,52.2317,4326` is a Warsaw parcel on the
      // real service, the swapped pair a point at sea with `-1 brak wyników`. The simulator knows
      // no projection, so it answers only 4326; the geometry comes back in `srid` as for the others.
      const [x, y, srid, ...rest] = String(req.query.xy ?? '')
        .split(',')
        .map((v) => v.trim());
      const lng = Number(x);
      const lat = Number(y);
      if (rest.length || !x || !y || !Number.isFinite(lng) || !Number.isFinite(lat))
        return void res.send('niepoprawny parametr xy\n');
      if (srid !== '4326') return void res.send('-1 symulator: tylko xy=<lon>,<lat>,4326\n');
      const found = parcelAt(lng, lat);
      if (!found) return void res.send('-1 brak wyników\n');
      return void res.send(`0\n${records([found], result).join('\n')}\n`);
    }
    res.send('-1 nieznane żądanie\n');
  });

  app.get('/service.php', (req, res) => {
    const obiekt = String(req.query.obiekt ?? '');
    const teryt = String(req.query.teryt ?? '');
    res.type('text/plain; charset=utf-8');
    let rows: [string, string][] = [];
    if (obiekt === 'wojewodztwo') rows = [['mazowieckie', '14']];
    else if (obiekt === 'powiat' && teryt === '14') rows = [['miński', '1412']];
    else if (obiekt === 'gmina')
      rows = COMMUNES.filter((c) => c.teryt.startsWith(teryt)).map((c) => [c.name, c.teryt]);
    else if (obiekt === 'obreb')
      rows = (COMMUNES.find((c) => c.teryt === teryt)?.precincts ?? []).map((p) => [p.name, p.teryt]);
    if (rows.length === 0) return void res.send('-1 brak wyników\n');
    res.send(`0\n${rows.map((r) => r.join('|')).join('\n')}\n`);
  });

  const handle = await listen(app, options.port ?? 0);
  return { ...handle, requests, failNext: (kind) => void (failure = kind) };
}
