import type { Position } from 'geojson';
import { GEO_LIMITS, type GeoErrorCode, type TPlotFileFormat } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import { CrsUnsupportedError } from '../adapters/crs';
import { parseGmlPlots, plotsToGml } from '../adapters/gml';
import { parseKmlPlots, plotsToKml } from '../adapters/kml';
import {
  parseGeoJsonPlots,
  PlotFileError,
  PlotFileTooManyError,
  type ImportedShape,
} from '../adapters/plot-files';
import { parseShapefilePlots, plotsToShapefileZip, type ExportPlot } from '../adapters/shapefile';
import { geoError } from '../domain/errors';
import {
  areaHa,
  areaM2,
  autoDivide,
  cutOut,
  divideByLine,
  indexed,
  liesWithin,
  mergeAreas,
  moveArea,
  normalizeArea,
  normalizePlot,
  overlapPercent,
  polygonsOf,
  sectorsFit,
  snapArea,
  unionAreas,
  type Area,
} from '../domain/geometry';

/** One shape of an imported file: accepted (its checked shape as JSON), or why it is skipped. */
export type ImportCheck = {
  index: number;
  name: string | null;
  plotNumber: string | null;
  /** The area the file states, ha. */
  fileAreaHa: number | null;
  /** The shape's area (of the checked shape when accepted, else as read), ha; null if unreadable. */
  areaHa: number | null;
  /** The outer ring of its largest part, at most 48 positions (the preview's thumbnail). */
  outline: [number, number][];
} & (
  | { ok: true; geometryJson: string }
  | {
      ok: false;
      code: string;
      message: string;
      params?: Record<string, string | number>;
      /** No polygon could be read (the whole file is refused when none can). */
      unreadable?: boolean;
    }
);

/** A shape with its id, as the app reads it from the database (the box is computed where it is used). */
export interface Shape {
  id: string;
  geometry: Area;
}

/** A stored shape as the database's JSON text (parsed here, on the geometry thread). */
export interface StoredShape {
  id: string;
  geometryJson: string;
}

const SHAPE_CAPS = {
  ringMax: GEO_LIMITS.ringVertices,
  shapeMax: GEO_LIMITS.shapeVertices,
  ringsMax: GEO_LIMITS.shapeRings,
};

/**
 * A plot file's shapes (at most `GEO_LIMITS.importShapes`): GeoJSON, KML, GML or a zipped
 * Shapefile (base64). A file that cannot be read at all is refused with the format's code.
 */
function readPlotFile(format: TPlotFileFormat, content: string): ImportedShape[] {
  const options = { maxShapes: GEO_LIMITS.importShapes };
  try {
    if (format === 'kml') return parseKmlPlots(content, options);
    if (format === 'gml') return parseGmlPlots(content, options);
    if (format === 'shp') return parseShapefilePlots(content, options);
    return parseGeoJsonPlots(content, options);
  } catch (error) {
    if (error instanceof PlotFileTooManyError)
      throw geoError('plotImportTooMany', `The file holds more than ${error.max} shapes`, { max: error.max });
    if (error instanceof CrsUnsupportedError)
      throw geoError(
        'plotImportCrsUnsupported',
        `The file's coordinate system is not supported: ${error.crs}`,
      );
    if (error instanceof PlotFileError)
      throw geoError(
        format === 'shp'
          ? 'plotImportZipInvalid'
          : format === 'gml'
            ? 'plotImportGmlInvalid'
            : 'plotImportInvalid',
        `The file cannot be read: ${error.message}`,
      );
    throw error;
  }
}

/** Plots as a file: GeoJSON or KML (WGS84), GML or a zipped Shapefile (EPSG:2180). */
function plotsFile(format: TPlotFileFormat, plots: ExportPlot[]): Uint8Array {
  if (format === 'shp') return plotsToShapefileZip(plots, 'gleba-dzialki');
  if (format === 'gml') return Buffer.from(plotsToGml(plots));
  if (format === 'kml') return Buffer.from(plotsToKml(plots));
  return Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: plots.map((p) => ({
        type: 'Feature',
        id: p.id,
        geometry: p.geometry,
        properties: { id: p.id, name: p.name, plotNumber: p.plotNumber, areaHa: p.areaHa },
      })),
    }),
  );
}

/** Refusals after which the shape's computed area is not shown (it has no meaningful one). */
const UNMEASURABLE = new Set<string>(['shapeSelfIntersects', 'geometryInvalid']);

/** The area of a shape as read (before the checks); null when it cannot be measured. */
function rawAreaHa(geometry: Area): number | null {
  try {
    const ha = areaHa(geometry);
    return Number.isFinite(ha) ? ha : null;
  } catch {
    return null;
  }
}

/** The outer ring of a shape's largest part (by vertices), thinned to at most 48 positions. */
function outlineOf(geometry: Area): [number, number][] {
  let ring: Position[] = [];
  for (const poly of polygonsOf(geometry)) if ((poly[0]?.length ?? 0) > ring.length) ring = poly[0]!;
  const step = Math.max(1, Math.ceil(ring.length / 48));
  const out: [number, number][] = [];
  for (let i = 0; i < ring.length && out.length < 48; i += step) {
    const p = ring[i]!;
    if (Number.isFinite(p[0]) && Number.isFinite(p[1])) out.push([p[0]!, p[1]!]);
  }
  return out;
}

const parsed = (shapes: StoredShape[]) =>
  shapes.map((s) => indexed(s.id, JSON.parse(s.geometryJson) as Area));

/**
 * The geometry work of a request, one call each: what runs on geo's geometry thread (the app
 * calls them through `app/geometry-thread.ts`), so the service's own thread keeps answering.
 * Every argument and result is plain data (structured clone).
 */
export const geometryTasks = {
  /**
   * An imported file: read (KML or GeoJSON, at most `GEO_LIMITS.importShapes` shapes), each shape
   * checked as a drawn plot (no snapping) against the user's plots and the shapes accepted before
   * it. An accepted shape comes back as JSON text: the service's thread parses one at a time
   * while it writes them, instead of receiving every vertex in one message.
   */
  importFile: (
    format: TPlotFileFormat,
    content: string,
    existing: StoredShape[],
    overlapLimitPercent: number,
    only?: number[],
  ): ImportCheck[] => {
    const picked = only ? new Set(only) : null;
    const others = parsed(existing);
    return readPlotFile(format, content)
      .filter((shape) => !picked || picked.has(shape.index))
      .map((shape): ImportCheck => {
        const about = {
          index: shape.index,
          name: shape.name,
          plotNumber: shape.plotNumber,
          fileAreaHa: shape.fileAreaHa ?? null,
          areaHa: shape.geometry ? rawAreaHa(shape.geometry) : null,
          outline: shape.geometry ? outlineOf(shape.geometry) : [],
        };
        if (!shape.geometry) {
          const code = (shape.code ?? 'geometryInvalid') as GeoErrorCode;
          return {
            ...about,
            ok: false,
            code,
            message: shape.problem ?? 'no shape',
            params: code === 'shapeTooComplex' ? SHAPE_CAPS : undefined,
            unreadable: code === 'geometryInvalid',
          };
        }
        try {
          const geometry = normalizePlot(shape.geometry);
          const { percent } = overlapPercent(geometry, others);
          if (percent > overlapLimitPercent)
            throw geoError(
              'plotOverlapLimitExceeded',
              `The plot overlaps existing plots by ${percent.toFixed(1)}% (limit ${overlapLimitPercent}%)`,
              { limit: overlapLimitPercent },
            );
          others.push(indexed(`import-${shape.index}`, geometry));
          return { ...about, areaHa: areaHa(geometry), ok: true, geometryJson: JSON.stringify(geometry) };
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          // The signed parts of a crossing outline cancel out: its area says nothing (a bow-tie is 0 ha).
          const area = UNMEASURABLE.has(error.code) ? null : about.areaHa;
          return {
            ...about,
            areaHa: area,
            ok: false,
            code: error.code,
            message: error.message,
            params: error.params,
          };
        }
      });
  },
  /** The user's plots as a file's bytes (`plotsFile`); their shapes come as the database's JSON text. */
  exportFile: (
    format: TPlotFileFormat,
    plots: (Omit<ExportPlot, 'geometry'> & { geometryJson: string })[],
  ): Uint8Array =>
    plotsFile(
      format,
      plots.map(({ geometryJson, ...p }) => ({ ...p, geometry: JSON.parse(geometryJson) as Area })),
    ),
  normalizePlot: (raw: Area | null) => normalizePlot(raw),
  normalizeArea: (raw: Area | null) => normalizeArea(raw),
  /** A drawn plot checked, snapped to the user's other plots, and checked again. */
  snapPlot: (drawn: Area, others: StoredShape[], toleranceM: number) =>
    normalizePlot(snapArea(drawn, parsed(others), toleranceM)),
  /** Share of a plot covered by the user's stored plots. */
  overlapStored: (geometry: Area, others: StoredShape[]) => overlapPercent(geometry, parsed(others)),
  overlap: (geometry: Area, others: Shape[]) =>
    overlapPercent(
      geometry,
      others.map((o) => indexed(o.id, o.geometry)),
    ),
  /** Which of `others` a shape overlaps at all. */
  touching: (geometry: Area, others: Shape[]) =>
    others.filter((o) => overlapPercent(geometry, [indexed(o.id, o.geometry)]).percent > 0).map((o) => o.id),
  movePlot: (geometry: Area, distanceM: number, bearingDeg: number) =>
    normalizePlot(moveArea(geometry, distanceM, bearingDeg)),
  moveArea: (geometry: Area, distanceM: number, bearingDeg: number) =>
    normalizeArea(moveArea(geometry, distanceM, bearingDeg)),
  dividePlot: (geometry: Area, line: Position[]) =>
    divideByLine(geometry, line).map((piece) => normalizePlot(piece)),
  divideArea: (geometry: Area, line: Position[]) =>
    divideByLine(geometry, line).map((piece) => normalizeArea(piece)),
  mergePlots: (geometries: Area[]) => normalizePlot(mergeAreas(geometries)),
  cutOut: (geometry: Area, ring: Position[]) => normalizeArea(cutOut(geometry, ring)),
  autoDivide: (geometry: Area, maxAreaM2: number) => autoDivide(geometry, maxAreaM2),
  /** The union of a crop's plots (null: no area). */
  union: (geometries: Area[]) => unionAreas(geometries),
  /** The union of stored plots, their vertices counted before anything is parsed into shapes. */
  unionStored: (shapes: StoredShape[]) => unionAreas(shapes.map((s) => JSON.parse(s.geometryJson) as Area)),
  /** A crop's shape: the drawn part of its plots (checked to lie on them), or the whole of them. */
  cropShape: (plots: Area, raw: Area | null) => {
    if (!raw) return normalizeArea(plots);
    const drawn = normalizeArea(raw);
    if (!liesWithin(drawn, plots))
      throw geoError('cropOutsidePlots', 'The crop must lie on its assigned plots');
    return drawn;
  },
  liesWithin: (inner: Area, outer: Area) => liesWithin(inner, outer),
  /** Each kept sector unchanged: same area, same place. */
  sameShape: (a: Area, b: Area) => Math.abs(areaM2(a) - areaM2(b)) <= 0.5 && liesWithin(a, b),
  /** Sectors set by hand: inside the crop and not overlapping (within rounding). */
  checkSectors: (sectors: Area[], crop: Area) => {
    const { overlapM2, outsideM2, totalM2 } = sectorsFit(sectors, crop);
    if (overlapM2 > Math.max(1, totalM2 * 0.001))
      throw geoError('sectorsInvalid', 'Sectors must not overlap');
    if (outsideM2 > Math.max(1, totalM2 * 0.002))
      throw geoError('sectorsInvalid', 'Sectors must lie inside the crop');
  },
};

export type GeometryTasks = typeof geometryTasks;
export type GeometryTask = keyof GeometryTasks;
