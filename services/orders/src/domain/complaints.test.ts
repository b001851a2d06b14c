import { describe, expect, it } from 'vitest';
import { complaintWindow } from './complaints';

const DAY = 86_400_000;

describe('the 14-day complaint window', () => {
  const results = new Date('2026-11-01T10:00:00Z');
  it('is closed before any results', () => {
    expect(complaintWindow(null, results)).toMatchObject({ open: false, closedReason: 'NO_RESULTS' });
  });
  it('is open up to 14 days after the results and closed after', () => {
    expect(complaintWindow(results, new Date(results.getTime() + 14 * DAY))).toMatchObject({
      open: true,
      until: '2026-11-15T10:00:00.000Z',
    });
    expect(complaintWindow(results, new Date(results.getTime() + 14 * DAY + 1))).toMatchObject({
      open: false,
      closedReason: 'EXPIRED',
    });
  });
  it('is closed while an earlier complaint is open or being re-tested, open once it is dealt with', () => {
    const now = new Date(results.getTime() + DAY);
    expect(complaintWindow(results, now, ['OPEN'])).toMatchObject({ open: false, closedReason: 'PENDING' });
    expect(complaintWindow(results, now, ['ANSWERED', 'RETESTING'])).toMatchObject({
      open: false,
      closedReason: 'PENDING',
    });
    expect(complaintWindow(results, now, ['ANSWERED', 'RETESTED'])).toMatchObject({
      open: true,
      closedReason: null,
    });
    // After 14 days the reason is the 14 days, whatever is pending.
    expect(complaintWindow(results, new Date(results.getTime() + 15 * DAY), ['OPEN'])).toMatchObject({
      closedReason: 'EXPIRED',
    });
  });
});
