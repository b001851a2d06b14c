import type { SimParcel, SimulatedCadastre, LngLat } from './geography';
import { ringsContain } from './geography';
import { Raster, TEXT_HEIGHT, textWidth } from './png';

/**
 * A WMS `GetMap` of the simulated parcels in the shape of KIEG (GUGiK's national integration of
 * cadastral parcels, `.../KrajowaIntegracjaEwidencjiGruntow?SERVICE=WMS&REQUEST=GetMap&...`):
 * layers `dzialki` (outlines) and `numery_dzialek` (numbers), PNG, WMS 1.1.1 (`SRS`, BBOX in the
 * SRS's x,y order) or 1.3.0 (`CRS`; EPSG:4326 then takes latitude first), EPSG:3857 or EPSG:4326.
 * Errors answer a `ServiceExceptionReport` (HTTP 200, as MapServer does).
 */

export const WMS_LAYERS = ['dzialki', 'numery_dzialek'] as const;
export const WMS_MAX_SIZE = 2048;

export interface GetMapRequest {
  version: '1.1.1' | '1.3.0';
  crs: 'EPSG:3857' | 'EPSG:4326';
  /** [west, south, east, north] in WGS84 degrees. */
  box: [number, number, number, number];
  /** The request's own box in its CRS (x min, y min, x max, y max), for the pixel mapping. */
  projected: [number, number, number, number];
  width: number;
  height: number;
  layers: Set<string>;
  transparent: boolean;
}

export class WmsException extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const R = 6_378_137;
const mercX = (lng: number) => (R * lng * Math.PI) / 180;
const mercY = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const lngOf = (x: number) => ((x / R) * 180) / Math.PI;
const latOf = (y: number) => ((2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * 180) / Math.PI;

/** Reads the query (parameter names in any case, as WMS allows); throws a `WmsException`. */
export function parseGetMap(query: Record<string, unknown>): GetMapRequest {
  const q = new Map(
    Object.entries(query).map(([k, v]) => [k.toUpperCase(), String(Array.isArray(v) ? v[0] : v)]),
  );
  const service = q.get('SERVICE');
  if (service && service.toUpperCase() !== 'WMS')
    throw new WmsException('InvalidParameterValue', 'SERVICE must be WMS');
  const request = q.get('REQUEST') ?? '';
  if (request.toLowerCase() !== 'getmap')
    throw new WmsException('OperationNotSupported', `REQUEST=${request || '(none)'}: only GetMap is served`);
  const version = q.get('VERSION') ?? '1.1.1';
  if (version !== '1.1.1' && version !== '1.3.0')
    throw new WmsException('InvalidParameterValue', `VERSION ${version} (1.1.1 or 1.3.0)`);
  const crsKey = version === '1.3.0' ? 'CRS' : 'SRS';
  const crsName = (q.get(crsKey) ?? '').toUpperCase();
  const crs = crsName === 'EPSG:900913' ? 'EPSG:3857' : crsName;
  if (crs !== 'EPSG:3857' && crs !== 'EPSG:4326')
    throw new WmsException(
      version === '1.3.0' ? 'InvalidCRS' : 'InvalidSRS',
      `${crsKey} ${crsName || '(none)'}: EPSG:3857 or EPSG:4326`,
    );
  const format = (q.get('FORMAT') ?? '').toLowerCase();
  if (format !== 'image/png')
    throw new WmsException('InvalidFormat', `FORMAT ${format || '(none)'}: image/png only`);
  const layers = new Set(
    (q.get('LAYERS') ?? '')
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  if (layers.size === 0) throw new WmsException('LayerNotDefined', 'LAYERS is empty');
  for (const l of layers)
    if (!(WMS_LAYERS as readonly string[]).includes(l))
      throw new WmsException('LayerNotDefined', `layer ${l} (${WMS_LAYERS.join(', ')})`);
  const size = (name: 'WIDTH' | 'HEIGHT') => {
    const v = q.get(name) ?? '';
    if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > WMS_MAX_SIZE)
      throw new WmsException('InvalidParameterValue', `${name} must be 1-${WMS_MAX_SIZE}`);
    return Number(v);
  };
  const width = size('WIDTH');
  const height = size('HEIGHT');
  const parts = (q.get('BBOX') ?? '').split(',').map((v) => (v.trim() === '' ? NaN : Number(v)));
  if (parts.length !== 4 || !parts.every(Number.isFinite))
    throw new WmsException('InvalidParameterValue', 'BBOX must be 4 numbers');
  // 1.3.0 with EPSG:4326 is latitude, longitude.
  const [x0, y0, x1, y1] = (
    version === '1.3.0' && crs === 'EPSG:4326' ? [parts[1], parts[0], parts[3], parts[2]] : parts
  ) as [number, number, number, number];
  if (!(x0 < x1 && y0 < y1))
    throw new WmsException('InvalidParameterValue', 'BBOX minimum must be below maximum');
  const box: [number, number, number, number] =
    crs === 'EPSG:3857' ? [lngOf(x0), latOf(y0), lngOf(x1), latOf(y1)] : [x0, y0, x1, y1];
  if (crs === 'EPSG:4326' && (x0 < -180 || x1 > 180 || y0 < -90 || y1 > 90))
    throw new WmsException('InvalidParameterValue', 'BBOX outside EPSG:4326');
  return {
    version,
    crs,
    box,
    projected: [x0, y0, x1, y1],
    width,
    height,
    layers,
    transparent: (q.get('TRANSPARENT') ?? '').toUpperCase() === 'TRUE',
  };
}

const LINE: [number, number, number, number] = [200, 30, 45, 255];
const HALO: [number, number, number, number] = [255, 255, 255, 220];

/** Draws the parcels inside the request's box; nothing (an empty image) beyond 64 grid cells. */
export function renderGetMap(cadastre: SimulatedCadastre, req: GetMapRequest): Buffer {
  const raster = new Raster(req.width, req.height, req.transparent ? [0, 0, 0, 0] : [255, 255, 255, 255]);
  const parcels = cadastre.parcelsIn(req.box) ?? [];
  const [px0, py0, px1, py1] = req.projected;
  const sx = req.width / (px1 - px0);
  const sy = req.height / (py1 - py0);
  const toPixel = ([lng, lat]: LngLat): [number, number] => {
    const [x, y] = req.crs === 'EPSG:3857' ? [mercX(lng), mercY(lat)] : [lng, lat];
    return [(x - px0) * sx, (py1 - y) * sy];
  };
  // Metres a pixel, near the box's middle latitude: thicker outlines when zoomed in.
  const midLat = (req.box[1] + req.box[3]) / 2;
  const metresPerPixel =
    ((req.box[2] - req.box[0]) * 111_320 * Math.cos((midLat * Math.PI) / 180)) / req.width;
  const lineWidth = metresPerPixel < 1.5 ? 2 : 1;
  if (req.layers.has('dzialki'))
    for (const p of parcels)
      for (const ring of p.rings)
        for (let i = 1; i < ring.length; i += 1) {
          const [ax, ay] = toPixel(ring[i - 1]!);
          const [bx, by] = toPixel(ring[i]!);
          raster.line(ax, ay, bx, by, LINE, lineWidth);
        }
  if (req.layers.has('numery_dzialek'))
    for (const p of parcels) {
      const at = labelPoint(p);
      const [cx, cy] = toPixel(at);
      const [wx, ny] = toPixel([p.bbox[0], p.bbox[3]]);
      const [ex, sy2] = toPixel([p.bbox[2], p.bbox[1]]);
      const w = ex - wx;
      const h = sy2 - ny;
      const scale = w >= textWidth(p.number, 2) + 8 && h >= TEXT_HEIGHT * 2 + 8 ? 2 : 1;
      if (w >= textWidth(p.number, scale) + 4 && h >= TEXT_HEIGHT * scale + 4)
        raster.text(p.number, cx, cy, LINE, HALO, scale);
    }
  return raster.toPng();
}

/** A point inside the parcel for its number: the box's centre, else the first of a 5 x 5 grid inside. */
export function labelPoint(p: SimParcel): LngLat {
  const [w, s, e, n] = p.bbox;
  const centre: LngLat = [(w + e) / 2, (s + n) / 2];
  if (ringsContain(p.rings, centre)) return centre;
  for (let j = 1; j < 6; j += 1)
    for (let i = 1; i < 6; i += 1) {
      const pt: LngLat = [w + ((e - w) * i) / 6, s + ((n - s) * j) / 6];
      if (ringsContain(p.rings, pt)) return pt;
    }
  return centre;
}

export function serviceException(version: string, e: WmsException): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="${esc(version)}"><ServiceException code="${esc(e.code)}">${esc(e.message)}</ServiceException></ServiceExceptionReport>\n`;
}
