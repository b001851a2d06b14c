import type { TImportPlotsBody, TPlot } from '@gleba/contracts';

/** The server's limit on an imported file's text (contracts `ZImportPlotsBody`). */
export const IMPORT_MAX_BYTES = 5_000_000;

/** Why a file is refused before it is sent: a `farmMap.*` message key. */
export class PlotFileProblem extends Error {
  constructor(readonly key: 'importUnsupported' | 'importTooLarge' | 'importEmpty' | 'importNoPolygons') {
    super(key);
  }
}

const POLYGON = /"type"\s*:\s*"(Multi)?Polygon"/;

/**
 * A GeoJSON (.geojson/.json) or KML (.kml) file read and checked on the client: the right kind,
 * not too large, readable, and holding at least one polygon. The server parses it again, puts
 * each polygon through the plot rules and answers which features it skipped and why.
 */
export async function readPlotFile(file: File): Promise<TImportPlotsBody> {
  const name = file.name.toLowerCase();
  const format = name.endsWith('.kml')
    ? 'kml'
    : name.endsWith('.geojson') || name.endsWith('.json')
      ? 'geojson'
      : null;
  if (!format) throw new PlotFileProblem('importUnsupported');
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
  } else {
    if (!/<kml[\s>]/i.test(content)) throw new PlotFileProblem('importUnsupported');
    if (!/<(\w+:)?Polygon[\s>]/.test(content)) throw new PlotFileProblem('importNoPolygons');
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

/** Offers the text as a file download (the browser's save dialog). */
export function downloadText(filename: string, text: string, type = 'application/geo+json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
