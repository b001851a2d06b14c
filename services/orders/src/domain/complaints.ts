import { COMPLAINT_WINDOW_DAYS, type TComplaintWindow } from '@gleba/contracts';

const DAY_MS = 86_400_000;

/** Garden test statuses that mean results were delivered to the customer. */
export const RESULTS_STATUSES = [
  'PARTIAL_RESULTS',
  'COMPLETE_RESULTS',
  'RESULTS_UPDATED',
  'RESULTS_READY',
] as const;

/** Complaint statuses still being dealt with (not answered, or the sample is being re-tested). */
export const PENDING_STATUSES: readonly string[] = ['OPEN', 'RETESTING'];

/**
 * The 14-day rule: a complaint may be filed until 14 days after the latest results (a re-test's
 * new results open a fresh window). Without results there is nothing to complain about yet.
 */
export function complaintWindow(
  resultsAt: Date | null,
  now: Date,
  statuses: readonly string[] = [],
): TComplaintWindow {
  if (!resultsAt) return { open: false, resultsAt: null, until: null, closedReason: 'NO_RESULTS' };
  const until = new Date(resultsAt.getTime() + COMPLAINT_WINDOW_DAYS * DAY_MS);
  const inTime = now.getTime() <= until.getTime();
  // One complaint at a time: a second waits until the first is answered or re-tested.
  const pending = statuses.some((s) => PENDING_STATUSES.includes(s));
  return {
    open: inTime && !pending,
    resultsAt: resultsAt.toISOString(),
    until: until.toISOString(),
    closedReason: !inTime ? 'EXPIRED' : pending ? 'PENDING' : null,
  };
}
