import { describe, expect, it } from 'vitest';
import { isLate, remindStartedBefore, sendBy } from './send-reminder';

const day = 86_400_000;
const now = new Date('2026-05-10T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * day);

describe('the 4-day rule', () => {
  it('a garden test counts from the confirmation; a farm order from the kit arriving a day after it was sent', () => {
    expect(sendBy('GARDEN', ago(0)).toISOString()).toBe('2026-05-14T12:00:00.000Z');
    expect(sendBy('FARM', ago(0)).toISOString()).toBe('2026-05-15T12:00:00.000Z');
    expect(remindStartedBefore('GARDEN', now)).toEqual(ago(3));
    expect(remindStartedBefore('FARM', now)).toEqual(ago(4));
  });

  it('late: waiting for samples, nothing sent, past the four days', () => {
    const garden = { status: 'WAITING_FOR_RESULTS', startedAt: ago(4.1), shippedAt: null };
    expect(isLate('GARDEN', garden, now)).toBe(true);
    expect(isLate('GARDEN', { ...garden, startedAt: ago(3.9) }, now)).toBe(false);
    expect(isLate('GARDEN', { ...garden, shippedAt: ago(1) }, now)).toBe(false);
    expect(isLate('GARDEN', { ...garden, status: 'PARTIAL_RESULTS' }, now)).toBe(false);
    const farm = { status: 'SAMPLES_COLLECTING', startedAt: ago(5.1), shippedAt: null };
    expect(isLate('FARM', farm, now)).toBe(true);
    expect(isLate('FARM', { ...farm, startedAt: ago(4.9) }, now)).toBe(false);
    expect(isLate('FARM', { ...farm, status: 'SAMPLES_SENT' }, now)).toBe(false);
    expect(isLate('FARM', { ...farm, startedAt: null }, now)).toBe(false);
  });
});
