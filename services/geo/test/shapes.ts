import type { MultiPolygon, Polygon, Position } from 'geojson';

/** Test shapes drawn in metres east/north of a point near Stojadła (Mińsk county), as GeoJSON WGS84. */
export const ORIGIN: [number, number] = [21.62, 52.16];
const KX = 111_320 * Math.cos((ORIGIN[1] * Math.PI) / 180);
const KY = 110_574;

export function at(x: number, y: number): Position {
  return [ORIGIN[0] + x / KX, ORIGIN[1] + y / KY];
}

export function ring(points: [number, number][]): Position[] {
  const r = points.map(([x, y]) => at(x, y));
  return [...r, r[0]!];
}

export function rect(x: number, y: number, w: number, h: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      ring([
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ]),
    ],
  };
}

/** A U-shaped (concave) field: 300 x 300 m with a 100 x 200 m bay cut from the top middle. 7 ha. */
export function uShape(x = 0, y = 0): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      ring([
        [x, y],
        [x + 300, y],
        [x + 300, y + 300],
        [x + 200, y + 300],
        [x + 200, y + 100],
        [x + 100, y + 100],
        [x + 100, y + 300],
        [x, y + 300],
      ]),
    ],
  };
}

/** A 400 x 350 m field with an 80 x 60 m pond (a hole). */
export function withHole(x = 0, y = 0): Polygon {
  const outer = ring([
    [x, y],
    [x + 400, y],
    [x + 400, y + 350],
    [x, y + 350],
  ]);
  const hole = ring([
    [x + 150, y + 120],
    [x + 150, y + 180],
    [x + 230, y + 180],
    [x + 230, y + 120],
  ]);
  return { type: 'Polygon', coordinates: [outer, hole] };
}

/** A bow-tie: its edges cross. */
export function bowTie(x = 0, y = 0): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      ring([
        [x, y],
        [x + 100, y + 100],
        [x + 100, y],
        [x, y + 100],
      ]),
    ],
  };
}

export function line(a: [number, number], b: [number, number]) {
  return { type: 'LineString' as const, coordinates: [at(...a), at(...b)] };
}

export function partsOf(g: Polygon | MultiPolygon): number {
  return g.type === 'Polygon' ? 1 : g.coordinates.length;
}

/** A concave star of `n` vertices (alternating radii in metres) around (x, y): a many-vertex field. */
export function star(n: number, x = 0, y = 0, outer = 500, inner = 450): Polygon {
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = i % 2 === 0 ? outer : inner;
    pts.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
  }
  return { type: 'Polygon', coordinates: [ring(pts)] };
}

/**
 * A comb of `teeth` teeth, `length` m long and wide, on a 40 m base from (x, y) (4 vertices a
 * tooth): the shape whose overlap with a perpendicular comb has teeth x teeth pieces.
 */
export function comb(teeth: number, x = 0, y = 0, length = 600, vertical = false): Polygon {
  const pitch = length / teeth;
  const w = pitch / 2;
  const pts: [number, number][] = [
    [0, 0],
    [length, 0],
    [length, 40],
  ];
  for (let i = teeth - 1; i >= 0; i--) {
    const u = i * pitch;
    pts.push([u + w, 40], [u + w, length], [u, length], [u, 40]);
  }
  return {
    type: 'Polygon',
    coordinates: [ring(pts.map(([u, v]) => (vertical ? [x + v, y + u] : [x + u, y + v])))],
  };
}
