import type { Position } from 'geojson';
import { ZAreaGeometry, type TPlot, type TCrop } from '@gleba/contracts';
import type { Area } from './geometry';

/** One shape read from an imported file. */
export interface ImportedShape {
  index: number;
  name: string | null;
  plotNumber: string | null;
  geometry: Area | null;
  problem?: string;
}

export class PlotFileError extends Error {}

/** Plots from GeoJSON: a FeatureCollection, a Feature or a bare geometry (Polygon / MultiPolygon). */
export function parseGeoJsonPlots(text: string): ImportedShape[] {
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
  return features.map((f, index) => {
    const props = f?.properties ?? {};
    const name =
      typeof props.name === 'string' ? props.name : typeof props.nazwa === 'string' ? props.nazwa : null;
    const num = props.plotNumber ?? props.numer ?? null;
    const parsed = ZAreaGeometry.safeParse(f?.geometry);
    return {
      index,
      name,
      plotNumber: typeof num === 'string' || typeof num === 'number' ? String(num) : null,
      geometry: parsed.success ? (parsed.data as Area) : null,
      ...(parsed.success ? {} : { problem: 'not a Polygon or MultiPolygon in WGS84' }),
    };
  });
}

function decode(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function tagBlocks(xml: string, tag: string): string[] {
  const re = new RegExp(`<(?:\\w+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${tag}>`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1]!);
}

function kmlCoordinates(block: string): Position[] {
  const text = tagBlocks(block, 'coordinates')[0];
  if (text === undefined) throw new PlotFileError('ring without coordinates');
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((tuple) => {
      const [lng, lat] = tuple.split(',').map(Number);
      if (!Number.isFinite(lng) || !Number.isFinite(lat))
        throw new PlotFileError(`bad coordinate "${tuple}"`);
      return [lng!, lat!];
    });
}

/** Plots from KML (Google Earth, Geoportal exports): each Placemark's Polygons (KML is WGS84 lon,lat). */
export function parseKmlPlots(text: string): ImportedShape[] {
  if (!/<kml[\s>]/i.test(text)) throw new PlotFileError('not KML');
  const placemarks = tagBlocks(text, 'Placemark');
  if (placemarks.length === 0) throw new PlotFileError('no placemarks');
  return placemarks.map((pm, index) => {
    const nameBlock = tagBlocks(pm, 'name')[0];
    const name = nameBlock !== undefined ? decode(nameBlock) || null : null;
    try {
      const polygons = tagBlocks(pm, 'Polygon').map((poly) => {
        const outer = tagBlocks(poly, 'outerBoundaryIs')[0];
        if (outer === undefined) throw new PlotFileError('polygon without outer boundary');
        return [kmlCoordinates(outer), ...tagBlocks(poly, 'innerBoundaryIs').map(kmlCoordinates)];
      });
      if (polygons.length === 0)
        return { index, name, plotNumber: null, geometry: null, problem: 'no Polygon' };
      const geometry: Area =
        polygons.length === 1
          ? { type: 'Polygon', coordinates: polygons[0]! }
          : { type: 'MultiPolygon', coordinates: polygons };
      return { index, name, plotNumber: null, geometry };
    } catch (error) {
      return { index, name, plotNumber: null, geometry: null, problem: (error as Error).message };
    }
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
