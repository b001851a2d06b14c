import express from 'express';
import { listen, type SimulatorHandle } from '../simulator';
import { SimulatedCadastre, type SimParcel } from './geography';
import { readRegister } from './register';
import { parseGetMap, renderGetMap, serviceException, WmsException } from './wms';

/**
 * ULDK (GUGiK's cadastral parcel service) as it answers: plain text, always HTTP 200, first line
 * `0` (or a count) when found and `-1 brak wyników` when not, then `|`-separated records in the
 * order of `result`, geometry as `SRID=4326;POLYGON((lng lat,...))`. Every commune of the TERC
 * register geo ships has precincts and parcels (`geography.ts`, decision 0053); a few precincts of
 * the Mińsk county are hand-drawn at their real places. `GetParcelById`, `GetParcelByIdOrNr`,
 * `GetParcelByXY` (the parcel under a point, `xy=<lon>,<lat>,4326`), the `service.php`
 * dictionaries, and a KIEG-like WMS `GetMap` drawing the same parcels and their numbers
 * (`/wms`, also at KIEG's path `/cgi-bin/KrajowaIntegracjaEwidencjiGruntow`).
 */

const FIELD: Record<string, (p: SimParcel) => string> = {
  geom_wkt: (p) =>
    `SRID=4326;POLYGON(${p.rings.map((r) => `(${r.map(([x, y]) => `${x.toFixed(7)} ${y.toFixed(7)}`).join(',')})`).join(',')})`,
  teryt: (p) => p.id,
  id: (p) => p.id,
  parcel: (p) => p.number,
  region: (p) => p.precinct.name,
  commune: (p) => p.precinct.commune.name,
  county: (p) => p.precinct.commune.countyName,
  voivodeship: (p) => p.precinct.commune.voivodeshipName,
};

let shared: { file: string; cadastre: SimulatedCadastre } | null = null;

/** The simulated cadastre of a TERC file (built once per file and process: the grid takes a moment). */
export function simulatedCadastre(file?: string): SimulatedCadastre {
  const key = file ?? '';
  if (shared?.file !== key) shared = { file: key, cadastre: new SimulatedCadastre(readRegister(file)) };
  return shared.cadastre;
}

export type UldkFailure = 'malformed' | 'http500' | 'timeout';

export interface UldkSimulatorHandle extends SimulatorHandle {
  /** The next request answers badly (tests of the client's error handling). */
  failNext(kind: UldkFailure): void;
  /** Requests received so far (tests check caching). */
  requests: string[];
}

export async function startUldkSimulator(
  options: { port?: number; tercFile?: string } = {},
): Promise<UldkSimulatorHandle> {
  const cadastre = simulatedCadastre(options.tercFile);
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
      const found = cadastre.parcelById(id);
      if (!found) return void res.send('-1 brak wyników\n');
      return void res.send(`0\n${records([found], result).join('\n')}\n`);
    }
    if (request === 'GetParcelByIdOrNr') {
      // Either a TERYT id, or "<precinct name> <plot number>".
      const one = cadastre.parcelById(id);
      const byId = one ? [one] : [];
      const space = id.lastIndexOf(' ');
      const byName = space > 0 ? cadastre.parcelsByName(id.slice(0, space), id.slice(space + 1)) : [];
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
      const found = cadastre.parcelAt(lng, lat);
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
    if (obiekt === 'wojewodztwo') rows = cadastre.voivodeships.map((v) => [v.name, v.teryt]);
    else if (obiekt === 'powiat')
      rows = cadastre.counties
        .filter((c) => teryt && c.teryt.startsWith(teryt))
        .map((c) => [c.name, c.teryt]);
    else if (obiekt === 'gmina')
      rows = cadastre.communes
        .filter((c) => teryt && c.teryt.startsWith(teryt))
        .map((c) => [c.name, c.teryt]);
    else if (obiekt === 'obreb') rows = cadastre.precincts(teryt).map((p) => [p.name, p.teryt]);
    if (rows.length === 0) return void res.send('-1 brak wyników\n');
    res.send(`0\n${rows.map((r) => r.join('|')).join('\n')}\n`);
  });

  // WMS GetMap (the cadastral overlay). Browsers may load it cross-origin.
  const wms: express.RequestHandler = (req, res) => {
    res.set('access-control-allow-origin', '*');
    try {
      const map = parseGetMap(req.query as Record<string, unknown>);
      res.type('image/png').set('cache-control', 'public, max-age=3600').send(renderGetMap(cadastre, map));
    } catch (error) {
      if (!(error instanceof WmsException)) throw error;
      const version = String(req.query.VERSION ?? req.query.version ?? '1.1.1');
      res.type('application/vnd.ogc.se_xml').send(serviceException(version, error));
    }
  };
  app.get('/wms', wms);
  app.get('/cgi-bin/KrajowaIntegracjaEwidencjiGruntow', wms);

  const handle = await listen(app, options.port ?? 0);
  return { ...handle, requests, failNext: (kind) => void (failure = kind) };
}
