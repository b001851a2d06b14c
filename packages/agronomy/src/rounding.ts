/**
 * Half-up rounding to one decimal, as labs report. Going through toPrecision first stops binary
 * noise (1.45 * 10 = 14.4999...) from turning a printed 1.45 into 1.4.
 */
export function roundToTenth(value: number): number {
  return roundHalfUp(value * 10) / 10;
}

export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return roundHalfUp(value * f) / f;
}

/**
 * `Math.round(Number(x.toPrecision(12)))`, the same number, without the string round trip unless
 * `x` lies so close to a half that the 12-digit rounding could move it across (or onto) it:
 * toPrecision(12) moves `x` by at most 0.5e-11 x |x|, so farther than 1e-11 x |x| from the nearest
 * half both sides round alike. A recommendation rounds some 80 numbers; a lab import makes
 * thousands of them, and the string round trip was their hottest line.
 */
function roundHalfUp(x: number): number {
  if (x === 0) return 0; // -0 too: its string is "0"
  const r = Math.round(x);
  if (0.5 - Math.abs(x - r) > Math.abs(x) * 1e-11) return r;
  return Math.round(Number(x.toPrecision(12)));
}

export function assertMeasurement(name: string, value: number, max: number): void {
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a finite number between 0 and ${max}, got ${value}`);
  }
}
