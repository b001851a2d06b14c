import type { TAreaGeometry, TPosition } from '@gleba/contracts';

/** Mean Earth radius in metres (the one turf uses, so client and server measure alike). */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Every ring of the shapes (outer rings and holes): their edges and vertices are snap targets. */
export function snapRings(shapes: TAreaGeometry[]): TPosition[][] {
  return shapes.flatMap((g) => (g.type === 'Polygon' ? g.coordinates : g.coordinates.flat()));
}

/**
 * Where a clicked point lands with snapping (the server's rule, services/geo README): the nearest
 * vertex of the other fields within `toleranceM`, else the nearest point of their edges within it,
 * else the point itself. Distances are measured on a local plane around the point (metres; exact
 * enough for a tolerance of a few dozen metres).
 */
export function snapPosition(
  pos: TPosition,
  rings: TPosition[][],
  toleranceM: number,
): { position: TPosition; snapped: 'vertex' | 'edge' | null } {
  if (!(toleranceM > 0) || rings.length === 0) return { position: pos, snapped: null };
  const [lng0, lat0] = pos as [number, number];
  const kx = Math.cos(lat0 * RAD) * RAD * EARTH_RADIUS_M;
  const ky = RAD * EARTH_RADIUS_M;
  const toXY = (p: TPosition): [number, number] => [(p[0]! - lng0) * kx, (p[1]! - lat0) * ky];
  const toLngLat = ([x, y]: [number, number]): TPosition => [lng0 + x / kx, lat0 + y / ky];

  let vertex: { d: number; p: TPosition } | null = null;
  let edge: { d: number; xy: [number, number] } | null = null;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = toXY(ring[i]!);
      const da = Math.hypot(a[0], a[1]);
      if (da <= toleranceM && (!vertex || da < vertex.d)) vertex = { d: da, p: ring[i]! };
      if (i + 1 >= ring.length) continue;
      const b = toXY(ring[i + 1]!);
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / len2));
      const q: [number, number] = [a[0] + t * dx, a[1] + t * dy];
      const dq = Math.hypot(q[0], q[1]);
      if (dq <= toleranceM && (!edge || dq < edge.d)) edge = { d: dq, xy: q };
    }
  }
  if (vertex) return { position: [vertex.p[0]!, vertex.p[1]!], snapped: 'vertex' };
  if (edge) return { position: toLngLat(edge.xy), snapped: 'edge' };
  return { position: pos, snapped: null };
}

/**
 * How far and which way a shape moved, from one of its vertices before and after dragging: the
 * rhumb-line distance and bearing (degrees clockwise from north), as the server's move
 * (turf transformTranslate) applies them.
 */
export function moveVector(from: TPosition, to: TPosition): { distanceM: number; bearingDeg: number } {
  const phi1 = from[1]! * RAD;
  const phi2 = to[1]! * RAD;
  const dPhi = phi2 - phi1;
  let dLambda = (to[0]! - from[0]!) * RAD;
  if (Math.abs(dLambda) > Math.PI) dLambda = dLambda > 0 ? -(2 * Math.PI - dLambda) : 2 * Math.PI + dLambda;
  const dPsi = Math.log(Math.tan(phi2 / 2 + Math.PI / 4) / Math.tan(phi1 / 2 + Math.PI / 4));
  const q = Math.abs(dPsi) > 1e-11 ? dPhi / dPsi : Math.cos(phi1);
  const distanceM = Math.sqrt(dPhi * dPhi + q * q * dLambda * dLambda) * EARTH_RADIUS_M;
  const bearingDeg = (Math.atan2(dLambda, dPsi) / RAD + 360) % 360;
  return { distanceM, bearingDeg };
}
