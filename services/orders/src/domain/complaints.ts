import { COMPLAINT_WINDOW_DAYS, type TComplaintWindow } from '@gleba/contracts';

const DAY_MS = 86_400_000;

/** Garden test statuses that mean results were delivered to the customer. */
export const RESULTS_STATUSES = [
  'PARTIAL_RESULTS',
  'COMPLETE_RESULTS',
  'RESULTS_UPDATED',
  'RESULTS_READY',
] as const;

/**
 * The 14-day rule: a complaint may be filed until 14 days after the latest results (a re-test's
 * new results open a fresh window). Without results there is nothing to complain about yet.
 */
export function complaintWindow(resultsAt: Date | null, now: Date): TComplaintWindow {
  if (!resultsAt) return { open: false, resultsAt: null, until: null, closedReason: 'NO_RESULTS' };
  const until = new Date(resultsAt.getTime() + COMPLAINT_WINDOW_DAYS * DAY_MS);
  const open = now.getTime() <= until.getTime();
  return {
    open,
    resultsAt: resultsAt.toISOString(),
    until: until.toISOString(),
    closedReason: open ? null : 'EXPIRED',
  };
}
