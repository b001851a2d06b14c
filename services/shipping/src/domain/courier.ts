/** Pickup date and postcode rules checked before DPD is asked (spec section 8). */

export const POSTCODE = /^\d{2}-\d{3}$/;

/** `12345` becomes `12-345`; anything else is returned trimmed for the caller to reject. */
export function normalisePostCode(value: string): string {
  const v = value.trim();
  return /^\d{5}$/.test(v) ? `${v.slice(0, 2)}-${v.slice(2)}` : v;
}

export type PickupDateProblem = 'past' | 'weekend' | 'tooFar' | null;

function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);
}

/** A courier comes on a working day, from today up to `maxDaysAhead` days ahead. */
export function pickupDateProblem(date: string, today: string, maxDaysAhead: number): PickupDateProblem {
  const d = dayNumber(date);
  const t = dayNumber(today);
  if (d < t) return 'past';
  if (d - t > maxDaysAhead) return 'tooFar';
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return 'weekend';
  return null;
}
