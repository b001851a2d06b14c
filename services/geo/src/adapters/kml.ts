import type { Position } from 'geojson';
import { SaxesParser } from 'saxes';
import type { Area } from '../domain/geometry';
import { plotAttributes } from './plot-attributes';
import { PlotFileError, PlotFileTooManyError, type ImportedShape } from './plot-files';
import type { ExportPlot } from './shapefile';

/** The element's name without a namespace prefix (`kml:Placemark` -> `Placemark`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function parseCoordinates(text: string): Position[] {
  const out: Position[] = [];
  for (const tuple of text.trim().split(/\s+/)) {
    if (!tuple) continue;
    const parts = tuple.split(',');
    const lng = Number(parts[0]);
    const lat = Number(parts[1]);
    if (parts.length < 2 || !Number.isFinite(lng) || !Number.isFinite(lat))
      throw new PlotFileError(`bad coordinate "${tuple.slice(0, 40)}"`);
    out.push([lng, lat]);
  }
  return out;
}

interface PlacemarkState {
  name: string | null;
  /** ExtendedData: `<Data name><value>` and `<SimpleData name>` (number and area by `PLOT_ATTRIBUTES`). */
  data: Record<string, string>;
  polygons: Position[][][];
  problem: string | null;
}

/**
 * Plots from KML (Google Earth, Geoportal exports): each Placemark's Polygons, also inside a
 * MultiGeometry (KML is WGS84 lon,lat). One pass of a streaming XML parser, so the time is linear
 * in the file's size; `maxShapes` stops the reading at the first Placemark too many. Entities are
 * never expanded beyond XML's five (a DOCTYPE cannot declare new ones).
 */
export function parseKmlPlots(text: string, options: { maxShapes?: number } = {}): ImportedShape[] {
  const maxShapes = options.maxShapes ?? Infinity;
  const parser = new SaxesParser({ position: false });
  const shapes: ImportedShape[] = [];
  const stack: string[] = [];
  let rootSeen = false;
  let placemark: PlacemarkState | null = null;
  let polygon: { outer: Position[] | null; inner: Position[][] } | null = null;
  let boundary: 'outer' | 'inner' | null = null;
  let boundaryHasRing = false;
  let text_: string[] | null = null; // collecting the text of <name> or <coordinates>
  let collecting: 'name' | 'coordinates' | 'data' | null = null;
  let dataName: string | null = null;

  parser.on('error', (error) => {
    throw new PlotFileError(`not well-formed XML (${error.message.split('\n')[0]})`);
  });
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (!rootSeen) {
      rootSeen = true;
      if (name.toLowerCase() !== 'kml') throw new PlotFileError('not KML');
    }
    stack.push(name);
    if (name === 'Placemark' && !placemark) {
      if (shapes.length >= maxShapes) throw new PlotFileTooManyError(maxShapes);
      placemark = { name: null, data: {}, polygons: [], problem: null };
    } else if (!placemark) {
      return;
    } else if (name === 'name' && stack.length >= 2 && stack[stack.length - 2] === 'Placemark') {
      collecting = 'name';
      text_ = [];
    } else if (name === 'Data' || name === 'SimpleData') {
      dataName = typeof tag.attributes.name === 'string' ? tag.attributes.name.slice(0, 60) : null;
      if (name === 'SimpleData' && dataName) {
        collecting = 'data';
        text_ = [];
      }
    } else if (name === 'value' && dataName) {
      collecting = 'data';
      text_ = [];
    } else if (name === 'Polygon') {
      polygon = { outer: null, inner: [] };
    } else if (polygon && (name === 'outerBoundaryIs' || name === 'innerBoundaryIs')) {
      boundary = name === 'outerBoundaryIs' ? 'outer' : 'inner';
      boundaryHasRing = false;
    } else if (boundary && name === 'coordinates') {
      collecting = 'coordinates';
      text_ = [];
    }
  });
  const onText = (t: string) => {
    if (text_) text_.push(t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    stack.pop();
    if (!placemark) return;
    if (collecting === 'name' && name === 'name') {
      placemark.name = text_!.join('').trim() || null;
      collecting = null;
      text_ = null;
    } else if (collecting === 'data' && (name === 'value' || name === 'SimpleData')) {
      if (dataName && Object.keys(placemark.data).length < 50)
        placemark.data[dataName] = text_!.join('').trim().slice(0, 200);
      collecting = null;
      text_ = null;
      if (name === 'SimpleData') dataName = null;
    } else if (name === 'Data') {
      dataName = null;
    } else if (collecting === 'coordinates' && name === 'coordinates') {
      const joined = text_!.join('');
      collecting = null;
      text_ = null;
      if (placemark.problem || !polygon || !boundary) return;
      try {
        const ring = parseCoordinates(joined);
        boundaryHasRing = true;
        if (boundary === 'outer') polygon.outer = ring;
        else polygon.inner.push(ring);
      } catch (error) {
        placemark.problem = (error as Error).message;
      }
    } else if (name === 'outerBoundaryIs' || name === 'innerBoundaryIs') {
      if (!boundaryHasRing && !placemark.problem) placemark.problem = 'ring without coordinates';
      boundary = null;
    } else if (name === 'Polygon' && polygon) {
      if (!polygon.outer && !placemark.problem) placemark.problem = 'polygon without outer boundary';
      if (polygon.outer) placemark.polygons.push([polygon.outer, ...polygon.inner]);
      polygon = null;
    } else if (name === 'Placemark') {
      const pm = placemark;
      placemark = null;
      polygon = null;
      boundary = null;
      const index = shapes.length;
      const attributes = plotAttributes(pm.data);
      const about = { index, ...attributes, name: pm.name ?? attributes.name };
      if (pm.problem) {
        shapes.push({ ...about, geometry: null, problem: pm.problem });
      } else if (pm.polygons.length === 0) {
        shapes.push({ ...about, geometry: null, problem: 'no Polygon' });
      } else {
        const geometry: Area =
          pm.polygons.length === 1
            ? { type: 'Polygon', coordinates: pm.polygons[0]! }
            : { type: 'MultiPolygon', coordinates: pm.polygons };
        shapes.push({ ...about, geometry });
      }
    }
  });
  parser.write(text).close();
  if (!rootSeen) throw new PlotFileError('not KML');
  if (shapes.length === 0) throw new PlotFileError('no placemarks');
  return shapes;
}

const escape = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * Plots as KML 2.2 (WGS84 lon,lat, as KML always is): a Placemark each with its name, the
 * number and area (ha) as ExtendedData `numer` / `powierzchnia`, and its Polygon(s).
 */
export function plotsToKml(plots: ExportPlot[]): string {
  const coords = (ring: Position[]) => ring.map((p) => `${p[0]},${p[1]}`).join(' ');
  const polygon = (poly: Position[][]) =>
    `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coords(poly[0]!)}</coordinates></LinearRing></outerBoundaryIs>${poly
      .slice(1)
      .map(
        (h) =>
          `<innerBoundaryIs><LinearRing><coordinates>${coords(h)}</coordinates></LinearRing></innerBoundaryIs>`,
      )
      .join('')}</Polygon>`;
  const placemarks = plots.map((p) => {
    const polys = p.geometry.type === 'Polygon' ? [p.geometry.coordinates] : p.geometry.coordinates;
    const geometry =
      polys.length === 1
        ? polygon(polys[0]!)
        : `<MultiGeometry>${polys.map(polygon).join('')}</MultiGeometry>`;
    const data = [
      ['id', p.id],
      ...(p.plotNumber ? [['numer', p.plotNumber]] : []),
      ['powierzchnia', p.areaHa.toFixed(4)],
    ]
      .map(([k, v]) => `<Data name="${k}"><value>${escape(v!)}</value></Data>`)
      .join('');
    return `<Placemark><name>${escape(p.name)}</name><ExtendedData>${data}</ExtendedData>${geometry}</Placemark>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Gleba</name>${placemarks.join('\n')}</Document></kml>\n`;
}
