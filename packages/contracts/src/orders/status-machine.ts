import type { FarmOrderStatus, GardenTestStatus } from '../enums';

/**
 * Who causes a transition: the customer, an admin, a confirmed payment (online notification,
 * admin "mark paid", or acceptance of a deferred-transfer order), the carrier's tracking
 * (shipping events) or the lab (imported results).
 */
export type Actor = 'USER' | 'ADMIN' | 'PAYMENT' | 'SHIPPING' | 'LAB';

type Table<S extends string> = Readonly<Record<S, Readonly<Partial<Record<S, readonly Actor[]>>>>>;

/**
 * THE farm order machine: every legal transition and who may make it. Anything not listed is
 * illegal (409 illegalTransition). Beyond the spec's sequence: the carrier picking up the samples
 * moves an order to SAMPLES_SENT from any collecting step (customers often skip reporting their
 * progress), and an order can be cancelled until its samples are sent. A completed order whose
 * results the lab imports again (a re-test after a complaint, a correction) becomes
 * RESULTS_UPDATED, again with each further import (decision 0052).
 */
export const FARM_TRANSITIONS: Table<FarmOrderStatus> = {
  PENDING_PAYMENT: { PAYMENT_CONFIRMED: ['PAYMENT'], ORDER_CANCELLED: ['USER', 'ADMIN'] },
  PAYMENT_CONFIRMED: { KIT_SENT: ['ADMIN'], ORDER_CANCELLED: ['USER', 'ADMIN'] },
  KIT_SENT: {
    SAMPLES_COLLECTING_PENDING: ['USER', 'ADMIN'],
    SAMPLES_SENT: ['SHIPPING', 'ADMIN'],
    ORDER_CANCELLED: ['ADMIN'],
  },
  SAMPLES_COLLECTING_PENDING: {
    SAMPLES_COLLECTING: ['USER', 'ADMIN'],
    SAMPLES_SENT: ['SHIPPING', 'ADMIN'],
    ORDER_CANCELLED: ['ADMIN'],
  },
  SAMPLES_COLLECTING: {
    SAMPLES_COLLECTION_COMPLETED: ['USER', 'ADMIN'],
    SAMPLES_SENT: ['SHIPPING', 'ADMIN'],
    ORDER_CANCELLED: ['ADMIN'],
  },
  SAMPLES_COLLECTION_COMPLETED: { SAMPLES_SENT: ['SHIPPING', 'ADMIN'], ORDER_CANCELLED: ['ADMIN'] },
  SAMPLES_SENT: { SAMPLES_IN_ANALYSIS: ['SHIPPING', 'LAB', 'ADMIN'] },
  SAMPLES_IN_ANALYSIS: { ORDER_COMPLETED: ['LAB', 'ADMIN'] },
  ORDER_COMPLETED: { RESULTS_UPDATED: ['LAB'] },
  RESULTS_UPDATED: { RESULTS_UPDATED: ['LAB'] },
  ORDER_CANCELLED: {},
};

/**
 * THE garden test machine. Confirming shipment (WAITING_FOR_SHIPMENT -> WAITING_FOR_RESULTS) is
 * irreversible: nothing leads back. RESULTS_UPDATED -> RESULTS_UPDATED is a further correction
 * of results (each one is a status change the user hears about). Results arriving for a test
 * whose shipment was never confirmed confirm it (LAB): the lab holds the sample. RESULTS_READY is
 * the lab's check of complete (or updated) results: only an admin sets it; a later re-import makes
 * them RESULTS_UPDATED again (decision 0048).
 */
export const GARDEN_TRANSITIONS: Table<GardenTestStatus> = {
  WAITING_FOR_SHIPMENT: { WAITING_FOR_RESULTS: ['USER', 'ADMIN', 'LAB'], CANCELLED: ['USER', 'ADMIN'] },
  WAITING_FOR_RESULTS: {
    PARTIAL_RESULTS: ['LAB', 'ADMIN'],
    COMPLETE_RESULTS: ['LAB', 'ADMIN'],
    CANCELLED: ['ADMIN'],
  },
  PARTIAL_RESULTS: { COMPLETE_RESULTS: ['LAB', 'ADMIN'], RESULTS_UPDATED: ['LAB', 'ADMIN'] },
  COMPLETE_RESULTS: { RESULTS_UPDATED: ['LAB', 'ADMIN'], RESULTS_READY: ['ADMIN'] },
  RESULTS_UPDATED: { RESULTS_UPDATED: ['LAB'], RESULTS_READY: ['ADMIN'] },
  RESULTS_READY: { RESULTS_UPDATED: ['LAB', 'ADMIN'] },
  CANCELLED: {},
};

export function canTransition<S extends string>(table: Table<S>, from: S, to: S, actor: Actor): boolean {
  return table[from]?.[to]?.includes(actor) ?? false;
}

/** Statuses a farm order has ended in: listed in the Archive tab and the admin's "ended". */
export const FARM_ENDED: readonly FarmOrderStatus[] = [
  'ORDER_COMPLETED',
  'RESULTS_UPDATED',
  'ORDER_CANCELLED',
];
export const GARDEN_ENDED: readonly GardenTestStatus[] = [
  'COMPLETE_RESULTS',
  'RESULTS_UPDATED',
  'RESULTS_READY',
  'CANCELLED',
];
/** The admin's "To send" tab: kits to ship (farm), tests whose samples are awaited (garden). */
export const FARM_TO_SEND: readonly FarmOrderStatus[] = ['PAYMENT_CONFIRMED'];
export const GARDEN_TO_SEND: readonly GardenTestStatus[] = ['WAITING_FOR_SHIPMENT'];
/** The admin's "In progress" tab: past "to send", not ended. */
export const FARM_IN_PROGRESS: readonly FarmOrderStatus[] = [
  'KIT_SENT',
  'SAMPLES_COLLECTING_PENDING',
  'SAMPLES_COLLECTING',
  'SAMPLES_COLLECTION_COMPLETED',
  'SAMPLES_SENT',
  'SAMPLES_IN_ANALYSIS',
];
/** A farm order whose samples are awaited: the sampling screen records punctures (decision 0058). */
export const FARM_SAMPLING_OPEN: readonly FarmOrderStatus[] = [
  'PAYMENT_CONFIRMED',
  'KIT_SENT',
  'SAMPLES_COLLECTING_PENDING',
  'SAMPLES_COLLECTING',
  'SAMPLES_COLLECTION_COMPLETED',
];
export const GARDEN_IN_PROGRESS: readonly GardenTestStatus[] = ['WAITING_FOR_RESULTS', 'PARTIAL_RESULTS'];

const CANCELLED_STATUSES = new Set<string>(['ORDER_CANCELLED', 'CANCELLED']);

/**
 * The status changes the admin panel offers as buttons: what ADMIN may do from `status`, except
 * cancelling (its own button, see `adminCanCancel`) and marking paid (the PAYMENT actor).
 */
export function adminStatusChanges(kind: 'FARM' | 'GARDEN', status: string): string[] {
  const table: Table<string> = kind === 'FARM' ? FARM_TRANSITIONS : GARDEN_TRANSITIONS;
  const next = table[status] ?? {};
  return Object.keys(next).filter((to) => !CANCELLED_STATUSES.has(to) && next[to]?.includes('ADMIN'));
}

/** Whether the admin may cancel an order or test in `status`. */
export function adminCanCancel(kind: 'FARM' | 'GARDEN', status: string): boolean {
  const table: Table<string> = kind === 'FARM' ? FARM_TRANSITIONS : GARDEN_TRANSITIONS;
  const next = table[status] ?? {};
  return Object.keys(next).some((to) => CANCELLED_STATUSES.has(to) && next[to]?.includes('ADMIN'));
}
