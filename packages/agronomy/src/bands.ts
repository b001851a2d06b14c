import type { Bands } from './types';
import { roundToTenth } from './rounding';

/** The class of a value once rounded to one decimal, as the source tables are printed. */
export function bandOf<C extends string>(value: number, bands: Bands<C>): C {
  const rounded = roundToTenth(value);
  const index = bands.upperBounds.findIndex((bound) => rounded <= bound);
  const cls = bands.classes[index === -1 ? bands.upperBounds.length : index];
  if (cls === undefined) throw new Error('Malformed bands: classes must be one more than bounds');
  return cls;
}
