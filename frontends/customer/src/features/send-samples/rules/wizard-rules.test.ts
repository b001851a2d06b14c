import { describe, expect, it } from 'vitest';
import { initialWizard, nextWorkingDay, shipmentBody, stepError, type WizardState } from './wizard-rules';

const state = (over: Partial<WizardState> = {}): WizardState => ({ ...initialWizard(), ...over });
const ID = '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f';

describe('send-samples wizard step validation', () => {
  it('needs a size, then a label choice', () => {
    expect(stepError('size', state())).toBe('chooseSize');
    expect(stepError('size', state({ size: 'M' }))).toBeNull();
    expect(stepError('label', state({ size: 'M' }))).toBe('chooseLabel');
    expect(stepError('label', state({ withLabel: false }))).toBeNull();
  });
  it('a courier needs a label, a date and a window', () => {
    expect(stepError('method', state({ withLabel: true }))).toBe('chooseMethod');
    expect(stepError('method', state({ withLabel: false, method: 'COURIER' }))).toBe('courierNeedsLabel');
    expect(stepError('method', state({ withLabel: true, method: 'COURIER' }))).toBe('chooseDate');
    expect(stepError('method', state({ withLabel: true, method: 'COURIER', date: '2026-11-24' }))).toBe(
      'chooseWindow',
    );
    expect(
      stepError(
        'method',
        state({ withLabel: true, method: 'COURIER', date: '2026-11-24', timeWindow: '10:00-13:00' }),
      ),
    ).toBeNull();
  });
  it('a labelled parcel needs a chosen point; a labelless one does not', () => {
    expect(stepError('method', state({ withLabel: true, method: 'PICKUP_POINT' }))).toBe('choosePoint');
    expect(
      stepError('method', state({ withLabel: true, method: 'PICKUP_POINT', pickupPointId: 'PL1' })),
    ).toBeNull();
    expect(stepError('method', state({ withLabel: false, method: 'PICKUP_POINT' }))).toBeNull();
  });
  it('builds the body the shipping contract expects', () => {
    expect(
      shipmentBody(
        ID,
        state({
          size: 'S',
          withLabel: true,
          method: 'COURIER',
          date: '2026-11-24',
          timeWindow: '10:00-13:00',
          pickupPointId: 'PL1',
        }),
      ),
    ).toEqual({
      shippableId: ID,
      size: 'S',
      withLabel: true,
      method: 'COURIER',
      courier: { date: '2026-11-24', timeWindow: '10:00-13:00' },
    });
    expect(shipmentBody(ID, state({ size: 'L', withLabel: false, method: 'PICKUP_POINT' }))).toEqual({
      shippableId: ID,
      size: 'L',
      withLabel: false,
      method: 'PICKUP_POINT',
    });
  });
  it('proposes the next working day', () => {
    expect(nextWorkingDay(new Date(2026, 10, 20, 12))).toBe('2026-11-23'); // Friday -> Monday
    expect(nextWorkingDay(new Date(2026, 10, 23, 12))).toBe('2026-11-24');
  });
});
