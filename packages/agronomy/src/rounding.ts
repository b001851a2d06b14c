/**
 * Half-up rounding to one decimal, as labs report. Going through toPrecision first stops binary
 * noise (1.45 * 10 = 14.4999...) from turning a printed 1.45 into 1.4.
 */
export function roundToTenth(value: number): number {
  return Math.round(Number((value * 10).toPrecision(12))) / 10;
}

export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(Number((value * f).toPrecision(12))) / f;
}

export function assertMeasurement(name: string, value: number, max: number): void {
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a finite number between 0 and ${max}, got ${value}`);
  }
}
