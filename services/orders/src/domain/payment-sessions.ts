import type { PaymentOutcome, PaymentSessionStatus } from '@gleba/contracts';

/**
 * The online payment session rules (decision 0039). A session is one Przelewy24 transaction of an
 * order; an order may have many (pay again), at most one of them open.
 */

/** Sessions the customer may still pay in (as far as we know). */
export const OPEN_SESSION_STATUSES: readonly PaymentSessionStatus[] = ['REGISTERING', 'REGISTERED'];

/** Where an open session may end without a payment. */
export type UnpaidEnd = 'REJECTED' | 'ABANDONED' | 'EXPIRED' | 'CANCELLED';

/** Which ends a session may reach from where it is; a verified payment wins over any unpaid end. */
const SESSION_TRANSITIONS: Record<PaymentSessionStatus, readonly PaymentSessionStatus[]> = {
  // EXPIRED: a registration that never finished (the process stopped half-way).
  REGISTERING: ['REGISTERED', 'FAILED', 'ABANDONED', 'EXPIRED', 'CANCELLED'],
  REGISTERED: ['VERIFIED', 'REFUND_DUE', 'REJECTED', 'ABANDONED', 'EXPIRED', 'CANCELLED'],
  FAILED: [],
  // A signed and verified payment can still arrive after the session ended unpaid: the money is
  // real, so it either pays the order or is recorded as to be refunded.
  REJECTED: ['VERIFIED', 'REFUND_DUE'],
  ABANDONED: ['VERIFIED', 'REFUND_DUE'],
  EXPIRED: ['VERIFIED', 'REFUND_DUE'],
  CANCELLED: ['REFUND_DUE'],
  // Cancelling a paid order: its payment is to be returned.
  VERIFIED: ['REFUND_DUE'],
  REFUND_DUE: ['REFUNDED'],
  REFUNDED: [],
};

export function canMoveSession(from: PaymentSessionStatus, to: PaymentSessionStatus): boolean {
  return SESSION_TRANSITIONS[from].includes(to);
}

/** A settled (verified) payment already counted: a repeated notification changes nothing. */
export function isSettled(status: PaymentSessionStatus): boolean {
  return status === 'VERIFIED' || status === 'REFUND_DUE' || status === 'REFUNDED';
}

export type Settlement = { kind: 'PAY' } | { kind: 'REFUND_DUE'; reason: 'ORDER_CANCELLED' | 'ALREADY_PAID' };

/**
 * What a verified payment does to its order: pays it while it awaits payment; for a cancelled
 * order, or one already paid by another session, the money is to be returned (never "cancelled
 * and paid", never paid twice).
 */
export function settle(subject: { cancelled: boolean; paid: boolean }): Settlement {
  if (subject.cancelled) return { kind: 'REFUND_DUE', reason: 'ORDER_CANCELLED' };
  if (subject.paid) return { kind: 'REFUND_DUE', reason: 'ALREADY_PAID' };
  return { kind: 'PAY' };
}

/** Przelewy24's `timeLimit` (whole minutes, 1..99) for a session time to live. */
export function timeLimitMinutes(ttlMs: number): number {
  return Math.min(99, Math.max(1, Math.ceil(ttlMs / 60_000)));
}

export interface OrderPaymentView {
  status: string;
  paymentMethod: string;
  paymentStatus: string;
}

/** The order awaits its payment and can still change how it is paid. */
export function awaitsPayment(o: OrderPaymentView): boolean {
  return o.status === 'PENDING_PAYMENT' && o.paymentStatus === 'PENDING';
}

/** What the payment page says about an order and its latest online session. */
export function paymentOutcome(o: OrderPaymentView, latest: PaymentSessionStatus | null): PaymentOutcome {
  if (o.paymentStatus === 'REFUND_DUE') return 'REFUND_DUE';
  if (o.paymentStatus === 'REFUNDED') return 'REFUNDED';
  if (o.paymentStatus === 'PAID') return 'PAID';
  if (o.status === 'ORDER_CANCELLED') return 'CANCELLED';
  if (o.paymentMethod !== 'ONLINE_BANK_TRANSFER') return 'TRANSFER';
  switch (latest) {
    case null:
      return 'NOT_STARTED';
    case 'REGISTERING':
    case 'REGISTERED':
      return 'AWAITING';
    case 'VERIFIED':
    case 'REFUND_DUE':
    case 'REFUNDED':
      // Settled, but the order is not paid by it (a refund of an earlier payment): nothing open.
      return 'NOT_STARTED';
    default:
      return latest;
  }
}

/** The choices the payment page offers an order. */
export function paymentChoices(o: OrderPaymentView): { canPayAgain: boolean; canSwitchToTransfer: boolean } {
  const open = awaitsPayment(o);
  return {
    canPayAgain:
      open && (o.paymentMethod === 'ONLINE_BANK_TRANSFER' || o.paymentMethod === 'TRADITIONAL_TRANSFER'),
    canSwitchToTransfer: open && o.paymentMethod === 'ONLINE_BANK_TRANSFER',
  };
}
