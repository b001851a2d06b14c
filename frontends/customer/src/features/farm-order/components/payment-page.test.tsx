import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, mockApi } from '../../../testing/render-app';
import { browser } from '../../../lib/api/farm-order';
import { ORDER_ID, order } from '../../../testing/farm-fixtures';
import { renderPage, where } from '../../../testing/render-page';
import { PENDING_PAYMENT_KEY } from '../rules/wizard';
import { PaymentPage, PaymentReturnPage, paymentView } from './payment-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

type Outcome =
  | 'PAID'
  | 'AWAITING'
  | 'NOT_STARTED'
  | 'REJECTED'
  | 'ABANDONED'
  | 'EXPIRED'
  | 'FAILED'
  | 'TRANSFER'
  | 'CANCELLED'
  | 'REFUND_DUE'
  | 'REFUNDED';

/** The payment part of `GET /api/orders/{id}`: an online payment awaited unless told otherwise. */
const payment = (outcome: Outcome = 'AWAITING', over: Record<string, unknown> = {}) => {
  const unpaid = !['PAID', 'CANCELLED', 'REFUND_DUE', 'REFUNDED'].includes(outcome);
  const sessionStatus: Record<Outcome, string> = {
    PAID: 'VERIFIED',
    AWAITING: 'REGISTERED',
    NOT_STARTED: 'REGISTERED',
    REJECTED: 'REJECTED',
    ABANDONED: 'ABANDONED',
    EXPIRED: 'EXPIRED',
    FAILED: 'FAILED',
    TRANSFER: 'ABANDONED',
    CANCELLED: 'CANCELLED',
    REFUND_DUE: 'REFUND_DUE',
    REFUNDED: 'REFUNDED',
  };
  return {
    method: 'ONLINE_BANK_TRANSFER',
    redirectUrl: null,
    bankTransfer: null,
    error: null,
    outcome,
    session: {
      status: sessionStatus[outcome],
      amount: 6000,
      startedAt: '2026-11-26T10:00:00.000Z',
      expiresAt: '2026-11-26T10:30:00.000Z',
      endedAt: null,
    },
    canPayAgain: unpaid,
    canSwitchToTransfer: unpaid && outcome !== 'TRANSFER',
    ...over,
  };
};
const answer = (outcome: Outcome = 'AWAITING', orderOver: Record<string, unknown> = {}) => ({
  order: order(orderOver),
  payment: payment(outcome),
});

const PATH = `/orders/${ORDER_ID}/payment`;
const CHECK = `POST /api/orders/${ORDER_ID}/payment/check`;
const GET = `GET /api/orders/${ORDER_ID}`;
const page = (
  props: { polls?: number; pollMs?: number } = {},
  path = PATH,
  lang: 'pl' | 'en' | 'uk' = 'en',
) => renderPage('/orders/:id/payment', path, <PaymentPage pollMs={60_000} {...props} />, lang);

describe('paymentView', () => {
  it('says what the service says; an awaited payment is pending while asked again, then unconfirmed; a failed registration is failed', () => {
    const opts = { registrationError: false, pollsLeft: true };
    expect(paymentView({ outcome: 'PAID' }, opts)).toBe('paid');
    expect(paymentView({ outcome: 'AWAITING' }, opts)).toBe('pending');
    expect(paymentView({ outcome: 'AWAITING' }, { ...opts, pollsLeft: false })).toBe('unconfirmed');
    expect(paymentView({ outcome: 'AWAITING' }, { ...opts, registrationError: true })).toBe('failed');
    expect(paymentView({ outcome: 'REJECTED' }, opts)).toBe('rejected');
    expect(paymentView({ outcome: 'ABANDONED' }, opts)).toBe('abandoned');
    expect(paymentView({ outcome: 'EXPIRED' }, opts)).toBe('expired');
    expect(paymentView({ outcome: 'NOT_STARTED' }, opts)).toBe('notStarted');
    expect(paymentView({ outcome: 'TRANSFER' }, opts)).toBe('transfer');
    expect(paymentView({ outcome: 'CANCELLED' }, opts)).toBe('cancelled');
    expect(paymentView({ outcome: 'REFUND_DUE' }, opts)).toBe('refundDue');
    expect(paymentView({ outcome: 'REFUNDED' }, opts)).toBe('refunded');
  });
});

describe('/orders/{id}/payment', () => {
  it('shows a paid order', async () => {
    mockApi({ [GET]: answer('PAID', { paymentStatus: 'PAID', status: 'PAYMENT_CONFIRMED' }) });
    page();
    expect(await screen.findByText('Paid. Thank you!')).toBeTruthy();
    expect(screen.getByText(/Order ZF\/2026\/000007/)).toBeTruthy();
    expect(screen.getByText(/Payment confirmed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
  });

  it('back from a rejected payment: asks the service at once and says it was rejected, offering to pay again or by transfer', async () => {
    const { calls } = mockApi({ [GET]: answer(), [CHECK]: answer('REJECTED') });
    page({}, `${PATH}?returned=1`);
    expect(await screen.findByText('The payment was rejected.')).toBeTruthy();
    expect(screen.getByText(/no money was taken/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay by bank transfer' })).toBeTruthy();
    const checks = calls.filter((c) => c.method === 'POST');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.body).toEqual({ final: false });
  });

  it('says it in Polish and Ukrainian too', async () => {
    mockApi({ [GET]: answer(), [CHECK]: answer('REJECTED') });
    page({}, `${PATH}?returned=1`, 'pl');
    expect(await screen.findByText('Płatność została odrzucona.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zapłać zwykłym przelewem' })).toBeTruthy();
    cleanup();
    mockApi({ [GET]: answer('EXPIRED') });
    page({}, PATH, 'uk');
    expect(await screen.findByText('Час на оплату минув.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Оплатити ще раз' })).toBeTruthy();
  });

  it('waits with an end: asks a given number of times, the last one final, then says the payment was not completed', async () => {
    const { calls } = mockApi({
      [GET]: answer(),
      [CHECK]: ({ body }: { body: unknown }) =>
        answer((body as { final: boolean }).final ? 'ABANDONED' : 'AWAITING'),
    });
    page({ polls: 3, pollMs: 10 }, `${PATH}?returned=1`);
    expect(await screen.findByText('Waiting for the payment confirmation…')).toBeTruthy();
    expect(await screen.findByText('The payment was not completed.')).toBeTruthy();
    const bodies = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(bodies).toEqual([{ final: false }, { final: false }, { final: true }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3);
  });

  it('back from Przelewy24 it only waits; opened from the orders it also offers to pay again or by transfer', async () => {
    mockApi({ [GET]: answer(), [CHECK]: answer() });
    page({}, `${PATH}?returned=1`);
    expect(await screen.findByText('Waiting for the payment confirmation…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
    cleanup();
    mockApi({ [GET]: answer(), [CHECK]: answer() });
    page();
    expect(await screen.findByText('Waiting for the payment confirmation…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay by bank transfer' })).toBeTruthy();
  });

  it('when Przelewy24 does not answer, stops waiting and says there is no confirmation yet; "check again" asks anew', async () => {
    let paid = false;
    const { calls } = mockApi({
      [GET]: () => (paid ? answer('PAID', { paymentStatus: 'PAID', status: 'PAYMENT_CONFIRMED' }) : answer()),
      [CHECK]: () => answer(),
    });
    page({ polls: 2, pollMs: 10 });
    expect(await screen.findByText('We have no payment confirmation yet.')).toBeTruthy();
    // Not back from Przelewy24 (opened from the orders): no ask is final.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { final: false },
      { final: false },
    ]);
    paid = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Paid. Thank you!')).toBeTruthy();
  });

  it('pays again through Przelewy24', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      [GET]: answer('REJECTED'),
      [`POST /api/orders/${ORDER_ID}/pay`]: {
        ...payment(),
        redirectUrl: 'http://127.0.0.1:4102/trnRequest/TOKEN-2',
      },
    });
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:4102/trnRequest/TOKEN-2'));
    expect(sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBe(ORDER_ID);
  });

  it('switches to a traditional transfer and shows the bank details', async () => {
    const bankTransfer = {
      accountNumber: '12 1020 0000 0000 0000 0000 0000',
      recipient: 'Gleba sp. z o.o.',
      transferTitle: 'Gleba ZF/2026/000007',
      amount: 6000,
      dueDate: null,
    };
    const { calls } = mockApi({
      [GET]: answer('EXPIRED'),
      [`POST /api/orders/${ORDER_ID}/payment-method`]: {
        order: order({ paymentMethod: 'TRADITIONAL_TRANSFER' }),
        payment: payment('TRANSFER', { method: 'TRADITIONAL_TRANSFER', bankTransfer }),
      },
    });
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by bank transfer' }));
    expect(await screen.findByText('Transfer details')).toBeTruthy();
    expect(screen.getByText('12 1020 0000 0000 0000 0000 0000')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/payment-method'))!.body).toEqual({
      paymentMethod: 'TRADITIONAL_TRANSFER',
    });
    // Online after all remains possible.
    expect(screen.getByRole('button', { name: 'Pay online' })).toBeTruthy();
  });

  it('shows why paying again failed: already paid, or Przelewy24 refusing the registration', async () => {
    const answers = [errorBody(409, 'alreadyPaid', 'Already paid'), { ...payment(), error: 'paymentFailed' }];
    mockApi({ [GET]: answer('ABANDONED'), [`POST /api/orders/${ORDER_ID}/pay`]: () => answers.shift() });
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay again' }));
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(await screen.findByText('The payment could not be started. Try again.')).toBeTruthy();
  });

  it('shows a failed registration at once, in Polish too, without asking', async () => {
    const { calls } = mockApi({ [GET]: answer('FAILED') });
    page({}, `${PATH}?error=paymentFailed`, 'pl');
    expect(await screen.findByText('Płatność nie została zrealizowana.')).toBeTruthy();
    expect(screen.getByText('Nie udało się rozpocząć płatności. Spróbuj ponownie.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('gives the transfer details of a traditional transfer', async () => {
    const bankTransfer = {
      accountNumber: '12 1020 0000 0000 0000 0000 0000',
      recipient: 'Gleba sp. z o.o.',
      transferTitle: 'Gleba ZF/2026/000007',
      amount: 6000,
      dueDate: null,
    };
    mockApi({
      [GET]: {
        order: order({ paymentMethod: 'TRADITIONAL_TRANSFER' }),
        payment: payment('TRANSFER', { method: 'TRADITIONAL_TRANSFER', bankTransfer, session: null }),
      },
    });
    page();
    expect(await screen.findByText('Transfer details')).toBeTruthy();
    expect(screen.getByText('Gleba ZF/2026/000007')).toBeTruthy();
    expect(screen.getByText(/waits for your transfer/)).toBeTruthy();
    expect(screen.queryByText('Pay by')).toBeNull();
  });

  it('gives the due date of a deferred transfer', async () => {
    const bankTransfer = {
      accountNumber: '12 1020',
      recipient: 'Gleba',
      transferTitle: 'Gleba ZF/2026/000007',
      amount: 6000,
      dueDate: '2026-12-06T08:00:00.000Z',
    };
    mockApi({
      [GET]: {
        order: order({ paymentMethod: 'DEFERRED_BANK_TRANSFER', status: 'PAYMENT_CONFIRMED' }),
        payment: payment('TRANSFER', {
          method: 'DEFERRED_BANK_TRANSFER',
          bankTransfer,
          session: null,
          canPayAgain: false,
          canSwitchToTransfer: false,
        }),
      },
    });
    page();
    expect(
      await screen.findByText(/The order is accepted and we send the kit now. Pay by 06\/12\/2026\./),
    ).toBeTruthy();
    expect(screen.getByText('Pay by')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay online' })).toBeNull();
  });

  it('says a payment that came for a cancelled order will be refunded', async () => {
    mockApi({
      [GET]: answer('REFUND_DUE', { status: 'ORDER_CANCELLED', paymentStatus: 'REFUND_DUE' }),
    });
    page({}, PATH, 'uk');
    expect(await screen.findByText('Оплату буде повернено.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the order does not exist', async () => {
    mockApi({ [GET]: errorBody(404, 'orderNotFound', 'Order not found') });
    page();
    expect(await screen.findByText('Order not found.')).toBeTruthy();
  });

  it('says when the order was cancelled', async () => {
    mockApi({ [GET]: answer('CANCELLED', { status: 'ORDER_CANCELLED' }) });
    page();
    expect(await screen.findByText('This order was cancelled.')).toBeTruthy();
  });
});

describe('/orders/payment-return (Przelewy24 urlReturn)', () => {
  it('opens the payment page of the order named in the address, as back from Przelewy24', async () => {
    renderPage('/orders/payment-return', `/orders/payment-return?orderId=${ORDER_ID}`, <PaymentReturnPage />);
    await waitFor(() => expect(where()).toBe(`${PATH}?returned=1`));
  });

  it('without one in the address, opens the order being paid in this tab', async () => {
    sessionStorage.setItem(PENDING_PAYMENT_KEY, ORDER_ID);
    renderPage('/orders/payment-return', '/orders/payment-return', <PaymentReturnPage />);
    await waitFor(() => expect(where()).toBe(`${PATH}?returned=1`));
  });

  it('without either goes to the orders', async () => {
    renderPage('/orders/payment-return', '/orders/payment-return', <PaymentReturnPage />);
    await waitFor(() => expect(where()).toBe('/orders'));
  });
});

describe('cancelling the order', () => {
  it('asks first, cancels on yes and goes to the orders', async () => {
    const cancelled = { ...answer('CANCELLED', { status: 'ORDER_CANCELLED' }) };
    const { calls } = mockApi({
      [GET]: answer('NOT_STARTED'),
      [`POST /api/orders/${ORDER_ID}/cancel`]: cancelled.order,
      'GET /api/orders': { items: [], meta: { page: 1, perPage: 20, total: 0, next: null, prev: null } },
    });
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the order?' });
    expect(dialog.textContent).toContain('cannot be restored');
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: /^(Yes|Tak)$/ }));
    await waitFor(() => expect(where()).toBe('/orders'));
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === `/api/orders/${ORDER_ID}/cancel`),
    ).toHaveLength(1);
  });

  it('is not offered once the kit is on its way (the lab cancels then)', async () => {
    mockApi({ [GET]: answer('PAID', { status: 'KIT_SENT', paymentStatus: 'PAID' }) });
    page();
    await screen.findByRole('heading', { level: 3 });
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).toBeNull();
  });
});
