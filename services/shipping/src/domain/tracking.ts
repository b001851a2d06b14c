import type { ParcelStatus } from '@gleba/contracts';

/**
 * DPD business codes (DPDInfoServices `businessCode`) and the status each means to us. Codes
 * not listed stay in the history without moving the status.
 */
export const DPD_EVENT_STATUS: Record<string, ParcelStatus | null> = {
  /** Shipment data registered at DPD (the waybill exists, the parcel is not with DPD yet). */
  '030103': null,
  /** Parcel picked up by the courier. */
  '040101': 'PICKED_UP',
  /** Parcel dropped off at a pickup point (with a label or a code). */
  '040102': 'PICKED_UP',
  /** Received at a depot / sorted / in transit between depots. */
  '170301': 'IN_TRANSIT',
  '170302': 'IN_TRANSIT',
  /** Out for delivery. */
  '190101': 'IN_TRANSIT',
  /** Delivered (to the laboratory). */
  '190102': 'DELIVERED',
  /** Delivery failed (an exception: the parcel goes back to the depot for another round or a return). */
  '190103': null,
  /** Returned to the sender. */
  '230101': 'RETURNED',
};

/** Statuses in the order a parcel goes through them; a parcel never moves backwards. */
const RANK: Record<ParcelStatus, number> = {
  CREATED: 0,
  PICKED_UP: 1,
  IN_TRANSIT: 2,
  DELIVERED: 3,
  RETURNED: 4,
};

export function statusOfEvent(businessCode: string): ParcelStatus | null {
  return DPD_EVENT_STATUS[businessCode] ?? null;
}

/** DPD codes that report a problem on the way (shown as such to the admin and the customer). */
export const DPD_EXCEPTION_CODES: ReadonlySet<string> = new Set(['190103']);

export function isTerminal(status: ParcelStatus): boolean {
  return status === 'DELIVERED' || status === 'RETURNED';
}

/**
 * The steps from `current` given every status the history shows, in order, skipping what is
 * not ahead: repeated and out-of-order events cannot move a parcel backwards.
 */
export function stepsForward(current: ParcelStatus, seen: Iterable<ParcelStatus>): ParcelStatus[] {
  const ahead = new Set<ParcelStatus>();
  for (const s of seen) if (RANK[s] > RANK[current]) ahead.add(s);
  // A delivered parcel that is later returned goes on to RETURNED, but nothing comes after RETURNED.
  return [...ahead].sort((a, b) => RANK[a] - RANK[b]);
}
