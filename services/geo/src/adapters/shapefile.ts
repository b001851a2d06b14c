import type { Position } from 'geojson';
import { parseDbf, parseShp } from 'shpjs';
import { GEO_LIMITS } from '@gleba/contracts';
import type { Area } from '../domain/geometry';
import { crsOfPrj, positionReader, PRJ_2180, toPuwg92, type Crs } from './crs';
import { plotAttributes } from './plot-attributes';
import { PlotFileError, PlotFileTooManyError, type ImportedShape } from './plot-files';
import { readZip, writeZip, ZipError } from './zip';

/**
 * Zipped Shapefiles (eWniosekPlus and GIS exports): read with shpjs's record and DBF parsers
 * from the members this module inflates itself (bounded, `zip.ts`), projected from EPSG:2180
 * (or taken as WGS84) by `crs.ts`; written by our own writer in EPSG:2180 with its `.prj`
 * (decision 0055).
 */

/** What the wanted members of an archive may inflate to together: 200 shapes at the vertex cap fit. */
export const SHAPEFILE_MAX_INFLATED_BYTES = 8_000_000;

const MEMBER = /\.(shp|dbf|prj|cpg)$/i;
const POLYGON_TYPES = new Set([5, 15, 25]);

/** Records of a `.shp` (header walk only), refusing a file that is not one. */
function shpRecordCount(shp: Buffer, name: string): { type: number; records: number } {
  if (shp.length < 100 || shp.readInt32BE(0) !== 9994) throw new PlotFileError(`${name} is not a Shapefile`);
  const type = shp.readInt32LE(32);
  let records = 0;
  for (let at = 100; at + 8 <= shp.length; records++) {
    const len = shp.readInt32BE(at + 4) * 2;
    if (len < 0 || at + 8 + len > shp.length) throw new PlotFileError(`${name} is damaged`);
    at += 8 + len;
  }
  return { type, records };
}

/** A `.dbf`'s rows, after checking its header agrees with its size (parsedbf trusts the header). */
function dbfRows(dbf: Buffer, cpg: string | undefined, records: number): Record<string, unknown>[] {
  if (dbf.length < 33) throw new PlotFileError('the .dbf is damaged');
  const count = dbf.readUInt32LE(4);
  const headerLen = dbf.readUInt16LE(8);
  const recLen = dbf.readUInt16LE(10);
  if (count !== records || recLen < 1 || headerLen < 33 || headerLen + count * recLen > dbf.length)
    throw new PlotFileError('the .dbf is damaged or does not match the .shp');
  let encoding = cpg?.trim();
  if (!encoding) {
    // No .cpg: UTF-8 when the records are valid UTF-8, else Windows-1250 (Polish Windows tools).
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(dbf.subarray(headerLen, headerLen + count * recLen));
      encoding = 'utf-8';
    } catch {
      encoding = 'windows-1250';
    }
  }
  return parseDbf(dbf, encoding);
}

const verticesOf = (coords: unknown): number =>
  Array.isArray(coords) && typeof coords[0] === 'number'
    ? 1
    : Array.isArray(coords)
      ? coords.reduce<number>((n, c) => n + verticesOf(c), 0)
      : 0;

/** The shapes of a zipped Shapefile sent as base64 (every polygon layer in it, in order). */
export function parseShapefilePlots(base64: string, options: { maxShapes?: number } = {}): ImportedShape[] {
  const maxShapes = options.maxShapes ?? Infinity;
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw new PlotFileError('not a ZIP archive (base64 expected)');
  let members: Map<string, Buffer>;
  try {
    members = readZip(Buffer.from(base64, 'base64'), {
      wanted: (name) => MEMBER.test(name) && !name.includes('__MACOSX'),
      maxTotalBytes: SHAPEFILE_MAX_INFLATED_BYTES,
    });
  } catch (error) {
    if (error instanceof ZipError) throw new PlotFileError(error.message);
    throw error;
  }
  const byBase = new Map<string, Record<string, Buffer>>();
  for (const [name, bytes] of members) {
    const base = name.slice(0, -4);
    const ext = name.slice(-3).toLowerCase();
    byBase.set(base, { ...byBase.get(base), [ext]: bytes });
  }
  const layers = [...byBase].filter(([, m]) => m.shp);
  if (layers.length === 0) throw new PlotFileError('no .shp in the archive');
  const shapes: ImportedShape[] = [];
  let polygonLayers = 0;
  for (const [base, m] of layers) {
    const { type, records } = shpRecordCount(m.shp!, `${base}.shp`);
    if (!POLYGON_TYPES.has(type)) continue;
    polygonLayers++;
    if (shapes.length + records > maxShapes) throw new PlotFileTooManyError(maxShapes);
    let geometries: ReturnType<typeof parseShp>;
    try {
      geometries = parseShp(m.shp!);
    } catch {
      throw new PlotFileError(`${base}.shp is damaged`);
    }
    const rows = m.dbf ? dbfRows(m.dbf, m.cpg?.toString('latin1'), records) : [];
    const crs: Crs | null = m.prj ? crsOfPrj(m.prj.toString('utf8')) : null;
    let read: ((a: number, b: number) => Position) | null = crs ? positionReader(crs, false) : null;
    geometries.forEach((g, i) => {
      const about = { index: shapes.length, ...plotAttributes(rows[i]) };
      if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) {
        shapes.push({ ...about, geometry: null, problem: 'no polygon' });
        return;
      }
      if (verticesOf(g.coordinates) > GEO_LIMITS.shapeVertices) {
        shapes.push({ ...about, geometry: null, problem: 'too many vertices', code: 'shapeTooComplex' });
        return;
      }
      if (!read) {
        // No .prj: EPSG:2180 (what eWniosekPlus writes) unless the numbers are degrees.
        const first = (g.type === 'Polygon' ? g.coordinates[0]![0] : g.coordinates[0]![0]![0])!;
        read = positionReader(
          Math.abs(first[0]!) <= 180 && Math.abs(first[1]!) <= 90 ? 'EPSG:4326' : 'EPSG:2180',
          false,
        );
      }
      const ring = (r: Position[]) => r.map((p) => read!(p[0]!, p[1]!));
      const geometry: Area =
        g.type === 'Polygon'
          ? { type: 'Polygon', coordinates: g.coordinates.map(ring) }
          : { type: 'MultiPolygon', coordinates: g.coordinates.map((poly) => poly.map(ring)) };
      shapes.push({ ...about, geometry });
    });
  }
  if (polygonLayers === 0) throw new PlotFileError('no polygon layer in the archive');
  if (shapes.length === 0) throw new PlotFileError('no shapes');
  return shapes;
}

// ---- writing -------------------------------------------------------------------------------

/** One plot as the exports write it. */
export interface ExportPlot {
  id: string;
  name: string;
  plotNumber: string | null;
  areaHa: number;
  geometry: Area;
}

/** Twice the signed area of a ring (positive: counter-clockwise with x east, y north). */
function signedArea2(ring: [number, number][]): number {
  let s = 0;
  for (let i = 1; i < ring.length; i++) s += ring[i - 1]![0] * ring[i]![1] - ring[i]![0] * ring[i - 1]![1];
  return s;
}

/** A text cut to at most `bytes` UTF-8 bytes without splitting a character. */
function utf8Cut(text: string, bytes: number): Buffer {
  let out = Buffer.alloc(0);
  for (const ch of text) {
    const next = Buffer.concat([out, Buffer.from(ch, 'utf8')]);
    if (next.length > bytes) break;
    out = next;
  }
  return out;
}

const DBF_FIELDS = [
  { name: 'ID', type: 'C', len: 36, dec: 0, value: (p: ExportPlot) => p.id },
  { name: 'NAZWA', type: 'C', len: 100, dec: 0, value: (p: ExportPlot) => p.name },
  { name: 'NUMER', type: 'C', len: 32, dec: 0, value: (p: ExportPlot) => p.plotNumber ?? '' },
  { name: 'POW_HA', type: 'N', len: 12, dec: 4, value: (p: ExportPlot) => p.areaHa.toFixed(4) },
] as const;

function writeDbf(plots: ExportPlot[]): Buffer {
  const headerLen = 32 + 32 * DBF_FIELDS.length + 1;
  const recLen = 1 + DBF_FIELDS.reduce((n, f) => n + f.len, 0);
  const out = Buffer.alloc(headerLen + recLen * plots.length + 1, 0x20);
  out.fill(0, 0, headerLen);
  const now = new Date();
  out.writeUInt8(0x03, 0);
  out.writeUInt8(now.getUTCFullYear() - 1900, 1);
  out.writeUInt8(now.getUTCMonth() + 1, 2);
  out.writeUInt8(now.getUTCDate(), 3);
  out.writeUInt32LE(plots.length, 4);
  out.writeUInt16LE(headerLen, 8);
  out.writeUInt16LE(recLen, 10);
  DBF_FIELDS.forEach((f, i) => {
    const at = 32 + 32 * i;
    out.write(f.name, at, 'latin1');
    out.write(f.type, at + 11, 'latin1');
    out.writeUInt8(f.len, at + 16);
    out.writeUInt8(f.dec, at + 17);
  });
  out.writeUInt8(0x0d, headerLen - 1);
  plots.forEach((p, r) => {
    let at = headerLen + r * recLen + 1; // the deletion flag stays ' '
    for (const f of DBF_FIELDS) {
      const bytes = utf8Cut(f.value(p), f.len);
      bytes.copy(out, f.type === 'N' ? at + f.len - bytes.length : at);
      at += f.len;
    }
  });
  out.writeUInt8(0x1a, out.length - 1);
  return out;
}

/**
 * Plots as a zipped Shapefile in EPSG:2180: `.shp` (polygons, outer rings clockwise and holes
 * counter-clockwise as the format requires, a MultiPolygon as one record of several parts),
 * `.shx`, `.dbf` (UTF-8, ID/NAZWA/NUMER/POW_HA), `.cpg` and the `.prj`.
 */
export function plotsToShapefileZip(plots: ExportPlot[], baseName: string): Buffer {
  const records: Buffer[] = [];
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const plot of plots) {
    const polygons =
      plot.geometry.type === 'Polygon' ? [plot.geometry.coordinates] : plot.geometry.coordinates;
    const parts: [number, number][][] = [];
    for (const poly of polygons)
      poly.forEach((ring, i) => {
        const r = ring.map((p) => toPuwg92(p));
        const clockwise = signedArea2(r) < 0;
        parts.push(clockwise === (i === 0) ? r : r.reverse());
      });
    const points = parts.flat();
    const rb = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [x, y] of points) {
      rb[0] = Math.min(rb[0]!, x);
      rb[1] = Math.min(rb[1]!, y);
      rb[2] = Math.max(rb[2]!, x);
      rb[3] = Math.max(rb[3]!, y);
    }
    for (let k = 0; k < 2; k++) {
      box[k] = Math.min(box[k]!, rb[k]!);
      box[k + 2] = Math.max(box[k + 2]!, rb[k + 2]!);
    }
    const content = Buffer.alloc(44 + 4 * parts.length + 16 * points.length);
    content.writeInt32LE(5, 0);
    rb.forEach((v, k) => content.writeDoubleLE(v, 4 + 8 * k));
    content.writeInt32LE(parts.length, 36);
    content.writeInt32LE(points.length, 40);
    let start = 0;
    parts.forEach((part, k) => {
      content.writeInt32LE(start, 44 + 4 * k);
      start += part.length;
    });
    points.forEach(([x, y], k) => {
      content.writeDoubleLE(x, 44 + 4 * parts.length + 16 * k);
      content.writeDoubleLE(y, 52 + 4 * parts.length + 16 * k);
    });
    records.push(content);
  }
  const header = (lengthBytes: number) => {
    const h = Buffer.alloc(100);
    h.writeInt32BE(9994, 0);
    h.writeInt32BE(lengthBytes / 2, 24);
    h.writeInt32LE(1000, 28);
    h.writeInt32LE(5, 32);
    (plots.length ? box : [0, 0, 0, 0]).forEach((v, k) => h.writeDoubleLE(v, 36 + 8 * k));
    return h;
  };
  const shpParts: Buffer[] = [];
  const shxRows = Buffer.alloc(8 * records.length);
  let offset = 100;
  records.forEach((content, i) => {
    const rh = Buffer.alloc(8);
    rh.writeInt32BE(i + 1, 0);
    rh.writeInt32BE(content.length / 2, 4);
    shxRows.writeInt32BE(offset / 2, 8 * i);
    shxRows.writeInt32BE(content.length / 2, 8 * i + 4);
    shpParts.push(rh, content);
    offset += 8 + content.length;
  });
  const shp = Buffer.concat([header(offset), ...shpParts]);
  const shx = Buffer.concat([header(100 + shxRows.length), shxRows]);
  return writeZip([
    { name: `${baseName}.shp`, data: shp },
    { name: `${baseName}.shx`, data: shx },
    { name: `${baseName}.dbf`, data: writeDbf(plots) },
    { name: `${baseName}.cpg`, data: Buffer.from('UTF-8') },
    { name: `${baseName}.prj`, data: Buffer.from(PRJ_2180) },
  ]);
}
