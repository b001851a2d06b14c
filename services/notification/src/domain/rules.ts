import type {
  ComplaintAnsweredV1,
  CourierOrderedV1,
  DropOffCodeGeneratedV1,
  EventData,
  NotificationType,
  OrderCancelledV1,
  OrderPaidV1,
  OrderStatusChangedV1,
  ParcelStatusChangedV1,
  PaymentRefundDueV1,
  PaymentSessionEndedV1,
  ResultsImportedV1,
  SamplesSendReminderV1,
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

/**
 * Where a message's link goes: the thing it is about. A farm order opens in the orders list
 * (`?order=` shows it first, with its payment and results links); a garden test opens its own
 * page, or its results.
 */
export const orderPath = (id: string) => `/orders?order=${encodeURIComponent(id)}`;
export const paymentPath = (id: string) => `/orders/${encodeURIComponent(id)}/payment`;
export const testPath = (id: string) => `/soil-tests/edit/${encodeURIComponent(id)}`;
const resultsPath = (id: string) => `/soil-tests/${encodeURIComponent(id)}/results`;
const TESTS_PATH = '/soil-tests';
/** A shipment's message: its garden test, or its farm order. */
const shipmentPath = (d: { orderId: string; testId: string | null }) =>
  d.testId ? testPath(d.testId) : orderPath(d.orderId);
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
  o: { userId: string; orderId: string; ref: string; kind: 'FARM' | 'GARDEN' },
  eventId: string,
  extra: Params = {},
  template: Template = TEMPLATE_OF_TYPE[type]!,
): Notice {
  return {
    userId: o.userId,
    type,
    template,
    sourceKey: ONCE_PER_ORDER.has(type) ? `order:${o.orderId}` : eventId,
    params: { ref: o.ref, orderNumber: o.ref, ...extra },
    linkPath:
      o.kind === 'FARM'
        ? orderPath(o.orderId)
        : RESULT_TYPES.has(type)
          ? resultsPath(o.orderId)
          : testPath(o.orderId),
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
  // A farm order's updated results are announced by the lab import (resultsImportedNotice).
  if (data.kind === 'FARM' && data.to === 'RESULTS_UPDATED') return null;
  const o = {
    userId: data.userId,
    orderId: data.orderId,
    ref: data.barcode ?? data.orderNumber,
    kind: data.kind,
  };
  // Waiting for a bank transfer: the bank details, and the link to the order's payment page.
  if (data.to === 'PENDING_PAYMENT' && data.transfer) {
    const t = data.transfer;
    const notice = orderNotice(
      type,
      o,
      eventId,
      {
        status: data.to,
        amountGrosze: t.amountGrosze,
        accountNumber: t.accountNumber,
        recipient: t.recipient,
        transferTitle: t.transferTitle,
        dueDate: t.dueDate,
      },
      t.dueDate ? 'deferredTransferPending' : 'transferPending',
    );
    return { ...notice, linkPath: paymentPath(data.orderId) };
  }
  if (data.to === 'KIT_SENT' && data.trackingNumber)
    return orderNotice(type, o, eventId, { status: data.to, trackingNumber: data.trackingNumber }, 'kitSent');
  const notice = orderNotice(type, o, eventId, {
    status: type === 'ORDER_STATUS_CHANGED' ? data.to : null,
  });
  // Awaiting an online payment: the page that pays it.
  return data.to === 'PENDING_PAYMENT' && data.kind === 'FARM'
    ? { ...notice, linkPath: paymentPath(data.orderId) }
    : notice;
}

export function orderPaidNotice(data: EventData<typeof OrderPaidV1>, eventId: string): Notice | null {
  if (!data.userId) return null;
  const notice = orderNotice(
    'PAYMENT_RECEIVED',
    { userId: data.userId, orderId: data.orderId, ref: data.orderNumber, kind: data.kind },
    eventId,
    {
      amountGrosze: data.amountGrosze,
    },
  );
  // A garden payment is for a kit of test codes, not one test: the tests list.
  return data.kind === 'FARM' ? notice : { ...notice, linkPath: TESTS_PATH };
}

/** A farm order's payment page (pay again, transfer details); a garden kit's buyer goes to the tests. */
const paymentLinkPath = (kind: string, orderId: string) =>
  kind === 'FARM' ? paymentPath(orderId) : TESTS_PATH;

/**
 * An online payment session that ran out of time unpaid (decision 0039): the customer is no
 * longer on the payment page, so they are told the order still awaits payment. The other unpaid
 * ends (rejected, abandoned, cancelled) happen in front of the customer and send nothing.
 */
export function paymentExpiredNotice(data: EventData<typeof PaymentSessionEndedV1>): Notice | null {
  if (data.outcome !== 'EXPIRED' || !data.userId) return null;
  return {
    userId: data.userId,
    type: 'PAYMENT_EXPIRED',
    template: 'paymentExpired',
    sourceKey: `payment:${data.sessionId}`,
    params: { ref: data.orderNumber, orderNumber: data.orderNumber, amountGrosze: data.amountGrosze },
    linkPath: paymentLinkPath(data.kind, data.orderId),
  };
}

/** A payment that arrived for a cancelled (or already paid) order: it will be returned. */
export function paymentRefundDueNotice(data: EventData<typeof PaymentRefundDueV1>): Notice | null {
  if (!data.userId) return null;
  return {
    userId: data.userId,
    type: 'PAYMENT_REFUND_DUE',
    template: 'paymentRefundDue',
    sourceKey: `payment:${data.sessionId}`,
    params: { ref: data.orderNumber, orderNumber: data.orderNumber, amountGrosze: data.amountGrosze },
    linkPath: paymentLinkPath(data.kind, data.orderId),
  };
}

/** The 4-day rule: three days in and nothing sent, the customer is reminded once (decision 0049). */
export function sendReminderNotice(data: EventData<typeof SamplesSendReminderV1>, eventId: string): Notice {
  return orderNotice(
    'SAMPLES_SEND_REMINDER',
    { userId: data.userId, orderId: data.orderId, ref: data.orderNumber, kind: data.kind },
    eventId,
    { dueDate: data.sendBy },
  );
}

export function orderCancelledNotice(data: EventData<typeof OrderCancelledV1>, eventId: string): Notice {
  return orderNotice(
    'ORDER_CANCELLED',
    { userId: data.userId, orderId: data.orderId, ref: data.orderNumber, kind: data.kind },
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
  return orderNotice(
    type,
    { userId: data.userId, orderId: data.orderId, ref: data.orderNumber, kind: 'FARM' },
    eventId,
  );
}

export function courierOrderedNotice(data: EventData<typeof CourierOrderedV1>, eventId: string): Notice {
  return {
    userId: data.userId,
    type: 'COURIER_BOOKED',
    template: 'courierBooked',
    sourceKey: eventId,
    params: { waybill: data.waybill, pickupDate: data.pickupDate, timeWindow: data.timeWindow },
    linkPath: shipmentPath(data),
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
    linkPath: shipmentPath(data),
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
    linkPath: shipmentPath(data),
  };
}

/**
 * The lab answered a complaint about a sample's results (a garden test, or one sample of a farm
 * order, named with its order): the answer itself, or that the sample will be tested again; the
 * new results then come as RESULTS_UPDATED.
 */
export function complaintAnsweredNotice(data: EventData<typeof ComplaintAnsweredV1>): Notice {
  const farm = data.kind === 'FARM';
  return {
    userId: data.userId,
    type: 'COMPLAINT_ANSWERED',
    template: farm
      ? data.retest
        ? 'complaintSampleRetest'
        : 'complaintSampleAnswered'
      : data.retest
        ? 'complaintRetest'
        : 'complaintAnswered',
    sourceKey: `complaint:${data.complaintId}`,
    params: {
      ref: data.orderNumber,
      orderNumber: data.orderNumber,
      answer: data.answer,
      ...(farm ? { sample: data.sampleCode ?? null } : {}),
    },
    linkPath: resultsPath(data.testId),
  };
}

const PAYMENT_TYPES: ReadonlySet<NotificationType> = new Set([
  'PAYMENT_RECEIVED',
  'PAYMENT_EXPIRED',
  'PAYMENT_REFUND_DUE',
]);

/** Defaults before a user changes anything: every channel on, SMS for order progress only. */
export function defaultPreference(type: NotificationType): {
  isEmailEnabled: boolean;
  isInAppEnabled: boolean;
  isSmsEnabled: boolean;
} {
  return { isEmailEnabled: true, isInAppEnabled: true, isSmsEnabled: !PAYMENT_TYPES.has(type) };
}
