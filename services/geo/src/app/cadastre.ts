import { sql } from 'kysely';
import {
  VOIVODESHIP_TERYT,
  Voivodeship,
  type TAdminUnit,
  type TCity,
  type TParcel,
  type TPrecinct,
  type TVoivodeshipItem,
} from '@gleba/contracts';
import {
  cachedPrecincts,
  findUnit,
  listUnits,
  searchUnitsByName,
  storePrecincts,
} from '../db/repositories/admin-units.repository';
import { geoError } from '../domain/errors';
import { areaHa } from '../domain/geometry';
import { geometry as geo } from './geometry-thread';
import { CITY_CENTROIDS, VOIVODESHIP_NAMES, voivodeshipOfTeryt } from '../domain/terc';
import { CadastreError, type CadastralParcel } from '../adapters/uldk.provider';
import type { Deps } from './deps';

function freshAfter(deps: Deps): Date {
  return new Date(Date.now() - deps.config.ULDK_CACHE_HOURS * 3_600_000);
}

export async function voivodeships(deps: Deps): Promise<TVoivodeshipItem[]> {
  const loaded = new Map<string, string>();
  try {
    for (const teryt of Object.values(VOIVODESHIP_TERYT)) {
      const unit = await findUnit(deps.db, teryt);
      if (unit) loaded.set(teryt, unit.name.toLowerCase());
    }
  } catch {
    throw geoError('fetchVoivodeshipsFailed', 'Could not fetch voivodeships');
  }
  return Voivodeship.options.map((code) => {
    const teryt = VOIVODESHIP_TERYT[code];
    return { code, teryt, name: loaded.get(teryt) ?? VOIVODESHIP_NAMES[code] };
  });
}

export async function counties(deps: Deps, voivodeship: Voivodeship): Promise<TAdminUnit[]> {
  const rows = await listUnits(deps.db, 'COUNTY', VOIVODESHIP_TERYT[voivodeship]);
  return rows.map((r) => ({ teryt: r.teryt, name: r.name, kindName: r.kind_name, voivodeship }));
}

export async function communes(deps: Deps, county: string): Promise<TAdminUnit[]> {
  const voivodeship = voivodeshipOfTeryt(county);
  if (!voivodeship) return [];
  const rows = await listUnits(deps.db, 'COMMUNE', county.slice(0, 2), county.slice(2, 4));
  return rows.map((r) => ({ teryt: r.teryt, name: r.name, kindName: r.kind_name, voivodeship }));
}

/** Precincts (obręby) of a commune: from the cache, else from ULDK's dictionary. */
export async function precincts(deps: Deps, commune: string): Promise<TPrecinct[]> {
  const cached = await cachedPrecincts(deps.db, commune, freshAfter(deps));
  if (cached.length) return cached;
  let entries;
  try {
    entries = await deps.cadastre.dictionary('obreb', commune);
  } catch (error) {
    if (error instanceof CadastreError)
      throw geoError('fetchRegionsFailed', `Could not fetch precincts: ${error.message}`);
    throw error;
  }
  await storePrecincts(deps.db, commune, entries);
  return entries
    .sort((a, b) => a.name.localeCompare(b.name, 'pl'))
    .map((e) => ({ teryt: e.teryt, name: e.name }));
}

/** Keeps a parcel ULDK answered (its shape checked) for `ULDK_CACHE_HOURS`; the plot-adding call reads it. */
async function storeParcel(deps: Deps, parcel: CadastralParcel): Promise<CadastralParcel> {
  let geometry;
  try {
    geometry = await geo.normalizeArea(parcel.geometry);
  } catch {
    throw geoError('fetchPlotsFailed', 'The cadastre answered an invalid shape');
  }
  const row = {
    teryt_id: parcel.terytId,
    plot_number: parcel.plotNumber,
    precinct: parcel.precinct,
    commune: parcel.commune,
    county: parcel.county,
    voivodeship: parcel.voivodeship,
    geometry: JSON.stringify(geometry),
  };
  await deps.db
    .insertInto('parcels')
    .values(row)
    .onConflict((oc) => oc.column('teryt_id').doUpdateSet({ ...row, fetched_at: sql`now()` }))
    .execute();
  return { ...parcel, geometry };
}

/** A parcel by TERYT id: from the cache, else from ULDK (then cached). */
export async function cadastralParcel(deps: Deps, terytId: string): Promise<CadastralParcel> {
  const cached = await deps.db
    .selectFrom('parcels')
    .selectAll()
    .where('teryt_id', '=', terytId)
    .where('fetched_at', '>', freshAfter(deps))
    .executeTakeFirst();
  if (cached) {
    return {
      terytId: cached.teryt_id,
      plotNumber: cached.plot_number,
      precinct: cached.precinct,
      commune: cached.commune,
      county: cached.county,
      voivodeship: cached.voivodeship,
      geometry: cached.geometry,
    };
  }
  let parcel: CadastralParcel | null;
  try {
    parcel = await deps.cadastre.getParcelById(terytId);
  } catch (error) {
    if (error instanceof CadastreError)
      throw geoError('fetchPlotsFailed', `Could not fetch the plot: ${error.message}`);
    throw error;
  }
  if (!parcel) throw geoError('parcelNotFound', 'No plot with this number in the chosen precinct');
  // Cached under the id asked for (ULDK answers the same id).
  return storeParcel(deps, { ...parcel, terytId });
}

const PARCEL_ID = /^((\d{4})\d{2}_\d)\.(\d{4})\.([0-9A-Za-z/.-]{1,32})$/;

/** The codes `POST /api/plots/cadastral` takes for a parcel id `WWPPGG_R.OOOO.NR`, if it has that shape. */
export function lookupOf(terytId: string): TParcel['lookup'] {
  const m = PARCEL_ID.exec(terytId);
  const voivodeship = m ? voivodeshipOfTeryt(terytId) : undefined;
  if (!m || !voivodeship) return null;
  return { voivodeship, county: m[2]!, commune: m[1]!, precinct: `${m[1]}.${m[3]}` };
}

function present(p: CadastralParcel): TParcel {
  return {
    ...p,
    lookup: lookupOf(p.terytId),
    areaHa: areaHa(p.geometry),
    geometry: p.geometry as TParcel['geometry'],
  };
}

export async function parcel(deps: Deps, precinct: string, number: string): Promise<TParcel> {
  return present(await cadastralParcel(deps, `${precinct}.${number}`));
}

/** Poland's extent with a margin: ULDK has nothing outside it, so no call is made. */
const POLAND = { west: 14, east: 24.2, south: 49, north: 54.9 };

/** The parcel under a WGS84 point (a click on the map), from ULDK's GetParcelByXY; cached by id. */
export async function parcelAt(deps: Deps, lon: number, lat: number): Promise<TParcel> {
  if (lon < POLAND.west || lon > POLAND.east || lat < POLAND.south || lat > POLAND.north) {
    throw geoError('noParcelAtPoint', 'There is no cadastral parcel at this point (outside Poland)');
  }
  let found: CadastralParcel | null;
  try {
    found = await deps.cadastre.parcelByPoint(lon, lat);
  } catch (error) {
    if (error instanceof CadastreError)
      throw geoError('fetchPlotsFailed', `Could not fetch the plot: ${error.message}`);
    throw error;
  }
  if (!found) throw geoError('noParcelAtPoint', 'There is no cadastral parcel at this point');
  return present(await storeParcel(deps, found));
}

/** City search: loaded communes by name (with a centroid where known), then the geocoder. */
export async function searchCities(deps: Deps, q: string): Promise<TCity[]> {
  const units = await searchUnitsByName(deps.db, q);
  const found: TCity[] = units.map((u) => {
    const c = CITY_CENTROIDS[u.teryt];
    return {
      name: u.name,
      teryt: u.teryt,
      voivodeship: voivodeshipOfTeryt(u.teryt) ?? null,
      kindName: u.kind_name,
      lat: c?.[0] ?? null,
      lng: c?.[1] ?? null,
    };
  });
  if (!found.some((c) => c.lat !== null) && deps.geocoder) {
    for (const place of await deps.geocoder.search(q)) {
      found.push({
        name: place.name,
        teryt: null,
        voivodeship: null,
        kindName: null,
        lat: place.lat,
        lng: place.lng,
      });
    }
  }
  if (found.length === 0) throw geoError('cityNotFound', 'City not found');
  return found;
}
