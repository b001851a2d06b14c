import type { TPosition } from '@gleba/contracts';

/** One corner as typed: decimal degrees, a comma or a dot as the decimal mark. */
export interface CornerInput {
  lat: string;
  lon: string;
}

export type CornerError = 'farmMap.coordsNotNumber' | 'farmMap.coordsLatRange' | 'farmMap.coordsLonRange';

export interface CornersCheck {
  /** `[lon, lat]` vertices in order when every corner is valid and there are at least 3. */
  ring: TPosition[] | null;
  /** Per corner: the message key of a wrong latitude or longitude. */
  errors: { lat?: CornerError; lon?: CornerError }[];
  tooFew: boolean;
}

export const MIN_CORNERS = 3;

/** Decimal degrees (`52,1553`, `52.1553`, `-0.5`, optional `°`); null for anything else. */
export function parseDegrees(text: string): number | null {
  const t = text.trim().replace(/°$/, '').trim().replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(t)) return null;
  const value = Number(t);
  return Number.isFinite(value) ? value : null;
}

function check(text: string, limit: number, range: CornerError): CornerError | undefined {
  const value = parseDegrees(text);
  if (value === null) return 'farmMap.coordsNotNumber';
  return Math.abs(value) > limit ? range : undefined;
}

/**
 * The typed corners as a ring for the plot's polygon (the same shape drawing produces): every
 * latitude within ±90, longitude within ±180, at least 3 corners. Shape rules (crossing edges,
 * overlaps, area) stay the server's, as for a drawn plot.
 */
export function checkCorners(corners: CornerInput[]): CornersCheck {
  const errors = corners.map((c) => {
    const lat = check(c.lat, 90, 'farmMap.coordsLatRange');
    const lon = check(c.lon, 180, 'farmMap.coordsLonRange');
    return { ...(lat ? { lat } : {}), ...(lon ? { lon } : {}) };
  });
  const tooFew = corners.length < MIN_CORNERS;
  const valid = !tooFew && errors.every((e) => !e.lat && !e.lon);
  return {
    ring: valid ? corners.map((c) => [parseDegrees(c.lon)!, parseDegrees(c.lat)!] as TPosition) : null,
    errors,
    tooFew,
  };
}
