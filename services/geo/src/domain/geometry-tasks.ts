import type { Position } from 'geojson';
import { GEO_LIMITS } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import { parseKmlPlots } from '../adapters/kml';
import { parseGeoJsonPlots, PlotFileError, PlotFileTooManyError } from '../adapters/plot-files';
import { geoError } from './errors';
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
} from './geometry';

export type ImportCheck =
  | { ok: true; geometry: Area }
  | { ok: false; code: string; message: string; params?: Record<string, string | number> };

/** A shape with its id, as the app reads it from the database (the box is computed where it is used). */
export interface Shape {
  id: string;
  geometry: Area;
}

/**
 * The geometry work of a request, one call each: what runs on geo's geometry thread (the app
 * calls them through `app/geometry-thread.ts`), so the service's own thread keeps answering.
 * Every argument and result is plain data (structured clone).
 */
export const geometryTasks = {
  /** The shapes of an imported file (KML or GeoJSON), at most `GEO_LIMITS.importShapes`. */
  readPlotFile: (format: 'kml' | 'geojson', content: string) => {
    const options = { maxShapes: GEO_LIMITS.importShapes };
    try {
      return format === 'kml' ? parseKmlPlots(content, options) : parseGeoJsonPlots(content, options);
    } catch (error) {
      if (error instanceof PlotFileTooManyError)
        throw geoError('plotImportTooMany', `The file holds more than ${error.max} shapes`, {
          max: error.max,
        });
      if (error instanceof PlotFileError)
        throw geoError('plotImportInvalid', `The file cannot be read: ${error.message}`);
      throw error;
    }
  },
  normalizePlot: (raw: Area | null) => normalizePlot(raw),
  normalizeArea: (raw: Area | null) => normalizeArea(raw),
  /** A drawn plot checked, snapped to the user's other plots, and checked again. */
  snapPlot: (drawn: Area, others: Shape[], toleranceM: number) =>
    normalizePlot(
      snapArea(
        drawn,
        others.map((o) => indexed(o.id, o.geometry)),
        toleranceM,
      ),
    ),
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
  /** A crop's shape: the drawn part of its plots (checked to lie on them), or the whole of them. */
  cropShape: (plots: Area, raw: Area | null) => {
    if (!raw) return normalizeArea(plots);
    const drawn = normalizeArea(raw);
    if (!liesWithin(drawn, plots))
      throw geoError('cropOutsidePlots', 'The crop must lie on its assigned plots');
    return drawn;
  },
  liesWithin: (inner: Area, outer: Area) => liesWithin(inner, outer),
  /**
   * An import's shapes, each checked as a drawn plot (no snapping) and against the user's plots
   * and the shapes accepted before it: the normalized shape, or why it is skipped.
   */
  checkImported: (shapes: (Area | null)[], existing: Shape[], overlapLimitPercent: number) => {
    const others = existing.map((o) => indexed(o.id, o.geometry));
    return shapes.map((raw, i): ImportCheck => {
      try {
        const geometry = normalizePlot(raw);
        const { percent } = overlapPercent(geometry, others);
        if (percent > overlapLimitPercent)
          throw geoError(
            'plotOverlapLimitExceeded',
            `The plot overlaps existing plots by ${percent.toFixed(1)}% (limit ${overlapLimitPercent}%)`,
            { limit: overlapLimitPercent },
          );
        others.push(indexed(`import-${i}`, geometry));
        return { ok: true, geometry };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        return { ok: false, code: error.code, message: error.message, params: error.params };
      }
    });
  },
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
