import type { Position } from 'geojson';
import { SaxesParser } from 'saxes';
import { GEO_LIMITS } from '@gleba/contracts';
import type { Area } from '../domain/geometry';
import { crsOfSrsName, positionReader, toPuwg92, type Crs } from './crs';
import { plotAttributes } from './plot-attributes';
import { PlotFileError, PlotFileTooManyError, type ImportedShape } from './plot-files';
import type { ExportPlot } from './shapefile';

/** The element's name without a namespace prefix (`gml:Polygon` -> `Polygon`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Elements whose children are features: GML's and WFS's feature members. */
const MEMBER = new Set(['featureMember', 'featureMembers', 'member']);
const POLYGON = new Set(['Polygon', 'PolygonPatch']);
const EXTERIOR = new Set(['exterior', 'outerBoundaryIs']);
const INTERIOR = new Set(['interior', 'innerBoundaryIs']);
const POSITIONS = new Set(['posList', 'pos', 'coordinates']);

interface Polygon {
  raw: number[][];
  holes: number[][];
  /** The srsName in force (the polygon's or its nearest ancestor's). */
  srs: string | null;
}

interface Feature {
  depth: number;
  props: Record<string, string>;
  polygons: Polygon[];
  problem: string | null;
  vertices: number;
}

/**
 * Plots from GML (eWniosekPlus, GIS and WFS exports; GML 2, 3.1 and 3.2): each feature (a child
 * of `featureMember`, `featureMembers` or WFS `member`) with its Polygons, Surfaces'
 * PolygonPatches, MultiSurfaces and MultiPolygons as one shape, its simple properties as
 * attributes (name, number and area by `PLOT_ATTRIBUTES`). Positions from `posList` (2 or 3
 * dimensions), `pos` or GML 2 `coordinates`, in EPSG:2180 or WGS84 by the nearest `srsName`
 * (`crs.ts`: axis order by the name's form, checked against Poland's extent). One pass of a
 * streaming XML parser, linear in the file; the reading stops at the feature past `maxShapes`;
 * a feature past the vertex cap keeps no positions (`shapeTooComplex`). Entities are never
 * expanded beyond XML's five.
 */
export function parseGmlPlots(text: string, options: { maxShapes?: number } = {}): ImportedShape[] {
  const maxShapes = options.maxShapes ?? Infinity;
  const parser = new SaxesParser({ position: false });
  const shapes: ImportedShape[] = [];
  const stack: string[] = [];
  const srsStack: (string | null)[] = [];
  const dims: number[] = [];
  let rootSeen = false;
  let feature: Feature | null = null;
  let polygon: Polygon | null = null;
  let boundary: 'outer' | 'inner' | null = null;
  let ringValues: number[] | null = null;
  let text_: string[] | null = null;
  let property: string | null = null;
  let propertyIsLeaf = false;

  parser.on('error', (error) => {
    throw new PlotFileError(`not well-formed XML (${error.message.split('\n')[0]})`);
  });
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    const attr = (n: string) => {
      for (const [k, v] of Object.entries(tag.attributes)) if (local(k) === n) return String(v);
      return null;
    };
    rootSeen = true;
    const parent = stack[stack.length - 1];
    stack.push(name);
    srsStack.push(attr('srsName') ?? srsStack[srsStack.length - 1] ?? null);
    const dim = Number(attr('srsDimension') ?? NaN);
    dims.push(Number.isInteger(dim) && dim >= 2 && dim <= 3 ? dim : (dims[dims.length - 1] ?? 2));
    if (!feature) {
      if (parent && MEMBER.has(parent)) {
        if (shapes.length >= maxShapes) throw new PlotFileTooManyError(maxShapes);
        feature = { depth: stack.length, props: {}, polygons: [], problem: null, vertices: 0 };
      }
      return;
    }
    if (stack.length === feature.depth + 1) {
      property = name;
      propertyIsLeaf = true;
      text_ = [];
      return;
    }
    if (stack.length === feature.depth + 2) propertyIsLeaf = false;
    if (POLYGON.has(name)) {
      polygon = { raw: [], holes: [], srs: srsStack[srsStack.length - 1] ?? null };
    } else if (polygon && (EXTERIOR.has(name) || INTERIOR.has(name))) {
      boundary = EXTERIOR.has(name) ? 'outer' : 'inner';
      ringValues = [];
    } else if (boundary && POSITIONS.has(name)) {
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
    const depth = stack.length;
    const dim = dims[dims.length - 1] ?? 2;
    stack.pop();
    srsStack.pop();
    dims.pop();
    if (!feature) return;
    if (depth === feature.depth + 1 && name === property) {
      if (propertyIsLeaf && text_) feature.props[name] = text_.join('').trim().slice(0, 200);
      property = null;
      text_ = null;
    } else if (POSITIONS.has(name) && ringValues && text_) {
      const joined = text_.join('');
      text_ = null;
      if (feature.problem) return;
      // GML 2 `coordinates`: "x,y x,y"; `posList`: "x y x y" in `srsDimension` steps; `pos`: one.
      const parts = name === 'coordinates' ? joined.trim().split(/[\s,]+/) : joined.trim().split(/\s+/);
      const step = name === 'coordinates' ? joined.trim().split(/\s+/)[0]!.split(',').length || 2 : dim;
      const numbers = parts.filter(Boolean).map(Number);
      if (numbers.some((n) => !Number.isFinite(n)) || numbers.length % step !== 0 || step < 2)
        feature.problem = 'bad coordinates';
      else {
        feature.vertices += numbers.length / step;
        if (feature.vertices > GEO_LIMITS.shapeVertices) feature.problem = 'too many vertices';
        else for (let i = 0; i < numbers.length; i += step) ringValues.push(numbers[i]!, numbers[i + 1]!);
      }
    } else if ((EXTERIOR.has(name) || INTERIOR.has(name)) && polygon && ringValues) {
      if (ringValues.length < 6 && !feature.problem) feature.problem = 'ring without coordinates';
      if (boundary === 'outer') polygon.raw.push(ringValues);
      else polygon.holes.push(ringValues);
      ringValues = null;
      boundary = null;
    } else if (POLYGON.has(name) && polygon) {
      if (polygon.raw.length !== 1 && !feature.problem) feature.problem = 'polygon without one exterior';
      feature.polygons.push(polygon);
      polygon = null;
    } else if (depth === feature.depth) {
      const f = feature;
      feature = null;
      polygon = null;
      boundary = null;
      ringValues = null;
      shapes.push(toShape(shapes.length, f));
    }
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof PlotFileError) throw error;
    throw new PlotFileError((error as Error).message);
  }
  if (!rootSeen) throw new PlotFileError('not a GML feature collection');
  if (shapes.length === 0) throw new PlotFileError('no GML features');
  return shapes;
}

function toShape(index: number, f: Feature): ImportedShape {
  const about = { index, ...plotAttributes(f.props) };
  if (f.problem === 'too many vertices')
    return { ...about, geometry: null, problem: f.problem, code: 'shapeTooComplex' };
  if (f.problem) return { ...about, geometry: null, problem: f.problem };
  if (f.polygons.length === 0) return { ...about, geometry: null, problem: 'no polygon' };
  let srs: { crs: Crs; authorityAxes: boolean };
  try {
    const name = f.polygons.find((p) => p.srs)?.srs ?? null;
    if (!name) throw new PlotFileError('no srsName');
    srs = crsOfSrsName(name);
  } catch (error) {
    return { ...about, geometry: null, problem: (error as Error).message, code: 'plotImportCrsUnsupported' };
  }
  const read = positionReader(srs.crs, srs.authorityAxes);
  const ring = (values: number[]): Position[] => {
    const out: Position[] = [];
    for (let i = 0; i < values.length; i += 2) out.push(read(values[i]!, values[i + 1]!));
    return out;
  };
  const polygons = f.polygons.map((p) => [ring(p.raw[0]!), ...p.holes.map(ring)]);
  const geometry: Area =
    polygons.length === 1
      ? { type: 'Polygon', coordinates: polygons[0]! }
      : { type: 'MultiPolygon', coordinates: polygons };
  return { ...about, geometry };
}

const escape = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * Plots as GML 3.2 in EPSG:2180 (`urn:ogc:def:crs:EPSG::2180`, northing first as the EPSG
 * register and Polish geodesy order it), each a `gleba:Dzialka` with `nazwa`, `numer`,
 * `powierzchnia` (ha) and a MultiSurface: what `parseGmlPlots` and GIS tools read back.
 */
export function plotsToGml(plots: ExportPlot[]): string {
  const posList = (ring: Position[]) =>
    ring
      .map((p) => {
        const [e, n] = toPuwg92(p);
        return `${n.toFixed(3)} ${e.toFixed(3)}`;
      })
      .join(' ');
  const members = plots.map((p, i) => {
    const polygons = p.geometry.type === 'Polygon' ? [p.geometry.coordinates] : p.geometry.coordinates;
    const surfaces = polygons
      .map(
        (poly, k) =>
          `<gml:surfaceMember><gml:Polygon gml:id="p${i}-${k}"><gml:exterior><gml:LinearRing><gml:posList>${posList(
            poly[0]!,
          )}</gml:posList></gml:LinearRing></gml:exterior>${poly
            .slice(1)
            .map(
              (hole) =>
                `<gml:interior><gml:LinearRing><gml:posList>${posList(hole)}</gml:posList></gml:LinearRing></gml:interior>`,
            )
            .join('')}</gml:Polygon></gml:surfaceMember>`,
      )
      .join('');
    return `<gml:featureMember><gleba:Dzialka gml:id="d${i}"><gleba:id>${escape(p.id)}</gleba:id><gleba:nazwa>${escape(
      p.name,
    )}</gleba:nazwa>${p.plotNumber ? `<gleba:numer>${escape(p.plotNumber)}</gleba:numer>` : ''}<gleba:powierzchnia>${p.areaHa.toFixed(
      4,
    )}</gleba:powierzchnia><gleba:geometria><gml:MultiSurface gml:id="s${i}" srsName="urn:ogc:def:crs:EPSG::2180" srsDimension="2">${surfaces}</gml:MultiSurface></gleba:geometria></gleba:Dzialka></gml:featureMember>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:gleba="urn:gleba:plots" gml:id="gleba-plots">${members.join('\n')}</gml:FeatureCollection>\n`;
}
