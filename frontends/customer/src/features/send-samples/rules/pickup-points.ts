import type { TPickupPoint } from '@gleba/contracts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in km (haversine; plenty for "which point is nearest"). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Each point with its distance (the server's, else from `from` when the user shared a location), nearest first; unknown distances keep their order at the end. */
export function withDistances(
  points: readonly TPickupPoint[],
  from: LatLng | null,
): (TPickupPoint & { km: number | null })[] {
  const rows = points.map((p, i) => ({ ...p, km: p.distanceKm ?? (from ? distanceKm(from, p) : null), i }));
  rows.sort((a, b) =>
    a.km === null ? (b.km === null ? a.i - b.i : 1) : b.km === null ? -1 : a.km - b.km || a.i - b.i,
  );
  return rows.map(({ i: _i, ...p }) => p);
}

/** The point on openstreetmap.org with a marker (no map code in the app). */
export const osmLink = (p: LatLng) =>
  `https://www.openstreetmap.org/?mlat=${p.lat.toFixed(5)}&mlon=${p.lng.toFixed(5)}#map=17/${p.lat.toFixed(5)}/${p.lng.toFixed(5)}`;
