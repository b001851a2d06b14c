import type { Position } from 'geojson';
import proj4 from 'proj4';
import { GEO_LIMITS } from '@gleba/contracts';

/**
 * The coordinate systems plot files come in: EPSG:2180 (PUWG 1992, ETRS89 / Poland CS92, what
 * ARiMR's eWniosekPlus and the Polish cadastre export) and WGS84 longitude/latitude (ETRS89's
 * geographic coordinates differ from WGS84's by centimetres, below a field boundary's accuracy).
 */
export type Crs = 'EPSG:2180' | 'EPSG:4326';

/** EPSG:2180 in proj4's terms: transverse Mercator on GRS80, meridian 19 E, scale 0.9993. */
export const EPSG_2180 =
  '+proj=tmerc +lat_0=0 +lon_0=19 +k=0.9993 +x_0=500000 +y_0=-5300000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';

/** The `.prj` a Shapefile export carries (ESRI's WKT for EPSG:2180, as ArcGIS and QGIS write it). */
export const PRJ_2180 =
  'PROJCS["ETRS_1989_Poland_CS92",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",-5300000.0],PARAMETER["Central_Meridian",19.0],PARAMETER["Scale_Factor",0.9993],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

/** WGS84 -> EPSG:2180 (`forward`) and back (`inverse`): a third of the time of `proj4(EPSG_2180, 'WGS84')`. */
const puwg92 = proj4(EPSG_2180);

/** EPSG:2180 easting/northing (metres) to WGS84 longitude/latitude. */
export function fromPuwg92(easting: number, northing: number): Position {
  const [lon, lat] = puwg92.inverse([easting, northing]);
  return [lon!, lat!];
}

/** WGS84 longitude/latitude to EPSG:2180 easting/northing (metres). */
export function toPuwg92(position: Position): [number, number] {
  const [e, n] = puwg92.forward([position[0]!, position[1]!]);
  return [e!, n!];
}

/** The file names a coordinate system this reader does not take. */
export class CrsUnsupportedError extends Error {
  constructor(readonly crs: string) {
    super(`coordinate system not supported: ${crs.slice(0, 80)}`);
  }
}

/**
 * The coordinate system a Shapefile's `.prj` (WKT) names: EPSG:2180 by its name or its parameters
 * (transverse Mercator, meridian 19, scale 0.9993, false northing -5,300,000), WGS84/ETRS89 when
 * it is geographic; any other projection is refused.
 */
export function crsOfPrj(wkt: string): Crs {
  const text = wkt.replace(/\s+/g, '').toUpperCase();
  if (!text.startsWith('PROJCS[') && !text.startsWith('PROJCRS[')) {
    if (/^GEOG(CS|CRS)\[/.test(text) && /WGS|ETRS|ETRF/.test(text)) return 'EPSG:4326';
    throw new CrsUnsupportedError(wkt);
  }
  if (/CS92|CS_92|1992|"2180"|,2180\]/.test(text)) return 'EPSG:2180';
  const param = (name: string) => {
    const m = new RegExp(`PARAMETER\\["${name}",(-?[0-9.]+)`).exec(text);
    return m ? Number(m[1]) : NaN;
  };
  if (
    text.includes('TRANSVERSE_MERCATOR') &&
    param('CENTRAL_MERIDIAN') === 19 &&
    Math.abs(param('SCALE_FACTOR') - 0.9993) < 1e-9 &&
    param('FALSE_NORTHING') === -5_300_000
  )
    return 'EPSG:2180';
  throw new CrsUnsupportedError(wkt);
}

/**
 * A GML `srsName` read: the system and whether its positions list the first axis first as the
 * EPSG register orders it (`urn:ogc:def:crs:EPSG::2180` and `.../def/crs/EPSG/0/2180`: northing
 * first; `urn:...:4326`: latitude first) or in the traditional x/y order (`EPSG:2180`,
 * `EPSG:4326`, `CRS:84`, `...epsg.xml#2180`: easting/longitude first). `null` = not named.
 */
export function crsOfSrsName(srsName: string): { crs: Crs; authorityAxes: boolean } {
  const s = srsName.trim();
  const code = /(?:EPSG[:/](?:[0-9.]*[:/])?:?|epsg\.xml#)(\d+)$/i.exec(s)?.[1];
  const authorityAxes = /^urn:|\/def\/crs\//i.test(s);
  if (/CRS:?84$/i.test(s)) return { crs: 'EPSG:4326', authorityAxes: false };
  if (code === '2180') return { crs: 'EPSG:2180', authorityAxes };
  if (code === '4326' || code === '4258') return { crs: 'EPSG:4326', authorityAxes };
  throw new CrsUnsupportedError(s);
}

const [WEST, SOUTH, EAST, NORTH] = GEO_LIMITS.extent;
const inPoland = (p: Position) => p[0]! >= WEST && p[0]! <= EAST && p[1]! >= SOUTH && p[1]! <= NORTH;

/**
 * A reader of a file's positions into WGS84 lon/lat. The axis order a file's CRS names is tried
 * first; when its first position lands outside Poland and the swapped order lands inside, the
 * whole file is read swapped (files that write `EPSG:2180` and northing first exist, and a
 * lat/lon pair is told from lon/lat by Poland's ranges, as the ULDK reader does).
 */
export function positionReader(crs: Crs, firstAxisIsNorthing: boolean) {
  let swap: boolean | null = null;
  const convert = (a: number, b: number): Position => {
    const [x, y] = firstAxisIsNorthing ? [b, a] : [a, b];
    return crs === 'EPSG:2180' ? fromPuwg92(x, y) : [x, y];
  };
  return (a: number, b: number): Position => {
    if (swap === null) {
      const straight = convert(a, b);
      const swapped = convert(b, a);
      swap = !inPoland(straight) && inPoland(swapped);
      return swap ? swapped : straight;
    }
    return swap ? convert(b, a) : convert(a, b);
  };
}
