import type { Area } from '../domain/geometry';
import { parseEwktArea, WktError } from './wkt';

/** A cadastral parcel as ULDK describes it. */
export interface CadastralParcel {
  terytId: string;
  plotNumber: string;
  precinct: string;
  commune: string;
  county: string;
  voivodeship: string;
  geometry: Area;
}

export interface DictionaryEntry {
  teryt: string;
  name: string;
}

export type CadastreFailure = 'unavailable' | 'malformed';

export class CadastreError extends Error {
  constructor(
    readonly kind: CadastreFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CadastreError';
  }
}

/** The port geo needs from a cadastre (GUGiK ULDK in production, the simulator in development). */
export interface Cadastre {
  /** `WWPPGG_R.OOOO.NR`; null when ULDK has no such parcel. */
  getParcelById(terytId: string): Promise<CadastralParcel | null>;
  /** A TERYT id or "precinct name plot number"; every match. */
  getParcelByIdOrNr(query: string): Promise<CadastralParcel[]>;
  /** The parcel under a WGS84 point; null when there is none. */
  parcelByPoint(lon: number, lat: number): Promise<CadastralParcel | null>;
  /** Dictionary look-up: precincts (`obreb`) of a commune, communes (`gmina`) of a county, ... */
  dictionary(object: 'wojewodztwo' | 'powiat' | 'gmina' | 'obreb', teryt: string): Promise<DictionaryEntry[]>;
}

const PARCEL_FIELDS = 'geom_wkt,teryt,parcel,region,commune,county,voivodeship';

/**
 * ULDK's plain-text protocol: always HTTP 200; first line `0` or a count when found, `-1 ...`
 * when not; then one `|`-separated record per line in the order of `result`.
 */
export function parseUldkAnswer(text: string, fields: number): string[][] | null {
  const lines = text
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const head = lines[0]?.trim();
  if (head === undefined) throw new CadastreError('malformed', 'empty answer');
  if (head.startsWith('-1')) return null;
  if (!/^\d+$/.test(head))
    throw new CadastreError('malformed', `unexpected status line "${head.slice(0, 40)}"`);
  const records = lines.slice(1).map((l) => l.split('|').map((v) => v.trim()));
  for (const r of records) {
    if (r.length < fields)
      throw new CadastreError('malformed', `record has ${r.length} fields, expected ${fields}`);
  }
  return records;
}

function toParcel(r: string[]): CadastralParcel {
  const [wkt, teryt, parcel, region, commune, county, voivodeship] = r as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  try {
    return {
      terytId: teryt,
      plotNumber: parcel,
      precinct: region,
      commune,
      county,
      voivodeship,
      geometry: parseEwktArea(wkt),
    };
  } catch (error) {
    if (error instanceof WktError) throw new CadastreError('malformed', `geometry: ${error.message}`);
    throw error;
  }
}

export function uldkCadastre(options: {
  baseUrl: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Cadastre {
  const doFetch = options.fetchImpl ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  async function get(path: string, params: Record<string, string>): Promise<string> {
    const url = `${base}${path}?${new URLSearchParams(params).toString()}`;
    let res: Response;
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new CadastreError('unavailable', `ULDK unreachable: ${(error as Error).message}`);
    }
    if (!res.ok) throw new CadastreError('unavailable', `ULDK answered HTTP ${res.status}`);
    return res.text();
  }
  return {
    async getParcelById(terytId) {
      const text = await get('/', {
        request: 'GetParcelById',
        id: terytId,
        result: PARCEL_FIELDS,
        srid: '4326',
      });
      const records = parseUldkAnswer(text, 7);
      if (!records || records.length === 0) return null;
      return toParcel(records[0]!);
    },
    async getParcelByIdOrNr(query) {
      const text = await get('/', {
        request: 'GetParcelByIdOrNr',
        id: query,
        result: PARCEL_FIELDS,
        srid: '4326',
      });
      return (parseUldkAnswer(text, 7) ?? []).map(toParcel);
    },
    async parcelByPoint(lon, lat) {
      // `xy=x,y,srid`: with EPSG:4326 ULDK reads longitude first (x = east); the swapped pair is a
      // point at sea and answers `-1 brak wyników`, i.e. it would fail silently as "no parcel".
      const xy = `${lon.toFixed(7)},${lat.toFixed(7)},4326`;
      const text = await get('/', { request: 'GetParcelByXY', xy, result: PARCEL_FIELDS, srid: '4326' });
      const records = parseUldkAnswer(text, 7);
      if (!records || records.length === 0) return null;
      return toParcel(records[0]!);
    },
    async dictionary(object, teryt) {
      const wynik = { wojewodztwo: 'wojewodztwo', powiat: 'powiat', gmina: 'gmina', obreb: 'obreb' }[object];
      const text = await get('/service.php', { obiekt: object, wynik: `${wynik},teryt`, teryt });
      return (parseUldkAnswer(text, 2) ?? []).map(([name, code]) => ({ name: name!, teryt: code! }));
    },
  };
}
