import { describe, expect, it } from 'vitest';
import {
  areaHa,
  areaM2,
  autoDivide,
  cutOut,
  divideByLine,
  indexed,
  liesWithin,
  mergeAreas,
  normalizeArea,
  overlapPercent,
  snapArea,
} from '../src/domain/geometry';
import { parseEwktArea } from '../src/adapters/wkt';
import { parseUldkAnswer } from '../src/adapters/uldk.provider';
import { parseTerc, TercFormatError } from '../src/domain/terc';
import { parseKmlPlots } from '../src/adapters/kml';
import { parseGeoJsonPlots, PlotFileError } from '../src/adapters/plot-files';
import { at, bowTie, partsOf, rect, ring, uShape, withHole } from './shapes';

/** Within 1 %: the test shapes are laid out in a flat approximation, turf measures on the sphere. */
const near = (actual: number, expected: number, rel = 0.01) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThan(rel);

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('shape validation', () => {
  it('computes areas in ha for a rectangle, a concave field and a field with a hole', () => {
    near(areaHa(normalizeArea(rect(0, 0, 100, 100))), 1);
    near(areaHa(normalizeArea(uShape())), 7);
    near(areaHa(normalizeArea(withHole())), 14 - 0.48);
  });

  it('refuses a missing shape, a crossing one and a ring of two vertices', () => {
    expect(codeOf(() => normalizeArea(undefined))).toBe('plotNotDrawn');
    expect(codeOf(() => normalizeArea(bowTie()))).toBe('shapeSelfIntersects');
    expect(
      codeOf(() => normalizeArea({ type: 'Polygon', coordinates: [[at(0, 0), at(10, 0), at(0, 0)]] })),
    ).toBe('geometryInvalid');
  });

  it('closes open rings and drops repeated vertices', () => {
    const open = {
      type: 'Polygon' as const,
      coordinates: [[at(0, 0), at(0, 0), at(50, 0), at(50, 50), at(0, 50)]],
    };
    const g = normalizeArea(open);
    expect(g.type === 'Polygon' && g.coordinates[0]!.length).toBe(5);
  });
});

describe('divide by line', () => {
  it('needs exactly 2 vertices and must cross the shape', () => {
    const u = normalizeArea(uShape());
    expect(codeOf(() => divideByLine(u, [at(-10, 50), at(150, 50), at(310, 50)]))).toBe(
      'wrongCoordinateCount',
    );
    expect(codeOf(() => divideByLine(u, [at(-10, 50)]))).toBe('wrongCoordinateCount');
    expect(codeOf(() => divideByLine(u, [at(-10, 50), at(150, 50)]))).toBe('divideLineMustCross'); // ends inside
    expect(codeOf(() => divideByLine(u, [at(-50, -10), at(-50, 400)]))).toBe('divideLineMustCross'); // misses
  });

  it('divides only what the drawn segment crosses on a concave field', () => {
    const u = normalizeArea(uShape());
    const oneArm = divideByLine(u, [at(-10, 200), at(150, 200)]);
    expect(oneArm).toHaveLength(2);
    near(areaM2(oneArm[1]!), 10_000);
    const both = divideByLine(u, [at(-10, 200), at(310, 200)]);
    expect(both).toHaveLength(3);
    near(
      both.reduce((s, p) => s + areaM2(p), 0),
      areaM2(u),
      1e-6,
    );
  });

  it('divides a field with a hole into pieces that keep the hole out', () => {
    const h = normalizeArea(withHole());
    const pieces = divideByLine(h, [at(200, -10), at(200, 360)]);
    expect(pieces).toHaveLength(2);
    near(areaM2(pieces[0]!), 68_200);
    near(areaM2(pieces[1]!), 67_000);
    near(areaM2(pieces[0]!) + areaM2(pieces[1]!), areaM2(h), 1e-6);
  });
});

describe('cut out, merge, overlap, snap', () => {
  it('cuts a shape inside the crop, leaving a multipart crop', () => {
    const u = normalizeArea(uShape());
    const rest = cutOut(u, [at(0, 0), at(300, 0), at(300, 100), at(0, 100)]);
    expect(partsOf(rest)).toBe(2);
    near(areaM2(rest), 40_000);
  });

  it('refuses a cut with fewer than 3 vertices, outside the crop, or removing everything', () => {
    const sq = normalizeArea(rect(0, 0, 100, 100));
    expect(codeOf(() => cutOut(sq, [at(10, 10), at(20, 20)]))).toBe('cutTooFewVertices');
    expect(codeOf(() => cutOut(sq, [at(10, 10), at(20, 20), at(10, 10)]))).toBe('cutTooFewVertices');
    expect(codeOf(() => cutOut(sq, [at(50, 50), at(150, 50), at(150, 150), at(50, 150)]))).toBe(
      'cutOutsideCrop',
    );
    expect(
      codeOf(() =>
        cutOut(
          sq,
          ring([
            [0, 0],
            [100, 0],
            [100, 100],
            [0, 100],
          ]),
        ),
      ),
    ).toBe('cropCannotDeleteAll');
  });

  it('merges adjacent shapes and refuses separate ones', () => {
    const merged = mergeAreas([normalizeArea(rect(0, 0, 100, 100)), normalizeArea(rect(100, 0, 50, 100))]);
    expect(merged.type).toBe('Polygon');
    near(areaM2(merged), 15_000);
    expect(
      codeOf(() => mergeAreas([normalizeArea(rect(0, 0, 100, 100)), normalizeArea(rect(300, 0, 50, 100))])),
    ).toBe('mergeNotAdjacent');
  });

  it('measures overlap with existing plots as a share of the new shape', () => {
    const others = [
      indexed('a', normalizeArea(rect(0, 0, 100, 100))),
      indexed('b', normalizeArea(rect(500, 0, 100, 100))),
    ];
    const r = overlapPercent(normalizeArea(rect(90, 0, 100, 100)), others);
    expect(r.percent).toBeCloseTo(10, 0);
    expect(r.ids).toEqual(['a']);
  });

  it('measures overlap the same way for convex and concave shapes (fast clip vs turf)', () => {
    const u = normalizeArea(uShape());
    const bar = normalizeArea(rect(-50, 250, 400, 100)); // convex, over both arms' tips
    const viaConvex = overlapPercent(bar, [indexed('u', u)]).percent; // bar is convex
    const viaOther = overlapPercent(u, [indexed('bar', bar)]).percent; // the other side is convex
    near(viaConvex, (2 * 100 * 50 * 100) / (400 * 100));
    near(viaOther, (2 * 100 * 50 * 100) / 70_000);
    const u2 = normalizeArea(uShape(150, 0)); // both concave: turf
    near(overlapPercent(u2, [indexed('u', u)]).percent, ((150 * 100 + 50 * 200) / 70_000) * 100);
  });

  it('snaps vertices to a neighbour vertex or edge within the tolerance only', () => {
    const neighbour = [indexed('n', normalizeArea(rect(0, 0, 100, 100)))];
    // Drawn 0.8 m off the neighbour's right edge: snaps with 1 m, not with 0.5 m.
    const drawn = normalizeArea(rect(100.8, 20, 50, 50));
    const snapped = snapArea(drawn, neighbour, 1);
    expect(overlapPercent(normalizeArea(snapped), neighbour).percent).toBeLessThan(0.01);
    expect(liesWithin(normalizeArea(rect(100, 20, 50.8, 50)), normalizeArea(snapped))).toBe(true);
    expect(snapArea(drawn, neighbour, 0.5)).toEqual(drawn);
  });
});

describe('auto-divide', () => {
  it('splits a field into near-equal sectors of at most the limit', () => {
    const field = normalizeArea(rect(0, 0, 1000, 450)); // 45 ha
    const sectors = autoDivide(field, 40_000);
    expect(sectors).toHaveLength(12);
    const areas = sectors.map(areaM2);
    expect(Math.max(...areas)).toBeLessThanOrEqual(40_000);
    expect(Math.max(...areas) - Math.min(...areas)).toBeLessThan(50);
    near(
      areas.reduce((a, b) => a + b, 0),
      areaM2(field),
      1e-6,
    );
  });

  it('divides a concave field and a field with a hole, covering them exactly', () => {
    for (const shape of [normalizeArea(uShape()), normalizeArea(withHole())]) {
      const sectors = autoDivide(shape, 20_000);
      const areas = sectors.map(areaM2);
      expect(sectors.length).toBe(Math.ceil(areaM2(shape) / 20_000));
      expect(Math.max(...areas)).toBeLessThanOrEqual(20_000);
      near(
        areas.reduce((a, b) => a + b, 0),
        areaM2(shape),
        1e-6,
      );
      for (const s of sectors) expect(liesWithin(s, shape)).toBe(true);
    }
  });

  it('keeps a small field whole', () => {
    expect(autoDivide(normalizeArea(rect(0, 0, 100, 100)), 40_000)).toHaveLength(1);
  });
});

describe('ULDK answers and TERC files', () => {
  it('reads EWKT in either axis order and with holes', () => {
    const g = parseEwktArea(
      'SRID=4326;POLYGON((21.6 52.1,21.61 52.1,21.61 52.11,21.6 52.1),(21.605 52.101,21.606 52.101,21.606 52.102,21.605 52.101))',
    );
    expect(g.type).toBe('Polygon');
    const swapped = parseEwktArea('SRID=4326;POLYGON((52.1 21.6,52.1 21.61,52.11 21.61,52.1 21.6))');
    expect(swapped.type === 'Polygon' && swapped.coordinates[0]![0]).toEqual([21.6, 52.1]);
    expect(parseEwktArea('MULTIPOLYGON(((1 1,2 1,2 2,1 1)),((3 3,4 3,4 4,3 3)))').coordinates).toHaveLength(
      2,
    );
    expect(() => parseEwktArea('POINT(1 2)')).toThrow();
  });

  it('reads the status line: found, not found, malformed', () => {
    expect(parseUldkAnswer('0\na|b\n', 2)).toEqual([['a', 'b']]);
    expect(parseUldkAnswer('-1 brak wyników\n', 2)).toBeNull();
    expect(() => parseUldkAnswer('<html>oops</html>', 2)).toThrow(/unexpected status/);
    expect(() => parseUldkAnswer('0\nonlyone\n', 2)).toThrow(/fields/);
  });

  it('parses a TERC file into voivodeships, counties and communes with ULDK commune codes', () => {
    const units = parseTerc(
      '\uFEFFWOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\r\n14;;;;MAZOWIECKIE;województwo;2025-01-01\r\n14;12;;;miński;powiat;2025-01-01\r\n14;12;07;2;Mińsk Mazowiecki;gmina wiejska;2025-01-01\r\n',
    );
    expect(units.map((u) => [u.level, u.teryt])).toEqual([
      ['VOIVODESHIP', '14'],
      ['COUNTY', '1412'],
      ['COMMUNE', '141207_2'],
    ]);
    expect(() => parseTerc('A;B\n1;2')).toThrow(TercFormatError);
    expect(() => parseTerc('WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n1;;;;X;y;2025-01-01')).toThrow(/WOJ/);
  });
});

describe('plot files', () => {
  it('reads KML placemarks with holes and multi-geometries', () => {
    const c = (pts: number[][]) => pts.map(([x, y]) => at(x!, y!).join(',') + ',0').join(' ');
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name><![CDATA[Pole za stodołą]]></name><Polygon><outerBoundaryIs><LinearRing><coordinates>${c(
        [
          [0, 0],
          [100, 0],
          [100, 100],
          [0, 100],
          [0, 0],
        ],
      )}</coordinates></LinearRing></outerBoundaryIs>
      <innerBoundaryIs><LinearRing><coordinates>${c([
        [40, 40],
        [60, 40],
        [60, 60],
        [40, 60],
        [40, 40],
      ])}</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
      <Placemark><name>Łąka</name><MultiGeometry><Polygon><outerBoundaryIs><LinearRing><coordinates>${c([
        [200, 0],
        [300, 0],
        [300, 100],
        [200, 0],
      ])}</coordinates></LinearRing></outerBoundaryIs></Polygon>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>${c([
        [400, 0],
        [500, 0],
        [500, 100],
        [400, 0],
      ])}</coordinates></LinearRing></outerBoundaryIs></Polygon></MultiGeometry></Placemark>
      <Placemark><name>Studnia</name><Point><coordinates>21.6,52.1</coordinates></Point></Placemark>
    </Document></kml>`;
    const shapes = parseKmlPlots(kml);
    expect(shapes.map((s) => [s.name, s.geometry?.type ?? null])).toEqual([
      ['Pole za stodołą', 'Polygon'],
      ['Łąka', 'MultiPolygon'],
      ['Studnia', null],
    ]);
    expect(() => parseKmlPlots('<html/>')).toThrow(PlotFileError);
  });

  it('reads GeoJSON features and bare geometries', () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'A', plotNumber: 12 }, geometry: rect(0, 0, 10, 10) },
      ],
    };
    expect(parseGeoJsonPlots(JSON.stringify(fc))[0]).toMatchObject({ name: 'A', plotNumber: '12' });
    expect(parseGeoJsonPlots(JSON.stringify(rect(0, 0, 10, 10)))).toHaveLength(1);
    expect(() => parseGeoJsonPlots('{')).toThrow(PlotFileError);
  });
});

describe('geocoder', () => {
  it('reads a Nominatim-style answer and treats failures as nothing found', async () => {
    const { nominatimGeocoder } = await import('../src/adapters/geocoder.provider');
    const ok = nominatimGeocoder({
      url: 'http://geocoder.test/search',
      timeoutMs: 100,
      fetchImpl: (async () =>
        new Response(
          JSON.stringify([{ display_name: 'Kałuszyn, powiat miński', lat: '52.2081', lon: '21.8122' }]),
        )) as typeof fetch,
    });
    expect(await ok.search('Kałuszyn')).toEqual([{ name: 'Kałuszyn', lat: 52.2081, lng: 21.8122 }]);
    const down = nominatimGeocoder({
      url: 'http://geocoder.test/search',
      timeoutMs: 100,
      fetchImpl: (async () => new Response('x', { status: 503 })) as typeof fetch,
    });
    expect(await down.search('Kałuszyn')).toEqual([]);
  });
});
