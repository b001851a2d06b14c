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
