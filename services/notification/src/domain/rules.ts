import type {
  CourierOrderedV1,
  DropOffCodeGeneratedV1,
  EventData,
  NotificationType,
  OrderCancelledV1,
  OrderPaidV1,
  OrderStatusChangedV1,
  ParcelStatusChangedV1,
  ResultsImportedV1,
} from '@gleba/contracts';
import { TEMPLATE_OF_TYPE, type Params, type Template } from './templates';

/** What one event tells one user: the in-app notification and the e-mail and SMS built from it. */
export interface Notice {
  userId: string;
  type: NotificationType;
  template: Template;
  /**
   * Makes the notice idempotent (unique with user and type). The event id for things that may
   * happen many times; `order:{id}` for what happens once per order and that two events can
   * announce (cancelled by `orders.order.cancelled` and by a status change; all results by the
   * lab import and by the order's completion), so the user hears it once.
   */
  sourceKey: string;
  params: Params;
  linkPath: string;
}

const resultsPath = (id: string) => `/soil-tests/${id}/results`;
const TESTS_PATH = '/soil-tests';
const ONCE_PER_ORDER: ReadonlySet<NotificationType> = new Set([
  'ORDER_ADDED_AWAITING_SHIPMENT',
  'SAMPLES_SENT',
  'ALL_RESULTS',
  'ORDER_CANCELLED',
  'PAYMENT_RECEIVED',
]);
const RESULT_TYPES: ReadonlySet<NotificationType> = new Set([
  'PARTIAL_RESULTS',
  'ALL_RESULTS',
  'RESULTS_UPDATED',
]);

function orderNotice(
  type: NotificationType,
  o: { userId: string; orderId: string; ref: string },
  eventId: string,
  extra: Params = {},
): Notice {
  return {
    userId: o.userId,
    type,
    template: TEMPLATE_OF_TYPE[type]!,
    sourceKey: ONCE_PER_ORDER.has(type) ? `order:${o.orderId}` : eventId,
    params: { ref: o.ref, orderNumber: o.ref, ...extra },
    linkPath: RESULT_TYPES.has(type) ? resultsPath(o.orderId) : TESTS_PATH,
  };
}

/** Spec section 4: which message a status change sends. `null`: another event announces it. */
export const STATUS_TYPE: Record<EventData<typeof OrderStatusChangedV1>['to'], NotificationType | null> = {
  // garden tests
  WAITING_FOR_SHIPMENT: 'ORDER_ADDED_AWAITING_SHIPMENT',
  WAITING_FOR_RESULTS: 'SAMPLES_SENT',
  PARTIAL_RESULTS: 'PARTIAL_RESULTS',
  COMPLETE_RESULTS: 'ALL_RESULTS',
  RESULTS_READY: null, // the lab's check of results the customer was already told about
  RESULTS_UPDATED: 'RESULTS_UPDATED',
  CANCELLED: 'ORDER_CANCELLED',
  // farm orders
  PENDING_PAYMENT: 'ORDER_STATUS_CHANGED',
  PAYMENT_CONFIRMED: null, // orders.order.paid carries the amount: that one says "payment received"
  KIT_SENT: 'ORDER_STATUS_CHANGED',
  SAMPLES_COLLECTING_PENDING: 'ORDER_STATUS_CHANGED',
  SAMPLES_COLLECTING: 'ORDER_STATUS_CHANGED',
  SAMPLES_COLLECTION_COMPLETED: 'ORDER_STATUS_CHANGED',
  SAMPLES_SENT: 'SAMPLES_SENT',
  SAMPLES_IN_ANALYSIS: 'ORDER_STATUS_CHANGED',
  ORDER_COMPLETED: 'ALL_RESULTS',
  ORDER_CANCELLED: 'ORDER_CANCELLED',
};

export function orderStatusNotice(
  data: EventData<typeof OrderStatusChangedV1>,
  eventId: string,
): Notice | null {
  const type = STATUS_TYPE[data.to];
  if (!type) return null;
  return orderNotice(
    type,
    { userId: data.userId, orderId: data.orderId, ref: data.barcode ?? data.orderNumber },
    eventId,
    {
      status: type === 'ORDER_STATUS_CHANGED' ? data.to : null,
    },
  );
}

export function orderPaidNotice(data: EventData<typeof OrderPaidV1>, eventId: string): Notice | null {
  if (!data.userId) return null;
  return orderNotice(
    'PAYMENT_RECEIVED',
    { userId: data.userId, orderId: data.orderId, ref: data.orderNumber },
    eventId,
    {
      amountGrosze: data.amountGrosze,
    },
  );
}

export function orderCancelledNotice(data: EventData<typeof OrderCancelledV1>, eventId: string): Notice {
  return orderNotice(
    'ORDER_CANCELLED',
    { userId: data.userId, orderId: data.orderId, ref: data.orderNumber },
    eventId,
  );
}

/**
 * Lab imports announce results of farm orders. Garden tests are announced by their status
 * changes (PARTIAL_RESULTS, COMPLETE_RESULTS, RESULTS_UPDATED), which orders makes on import.
 */
export function resultsImportedNotice(
  data: EventData<typeof ResultsImportedV1>,
  eventId: string,
): Notice | null {
  if (data.kind !== 'FARM') return null;
  const type: NotificationType =
    data.completeness === 'COMPLETE'
      ? 'ALL_RESULTS'
      : data.completeness === 'PARTIAL'
        ? 'PARTIAL_RESULTS'
        : 'RESULTS_UPDATED';
  return orderNotice(type, { userId: data.userId, orderId: data.orderId, ref: data.orderNumber }, eventId);
}

export function courierOrderedNotice(data: EventData<typeof CourierOrderedV1>, eventId: string): Notice {
  return {
    userId: data.userId,
    type: 'COURIER_BOOKED',
    template: 'courierBooked',
    sourceKey: eventId,
    params: { waybill: data.waybill, pickupDate: data.pickupDate, timeWindow: data.timeWindow },
    linkPath: TESTS_PATH,
  };
}

export function dropOffCodeNotice(
  data: EventData<typeof DropOffCodeGeneratedV1>,
  kind: 'DROP_OFF_CODE' | 'DROP_OFF_CODE_EXPIRING',
): Notice {
  return {
    userId: data.userId,
    type: kind,
    template: kind === 'DROP_OFF_CODE' ? 'dropOffCode' : 'dropOffCodeExpiring',
    // One per code (a regenerated code is a new message; the same code announced twice is not).
    sourceKey: `shipment:${data.shipmentId}:${data.code}`,
    params: { code: data.code, expiresAt: data.expiresAt },
    linkPath: TESTS_PATH,
  };
}

/** Only "delivered to the lab" is worth telling; the carrier's other steps are not. */
export function parcelStatusNotice(data: EventData<typeof ParcelStatusChangedV1>): Notice | null {
  if (data.to !== 'DELIVERED') return null;
  return {
    userId: data.userId,
    type: 'SAMPLES_DELIVERED',
    template: 'samplesDelivered',
    sourceKey: `shipment:${data.shipmentId}`,
    params: { ref: data.waybill },
    linkPath: TESTS_PATH,
  };
}

/** Defaults before a user changes anything: every channel on, SMS for order progress only. */
export function defaultPreference(type: NotificationType): {
  isEmailEnabled: boolean;
  isInAppEnabled: boolean;
  isSmsEnabled: boolean;
} {
  return { isEmailEnabled: true, isInAppEnabled: true, isSmsEnabled: type !== 'PAYMENT_RECEIVED' };
}
