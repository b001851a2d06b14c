import { describe, expect, it } from 'vitest';
import { parseKmlPlots } from '../src/adapters/kml';
import { PlotFileError, PlotFileTooManyError } from '../src/adapters/plot-files';
import { at } from './shapes';

const square = (x: number) =>
  [
    [x, 0],
    [x + 10, 0],
    [x + 10, 10],
    [x, 10],
    [x, 0],
  ]
    .map(([a, b]) => at(a!, b!).join(','))
    .join(' ');

const kml = (placemarks: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks}</Document></kml>`;

/** The probe's file: `<Placemark>` n times, never closed (what a lazy regex rescanned n times). */
const unclosed = (n: number) => `<kml>${'<Placemark>'.repeat(n)}`;

describe('KML plot files (a streaming XML parser)', () => {
  it('reads names, outer and inner rings, multi-geometries and namespace prefixes', () => {
    const shapes = parseKmlPlots(
      `<kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Folder>
        <kml:Placemark><kml:name>Pole &amp; łąka</kml:name><kml:MultiGeometry>
          <kml:Polygon><kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>${square(0)}</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs></kml:Polygon>
          <kml:Polygon><kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>${square(50)}</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs></kml:Polygon>
        </kml:MultiGeometry></kml:Placemark>
        <kml:Placemark><kml:name><![CDATA[<b>Sad</b>]]></kml:name><kml:Polygon><kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>oops</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs></kml:Polygon></kml:Placemark>
        <kml:Placemark><kml:Polygon><kml:innerBoundaryIs><kml:LinearRing><kml:coordinates>${square(0)}</kml:coordinates></kml:LinearRing></kml:innerBoundaryIs></kml:Polygon></kml:Placemark>
      </kml:Folder></kml:kml>`,
    );
    expect(shapes.map((s) => [s.name, s.geometry?.type ?? s.problem])).toEqual([
      ['Pole & łąka', 'MultiPolygon'],
      ['<b>Sad</b>', 'bad coordinate "oops"'],
      [null, 'polygon without outer boundary'],
    ]);
  });

  it('refuses what is not KML or not well-formed, and does not expand entities', () => {
    for (const text of ['<html/>', 'hello', '<kml><Placemark></kml>', unclosed(10)])
      expect(() => parseKmlPlots(text), text).toThrow(PlotFileError);
    const laughs = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><kml><Placemark><name>&b;</name></Placemark></kml>`;
    expect(() => parseKmlPlots(laughs)).toThrow(PlotFileError);
    expect(() => parseKmlPlots(kml(''))).toThrow(/no placemarks/);
  });

  it('stops at the first placemark over the limit', () => {
    const file = kml(
      Array.from(
        { length: 5 },
        (_, i) =>
          `<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>${square(i * 20)}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
      ).join(''),
    );
    expect(parseKmlPlots(file, { maxShapes: 5 })).toHaveLength(5);
    expect(() => parseKmlPlots(file, { maxShapes: 4 })).toThrow(PlotFileTooManyError);
  });

  it('reads 60,000 placemarks in time linear in the file (the probe: 6.5 s, growing with n squared)', () => {
    const one = `<Placemark><name>p</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${square(0)}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
    const time = (n: number) => {
      const text = kml(one.repeat(n));
      let best = Infinity;
      for (let k = 0; k < 3; k++) {
        const t = performance.now();
        expect(parseKmlPlots(text)).toHaveLength(n);
        best = Math.min(best, performance.now() - t);
      }
      return best;
    };
    time(2_000); // warm-up
    const small = time(6_000);
    const large = time(60_000);
    // Ten times the input: about ten times the time when linear, a hundred when quadratic.
    expect(large / small).toBeLessThan(30);
    // The unclosed placemarks of the probe are refused in one pass as well.
    const t = performance.now();
    expect(() => parseKmlPlots(unclosed(60_000))).toThrow(PlotFileError);
    expect(performance.now() - t).toBeLessThan(5_000);
  }, 120_000);
});
