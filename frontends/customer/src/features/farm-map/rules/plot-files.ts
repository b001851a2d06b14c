import type { TImportPreviewBody, TPlot } from '@gleba/contracts';
import { saveFile } from '@gleba/ui';

/** The server's limit on an imported file's text (contracts `ZImportPlotsBody`). */
export const IMPORT_MAX_BYTES = 5_000_000;
/** A zipped Shapefile travels as base64 (4 characters per 3 bytes) within the same limit. */
export const IMPORT_MAX_ZIP_BYTES = Math.floor((IMPORT_MAX_BYTES / 4) * 3);

/** Why a file is refused before it is sent: a `farmMap.*` message key. */
export class PlotFileProblem extends Error {
  constructor(
    readonly key:
      | 'importUnsupported'
      | 'importTooLarge'
      | 'importEmpty'
      | 'importNoPolygons'
      | 'importShpNotZipped'
      | 'importNotZip',
  ) {
    super(key);
  }
}

const POLYGON = /"type"\s*:\s*"(Multi)?Polygon"/;

/** Bytes as base64, in chunks (a 3.7 MB archive would overflow one `String.fromCharCode` call). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A plot file read and checked on the client: GeoJSON (.geojson/.json), KML (.kml), GML
 * (.gml/.xml, e.g. an eWniosekPlus export) or a zipped Shapefile (.zip with .shp, .dbf, .prj;
 * sent as base64): the right kind, not too large, not empty. The server reads it again,
 * projects EPSG:2180, checks each shape and answers the preview.
 */
export async function readPlotFile(file: File): Promise<TImportPreviewBody> {
  const name = file.name.toLowerCase();
  const format = name.endsWith('.kml')
    ? 'kml'
    : name.endsWith('.geojson') || name.endsWith('.json')
      ? 'geojson'
      : name.endsWith('.gml') || name.endsWith('.xml')
        ? 'gml'
        : name.endsWith('.zip')
          ? 'shp'
          : null;
  if (/\.(shp|dbf|shx|prj)$/.test(name)) throw new PlotFileProblem('importShpNotZipped');
  if (!format) throw new PlotFileProblem('importUnsupported');
  if (file.size === 0) throw new PlotFileProblem('importEmpty');
  if (format === 'shp') {
    if (file.size > IMPORT_MAX_ZIP_BYTES) throw new PlotFileProblem('importTooLarge');
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new PlotFileProblem('importNotZip');
    return { format, content: base64(bytes) };
  }
  if (file.size > IMPORT_MAX_BYTES) throw new PlotFileProblem('importTooLarge');
  const content = await file.text();
  if (!content.trim()) throw new PlotFileProblem('importEmpty');
  if (format === 'geojson') {
    try {
      JSON.parse(content);
    } catch {
      throw new PlotFileProblem('importUnsupported');
    }
    if (!POLYGON.test(content)) throw new PlotFileProblem('importNoPolygons');
  } else if (format === 'kml') {
    if (!/<kml[\s>]/i.test(content)) throw new PlotFileProblem('importUnsupported');
    if (!/<(\w+:)?Polygon[\s>]/.test(content)) throw new PlotFileProblem('importNoPolygons');
  } else {
    if (!/^\s*(<\?xml|<)/.test(content)) throw new PlotFileProblem('importUnsupported');
    if (!/<(\w+:)?(Polygon|Surface|PolygonPatch)[\s>/]/.test(content))
      throw new PlotFileProblem('importNoPolygons');
  }
  return { format, content };
}

/** Every plot as one GeoJSON FeatureCollection (WGS84), readable back by the import. */
export function plotsToGeoJson(plots: TPlot[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: plots.map((p) => ({
      type: 'Feature',
      id: p.id,
      properties: {
        name: p.name,
        plotNumber: p.plotNumber,
        kind: p.kind,
        terytId: p.terytId,
        precinct: p.precinct,
        areaHa: p.areaHa,
      },
      geometry: p.geometry,
    })),
  };
}

/** Offers the text (or a file's bytes) as a download (the browser's save dialog). */
export function downloadText(filename: string, text: string | Blob, type = 'application/geo+json') {
  saveFile(typeof text === 'string' ? new Blob([text], { type }) : text, filename, 0);
}
