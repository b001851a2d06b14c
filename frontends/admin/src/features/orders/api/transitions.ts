import type { FarmOrderStatus, GardenTestStatus } from '@gleba/contracts';

/**
 * The changes an admin may make (orders README, transition tables, actor ADMIN). Cancelling has its
 * own button and marking paid replaces PAYMENT_CONFIRMED, so neither is listed here. The server
 * refuses anything else with `illegalTransition` anyway.
 */
const FARM: Record<FarmOrderStatus, FarmOrderStatus[]> = {
  PENDING_PAYMENT: [],
  PAYMENT_CONFIRMED: ['KIT_SENT'],
  KIT_SENT: ['SAMPLES_COLLECTING_PENDING', 'SAMPLES_SENT'],
  SAMPLES_COLLECTING_PENDING: ['SAMPLES_COLLECTING', 'SAMPLES_SENT'],
  SAMPLES_COLLECTING: ['SAMPLES_COLLECTION_COMPLETED', 'SAMPLES_SENT'],
  SAMPLES_COLLECTION_COMPLETED: ['SAMPLES_SENT'],
  SAMPLES_SENT: ['SAMPLES_IN_ANALYSIS'],
  SAMPLES_IN_ANALYSIS: ['ORDER_COMPLETED'],
  ORDER_COMPLETED: [],
  ORDER_CANCELLED: [],
};

const GARDEN: Record<GardenTestStatus, GardenTestStatus[]> = {
  WAITING_FOR_SHIPMENT: ['WAITING_FOR_RESULTS'],
  WAITING_FOR_RESULTS: ['PARTIAL_RESULTS', 'COMPLETE_RESULTS'],
  PARTIAL_RESULTS: ['COMPLETE_RESULTS', 'RESULTS_UPDATED'],
  COMPLETE_RESULTS: ['RESULTS_UPDATED'],
  RESULTS_UPDATED: [],
  RESULTS_READY: [],
  CANCELLED: [],
};

const CANCELLABLE = new Set<string>([
  'PENDING_PAYMENT',
  'PAYMENT_CONFIRMED',
  'KIT_SENT',
  'SAMPLES_COLLECTING_PENDING',
  'SAMPLES_COLLECTING',
  'SAMPLES_COLLECTION_COMPLETED',
  'WAITING_FOR_SHIPMENT',
  'WAITING_FOR_RESULTS',
]);

export function allowedStatusChanges(kind: 'FARM' | 'GARDEN', status: string): string[] {
  return kind === 'FARM'
    ? (FARM[status as FarmOrderStatus] ?? [])
    : (GARDEN[status as GardenTestStatus] ?? []);
}

export function canCancel(status: string): boolean {
  return CANCELLABLE.has(status);
}
