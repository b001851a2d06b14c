import type { DpdTrackingEvent } from './index';

/**
 * How the simulator moves a parcel: DPD's sequence of tracking events (DPDInfoServices
 * `businessCode` and its Polish description, as DPD's tracking shows them), one step per
 * `stepMs` of the simulator's clock from the moment the waybill was generated. The codes are the
 * ones the shipping service maps (services/shipping/src/domain/tracking.ts); decision 0045.
 */

export type DpdJourney = 'DELIVERED' | 'EXCEPTION' | 'RETURN';

export interface JourneyStep {
  businessCode: string;
  description: string;
  depot: string | null;
}

export const DPD_CODES = {
  registered: '030103',
  pickedUp: '040101',
  droppedAtPickupPoint: '040102',
  inTransit: '170301',
  atDepot: '170302',
  outForDelivery: '190101',
  delivered: '190102',
  deliveryFailed: '190103',
  returned: '230101',
} as const;

const SENDER_DEPOT = 'PL-1361';
const HUB = 'PL-0001';
const LAB_DEPOT = 'PL-1049';

const step = (businessCode: string, description: string, depot: string | null): JourneyStep => ({
  businessCode,
  description,
  depot,
});

/** The steps of a journey; a parcel left at a pickup point starts with the drop-off there. */
export function journeySteps(journey: DpdJourney, droppedAtPickupPoint: boolean): JourneyStep[] {
  const start = [
    step(DPD_CODES.registered, 'Przesyłka zarejestrowana w systemie DPD', null),
    droppedAtPickupPoint
      ? step(DPD_CODES.droppedAtPickupPoint, 'Przesyłka nadana w punkcie DPD Pickup', SENDER_DEPOT)
      : step(DPD_CODES.pickedUp, 'Przesyłka odebrana przez kuriera', SENDER_DEPOT),
    step(DPD_CODES.inTransit, 'Przesyłka w drodze (sortownia)', HUB),
    step(DPD_CODES.atDepot, 'Przesyłka w oddziale doręczającym', LAB_DEPOT),
    step(DPD_CODES.outForDelivery, 'Przesyłka wydana do doręczenia', LAB_DEPOT),
  ];
  const failed = step(DPD_CODES.deliveryFailed, 'Nieudana próba doręczenia: odbiorca nieobecny', LAB_DEPOT);
  const delivered = step(DPD_CODES.delivered, 'Przesyłka doręczona', LAB_DEPOT);
  switch (journey) {
    case 'DELIVERED':
      return [...start, delivered];
    case 'EXCEPTION':
      // A failed attempt, a night back at the depot, then delivered on the next round.
      return [
        ...start,
        failed,
        step(DPD_CODES.atDepot, 'Przesyłka w oddziale doręczającym', LAB_DEPOT),
        step(DPD_CODES.outForDelivery, 'Przesyłka wydana do doręczenia', LAB_DEPOT),
        delivered,
      ];
    case 'RETURN':
      return [...start, failed, step(DPD_CODES.returned, 'Przesyłka zwrócona do nadawcy', SENDER_DEPOT)];
  }
}

/**
 * The events a parcel shows at `now`: the steps whose time has come, each dated `startedAt +
 * (i + 1) * stepMs` (the registration right at `startedAt`).
 */
export function journeyEvents(
  steps: JourneyStep[],
  startedAt: number,
  now: number,
  stepMs: number,
): DpdTrackingEvent[] {
  const out: DpdTrackingEvent[] = [];
  for (const [i, s] of steps.entries()) {
    const at = startedAt + i * stepMs;
    if (at > now) break;
    out.push({ ...s, eventTime: new Date(at).toISOString() });
  }
  return out;
}
