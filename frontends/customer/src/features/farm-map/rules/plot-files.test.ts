import { describe, expect, it } from 'vitest';
import type { TPlot } from '@gleba/contracts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ZIP_BYTES, plotsToGeoJson, readPlotFile } from './plot-files';

const polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [21, 52],
      [21.001, 52],
      [21.001, 52.001],
      [21, 52],
    ],
  ],
};
const file = (name: string, text: string) => new File([text], name);
const refused = (f: File) =>
  readPlotFile(f).then(
    () => 'read',
    (e: { key?: string }) => e.key,
  );

describe('reading an import file', () => {
  it('reads GeoJSON (.geojson or .json) and KML', async () => {
    const fc = JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: 'A' }, geometry: polygon }],
    });
    expect(await readPlotFile(file('pola.geojson', fc))).toEqual({ format: 'geojson', content: fc });
    expect((await readPlotFile(file('POLA.JSON', fc))).format).toBe('geojson');
    const kml =
      '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Polygon><outerBoundaryIs/></Polygon></Placemark></kml>';
    expect(await readPlotFile(file('pola.kml', kml))).toEqual({ format: 'kml', content: kml });
  });

  it('reads GML as text and a zipped Shapefile as base64', async () => {
    const gml =
      '<gml:FeatureCollection><gml:featureMember><x><gml:Polygon/></x></gml:featureMember></gml:FeatureCollection>';
    expect(await readPlotFile(file('eWniosek.GML', gml))).toEqual({ format: 'gml', content: gml });
    expect((await readPlotFile(file('dzialki.xml', gml))).format).toBe('gml');
    const zip = new Uint8Array([0x50, 0x4b, 3, 4, 0xff, 0, 0x80]);
    const read = await readPlotFile(new File([zip], 'dzialki.zip'));
    expect(read.format).toBe('shp');
    expect(Uint8Array.from(atob(read.content), (c) => c.charCodeAt(0))).toEqual(zip);
  });

  it('refuses another kind of file, an empty or unreadable one, one without polygons, one over 5 MB', async () => {
    expect(await refused(file('pola.shp', 'x'))).toBe('importShpNotZipped');
    expect(await refused(file('pola.dwg', 'x'))).toBe('importUnsupported');
    expect(await refused(file('pola.zip', 'not a zip'))).toBe('importNotZip');
    expect(await refused(file('pola.zip', 'PK'.padEnd(IMPORT_MAX_ZIP_BYTES + 1, 'x')))).toBe(
      'importTooLarge',
    );
    expect(await refused(file('pola.gml', '<gml:FeatureCollection/>'))).toBe('importNoPolygons');
    expect(await refused(file('pola.gml', 'not xml'))).toBe('importUnsupported');
    expect(await refused(file('pola.geojson', '  '))).toBe('importEmpty');
    expect(await refused(file('pola.geojson', '{"type": "Feature",'))).toBe('importUnsupported');
    expect(
      await refused(file('pola.geojson', JSON.stringify({ type: 'Point', coordinates: [21, 52] }))),
    ).toBe('importNoPolygons');
    expect(await refused(file('pola.kml', '<html></html>'))).toBe('importUnsupported');
    expect(await refused(file('pola.kml', '<kml><Placemark><Point/></Placemark></kml>'))).toBe(
      'importNoPolygons',
    );
    expect(await refused(file('pola.geojson', 'x'.repeat(IMPORT_MAX_BYTES + 1)))).toBe('importTooLarge');
  });
});

describe('export', () => {
  it('is one FeatureCollection of the plots with their names and numbers (what the import reads back)', () => {
    const plot = {
      id: 'p1',
      name: 'Pole',
      plotNumber: '12/3',
      kind: 'CUSTOM',
      terytId: null,
      precinct: null,
      areaHa: 1.2,
      geometry: polygon,
    } as unknown as TPlot;
    expect(plotsToGeoJson([plot])).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'p1',
          properties: {
            name: 'Pole',
            plotNumber: '12/3',
            kind: 'CUSTOM',
            terytId: null,
            precinct: null,
            areaHa: 1.2,
          },
          geometry: polygon,
        },
      ],
    });
  });
});
