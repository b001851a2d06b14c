import type { ParcelSize, TCreateShipmentBody } from '@gleba/contracts';

export type WizardStep = 'size' | 'label' | 'method' | 'summary';
export const STEPS: WizardStep[] = ['size', 'label', 'method', 'summary'];

export interface WizardState {
  size: ParcelSize | null;
  withLabel: boolean | null;
  method: 'COURIER' | 'PICKUP_POINT' | null;
  date: string;
  timeWindow: string;
  pickupPointId: string;
}

export const initialWizard = (): WizardState => ({
  size: null,
  withLabel: null,
  method: null,
  date: '',
  timeWindow: '',
  pickupPointId: '',
});

/** The message key (`customerTests.*`) that keeps the user on a step, or null when the step is complete. */
export function stepError(step: WizardStep, s: WizardState): string | null {
  switch (step) {
    case 'size':
      return s.size ? null : 'chooseSize';
    case 'label':
      return s.withLabel === null ? 'chooseLabel' : null;
    case 'method':
      if (!s.method) return 'chooseMethod';
      if (s.method === 'COURIER') {
        if (!s.withLabel) return 'courierNeedsLabel';
        if (!s.date) return 'chooseDate';
        if (!s.timeWindow) return 'chooseWindow';
        return null;
      }
      // a labelled parcel goes to a chosen point; a labelless one gets a drop-off code for any point
      return s.withLabel && !s.pickupPointId ? 'choosePoint' : null;
    case 'summary':
      return null;
  }
}

export function shipmentBody(shippableId: string, s: WizardState): TCreateShipmentBody {
  return {
    shippableId,
    size: s.size!,
    withLabel: s.withLabel!,
    method: s.method!,
    ...(s.method === 'COURIER' ? { courier: { date: s.date, timeWindow: s.timeWindow } } : {}),
    ...(s.method === 'PICKUP_POINT' && s.pickupPointId ? { pickupPointId: s.pickupPointId } : {}),
  };
}

/** The first working day after today (couriers do not come on weekends), as YYYY-MM-DD. */
export function nextWorkingDay(now = new Date()): string {
  const d = new Date(now);
  do d.setDate(d.getDate() + 1);
  while (d.getDay() === 0 || d.getDay() === 6);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
