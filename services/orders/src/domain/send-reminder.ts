/**
 * The 4-day rule (spec: samples reach the lab within 4 days of being taken). The days start when a
 * garden test's shipment is confirmed, or when a farm order's kit arrives: the kit's parcel is not
 * tracked, so it counts as arriving a day after it was sent. Three days in, with nothing sent, the
 * customer is reminded once; past the fourth day the order is late in the admin's list.
 */
export const SEND_WITHIN_DAYS = 4;
export const REMIND_AFTER_DAYS = 3;
export const KIT_TRANSIT_DAYS = 1;

const DAY_MS = 86_400_000;

/** Farm order statuses in which the customer holds the kit and has not sent samples yet. */
export const FARM_AWAITING_SAMPLES = [
  'KIT_SENT',
  'SAMPLES_COLLECTING_PENDING',
  'SAMPLES_COLLECTING',
  'SAMPLES_COLLECTION_COMPLETED',
] as const;
/** Garden test status after the shipment was confirmed, before any result. */
export const GARDEN_AWAITING_SAMPLES = ['WAITING_FOR_RESULTS'] as const;

export type Kind = 'FARM' | 'GARDEN';

/** When the four days start: the confirmation (garden) or the kit's expected arrival (farm). */
export function windowStart(kind: Kind, startedAt: Date): Date {
  return kind === 'FARM' ? new Date(startedAt.getTime() + KIT_TRANSIT_DAYS * DAY_MS) : startedAt;
}

export function sendBy(kind: Kind, startedAt: Date): Date {
  return new Date(windowStart(kind, startedAt).getTime() + SEND_WITHIN_DAYS * DAY_MS);
}

/** The latest start (kit sent / shipment confirmed) whose reminder is due at `now`. */
export function remindStartedBefore(kind: Kind, now: Date): Date {
  const offset = (kind === 'FARM' ? KIT_TRANSIT_DAYS : 0) + REMIND_AFTER_DAYS;
  return new Date(now.getTime() - offset * DAY_MS);
}

/** The latest start whose order is late at `now` (its four days are over). */
export function lateStartedBefore(kind: Kind, now: Date): Date {
  const offset = (kind === 'FARM' ? KIT_TRANSIT_DAYS : 0) + SEND_WITHIN_DAYS;
  return new Date(now.getTime() - offset * DAY_MS);
}

/** Whether an order or test is late: waiting for samples, nothing sent, and past its four days. */
export function isLate(
  kind: Kind,
  row: { status: string; startedAt: Date | null; shippedAt: Date | null },
  now: Date,
): boolean {
  const waiting: readonly string[] = kind === 'FARM' ? FARM_AWAITING_SAMPLES : GARDEN_AWAITING_SAMPLES;
  if (!waiting.includes(row.status) || !row.startedAt || row.shippedAt) return false;
  return row.startedAt < lateStartedBefore(kind, now);
}
