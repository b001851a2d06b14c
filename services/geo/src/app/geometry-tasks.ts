import type { Position } from 'geojson';
import { GEO_LIMITS } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import { parseKmlPlots } from '../adapters/kml';
import { parseGeoJsonPlots, PlotFileError, PlotFileTooManyError } from '../adapters/plot-files';
import { geoError } from '../domain/errors';
import {
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
  sectorsFit,
  snapArea,
  unionAreas,
  type Area,
} from '../domain/geometry';

/** One shape of an imported file: accepted (its checked shape as JSON), or why it is skipped. */
export type ImportCheck = { index: number; name: string | null; plotNumber: string | null } & (
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
    format: 'kml' | 'geojson',
    content: string,
    existing: StoredShape[],
    overlapLimitPercent: number,
  ): ImportCheck[] => {
    const options = { maxShapes: GEO_LIMITS.importShapes };
    let shapes;
    try {
      shapes = format === 'kml' ? parseKmlPlots(content, options) : parseGeoJsonPlots(content, options);
    } catch (error) {
      if (error instanceof PlotFileTooManyError)
        throw geoError('plotImportTooMany', `The file holds more than ${error.max} shapes`, {
          max: error.max,
        });
      if (error instanceof PlotFileError)
        throw geoError('plotImportInvalid', `The file cannot be read: ${error.message}`);
      throw error;
    }
    const others = parsed(existing);
    return shapes.map((shape): ImportCheck => {
      const about = { index: shape.index, name: shape.name, plotNumber: shape.plotNumber };
      if (!shape.geometry)
        return {
          ...about,
          ok: false,
          code: 'geometryInvalid',
          message: shape.problem ?? 'no shape',
          unreadable: true,
        };
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
        return { ...about, ok: true, geometryJson: JSON.stringify(geometry) };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        return { ...about, ok: false, code: error.code, message: error.message, params: error.params };
      }
    });
  },
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
