import { describe, expect, it } from 'vitest';
import { Language, ShippingErrorCode } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import { normalisePostCode, pickupDateProblem } from '../src/domain/courier';
import { statusOfEvent, stepsForward } from '../src/domain/tracking';

describe('tracking rules', () => {
  it('moves forward through every status the history shows, in order', () => {
    expect(stepsForward('CREATED', ['IN_TRANSIT', 'PICKED_UP', 'IN_TRANSIT'])).toEqual([
      'PICKED_UP',
      'IN_TRANSIT',
    ]);
    expect(stepsForward('CREATED', ['DELIVERED'])).toEqual(['DELIVERED']);
  });

  it('never moves backwards', () => {
    expect(stepsForward('IN_TRANSIT', ['PICKED_UP', 'CREATED'])).toEqual([]);
    expect(stepsForward('DELIVERED', ['IN_TRANSIT', 'PICKED_UP'])).toEqual([]);
    expect(stepsForward('RETURNED', ['DELIVERED'])).toEqual([]);
  });

  it('maps DPD codes; unknown codes mean no status', () => {
    expect(statusOfEvent('040101')).toBe('PICKED_UP');
    expect(statusOfEvent('190102')).toBe('DELIVERED');
    expect(statusOfEvent('999999')).toBeNull();
  });
});

describe('courier date and postcode rules', () => {
  // 2026-11-23 is a Monday.
  it('accepts working days from today to the limit', () => {
    expect(pickupDateProblem('2026-11-23', '2026-11-23', 14)).toBeNull();
    expect(pickupDateProblem('2026-12-07', '2026-11-23', 14)).toBeNull();
  });
  it('refuses past days, weekends and days too far ahead', () => {
    expect(pickupDateProblem('2026-11-20', '2026-11-23', 14)).toBe('past');
    expect(pickupDateProblem('2026-11-28', '2026-11-23', 14)).toBe('weekend');
    expect(pickupDateProblem('2026-11-29', '2026-11-23', 14)).toBe('weekend');
    expect(pickupDateProblem('2026-12-08', '2026-11-23', 14)).toBe('tooFar');
  });
  it('normalises postcodes', () => {
    expect(normalisePostCode('02495')).toBe('02-495');
    expect(normalisePostCode(' 02-495 ')).toBe('02-495');
    expect(normalisePostCode('2-495')).toBe('2-495');
  });
});

describe('error catalogue', () => {
  it('has a message for every shipping code in pl, en and uk', () => {
    for (const code of Object.values(ShippingErrorCode)) {
      for (const lang of Language.options) {
        const body = new AppError(code, 400, 'fallback').toBody(undefined, lang);
        expect(body.message, `${code} in ${lang}`).not.toBe('fallback');
      }
    }
  });
});
