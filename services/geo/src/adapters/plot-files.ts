import { ZAreaGeometry, type TPlot, type TCrop } from '@gleba/contracts';
import type { Area } from '../domain/geometry';
import { plotAttributes } from './plot-attributes';

/**
 * The plot file formats: GeoJSON here, KML in `kml.ts`, GML in `gml.ts`, zipped Shapefiles in
 * `shapefile.ts` (EPSG:2180 read and written through `crs.ts`); the farm export as GeoJSON.
 */

/** One shape read from an imported file. */
export interface ImportedShape {
  index: number;
  name: string | null;
  plotNumber: string | null;
  geometry: Area | null;
  /** The area the file itself states (eWniosekPlus' declared area), in ha, for the preview. */
  fileAreaHa?: number | null;
  problem?: string;
  /** The error code of the problem when it is not `geometryInvalid` (e.g. `shapeTooComplex`). */
  code?: string;
}

export class PlotFileError extends Error {}

/** The file holds more shapes than one import takes. */
export class PlotFileTooManyError extends PlotFileError {
  constructor(readonly max: number) {
    super(`more than ${max} shapes`);
  }
}

/** Plots from GeoJSON: a FeatureCollection, a Feature or a bare geometry (Polygon / MultiPolygon). */
export function parseGeoJsonPlots(text: string, options: { maxShapes?: number } = {}): ImportedShape[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new PlotFileError('not JSON');
  }
  const d = doc as {
    type?: string;
    features?: unknown[];
    geometry?: unknown;
    properties?: Record<string, unknown>;
  };
  const features: { geometry?: unknown; properties?: Record<string, unknown> | null }[] =
    d.type === 'FeatureCollection' && Array.isArray(d.features)
      ? (d.features as { geometry?: unknown; properties?: Record<string, unknown> | null }[])
      : d.type === 'Feature'
        ? [d]
        : d.type === 'Polygon' || d.type === 'MultiPolygon'
          ? [{ geometry: d, properties: {} }]
          : [];
  if (features.length === 0) throw new PlotFileError('no features');
  if (features.length > (options.maxShapes ?? Infinity)) throw new PlotFileTooManyError(options.maxShapes!);
  return features.map((f, index) => {
    const parsed = ZAreaGeometry.safeParse(f?.geometry);
    return {
      index,
      ...plotAttributes(f?.properties),
      geometry: parsed.success ? (parsed.data as Area) : null,
      ...(parsed.success ? {} : { problem: 'not a Polygon or MultiPolygon in WGS84' }),
    };
  });
}

/** A farm's plots, crops and sectors as one GeoJSON FeatureCollection (`properties.kind` tells them apart). */
export function farmFeatureCollection(plots: TPlot[], crops: TCrop[]) {
  return {
    type: 'FeatureCollection' as const,
    features: [
      ...plots.map((p) => ({
        type: 'Feature' as const,
        id: p.id,
        geometry: p.geometry,
        properties: {
          kind: 'plot',
          id: p.id,
          publicId: p.publicId,
          name: p.name,
          plotNumber: p.plotNumber,
          terytId: p.terytId,
          precinct: p.precinct,
          areaHa: p.areaHa,
        },
      })),
      ...crops.map((c) => ({
        type: 'Feature' as const,
        id: c.id,
        geometry: c.geometry,
        properties: {
          kind: 'crop',
          id: c.id,
          name: c.name,
          plantId: c.plantId,
          plantGroup: c.plantGroup,
          plantType: c.plantType,
          cultivationFrom: c.cultivationFrom,
          cultivationTo: c.cultivationTo,
          estimatedYieldTPerHa: c.estimatedYieldTPerHa,
          plotIds: c.plotIds,
          areaHa: c.areaHa,
        },
      })),
      ...crops.flatMap((c) =>
        c.sectors.map((s) => ({
          type: 'Feature' as const,
          id: s.id,
          geometry: s.geometry,
          properties: {
            kind: 'sector',
            id: s.id,
            cropId: c.id,
            name: s.name,
            areaHa: s.areaHa,
            locked: s.locked,
          },
        })),
      ),
    ],
  };
}
