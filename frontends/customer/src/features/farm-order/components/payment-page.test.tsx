import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, mockApi } from '../../../testing/render-app';
import { browser } from '../api/farm-order';
import { ORDER_ID, order } from '../testing/fixtures';
import { renderPage, where } from '../testing/render';
import { PENDING_PAYMENT_KEY } from '../rules/wizard';
import { PaymentPage, PaymentReturnPage, paymentOutcome } from './payment-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const ONLINE = { method: 'ONLINE_BANK_TRANSFER', redirectUrl: null, bankTransfer: null, error: null };
const PATH = `/orders/${ORDER_ID}/payment`;
const page = (props: { polls?: number } = {}, path = PATH, lang: 'pl' | 'en' | 'uk' = 'en') =>
  renderPage('/orders/:id/payment', path, <PaymentPage pollMs={60_000} {...props} />, lang);

describe('paymentOutcome', () => {
  const o = (over: Record<string, unknown>) => order(over) as Parameters<typeof paymentOutcome>[0];
  it('reads the order: paid, pending while asked again, failed after that or when registration failed, transfers, cancelled', () => {
    expect(
      paymentOutcome(o({ paymentStatus: 'PAID', status: 'PAYMENT_CONFIRMED' }), {
        registrationError: false,
        pollsLeft: true,
      }),
    ).toBe('paid');
    expect(paymentOutcome(o({}), { registrationError: false, pollsLeft: true })).toBe('pending');
    expect(paymentOutcome(o({}), { registrationError: false, pollsLeft: false })).toBe('failed');
    expect(paymentOutcome(o({}), { registrationError: true, pollsLeft: true })).toBe('failed');
    expect(
      paymentOutcome(o({ paymentMethod: 'TRADITIONAL_TRANSFER' }), {
        registrationError: false,
        pollsLeft: true,
      }),
    ).toBe('transfer');
    expect(
      paymentOutcome(o({ status: 'ORDER_CANCELLED' }), { registrationError: false, pollsLeft: true }),
    ).toBe('cancelled');
  });
});

describe('/orders/{id}/payment', () => {
  it('shows a paid order', async () => {
    mockApi({
      [`GET /api/orders/${ORDER_ID}`]: {
        order: order({ paymentStatus: 'PAID', status: 'PAYMENT_CONFIRMED' }),
        payment: ONLINE,
      },
    });
    page();
    expect(await screen.findByText('Paid. Thank you!')).toBeTruthy();
    expect(screen.getByText(/Order ZF\/2026\/000007/)).toBeTruthy();
    expect(screen.getByText(/Payment confirmed/)).toBeTruthy();
  });

  it('waits for the confirmation of an online payment', async () => {
    mockApi({ [`GET /api/orders/${ORDER_ID}`]: { order: order(), payment: ONLINE } });
    page();
    expect(await screen.findByText('Waiting for the payment confirmation…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
  });

  it('after the last check counts the payment as failed and pays again through Przelewy24', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { calls } = mockApi({
      [`GET /api/orders/${ORDER_ID}`]: { order: order(), payment: ONLINE },
      [`POST /api/orders/${ORDER_ID}/pay`]: {
        ...ONLINE,
        redirectUrl: 'http://127.0.0.1:4102/trnRequest/TOKEN-2',
      },
    });
    page({ polls: 1 });
    expect(await screen.findByText('The payment was not completed.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:4102/trnRequest/TOKEN-2'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBe(ORDER_ID);
  });

  it('"check again" finds the payment confirmed meanwhile', async () => {
    let paid = false;
    mockApi({
      [`GET /api/orders/${ORDER_ID}`]: () => ({
        order: order(paid ? { paymentStatus: 'PAID', status: 'PAYMENT_CONFIRMED' } : {}),
        payment: ONLINE,
      }),
    });
    page({ polls: 1 });
    await screen.findByText('The payment was not completed.');
    paid = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Paid. Thank you!')).toBeTruthy();
  });

  it('shows why paying again failed: already paid, or Przelewy24 refusing the registration', async () => {
    const answers = [errorBody(409, 'alreadyPaid', 'Already paid'), { ...ONLINE, error: 'paymentFailed' }];
    mockApi({
      [`GET /api/orders/${ORDER_ID}`]: { order: order(), payment: ONLINE },
      [`POST /api/orders/${ORDER_ID}/pay`]: () => answers.shift(),
    });
    page({ polls: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay again' }));
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(await screen.findByText('The payment could not be started. Try again.')).toBeTruthy();
  });

  it('shows a failed registration at once, in Polish too', async () => {
    mockApi({ [`GET /api/orders/${ORDER_ID}`]: { order: order(), payment: ONLINE } });
    page({}, `${PATH}?error=paymentFailed`, 'pl');
    expect(await screen.findByText('Płatność nie została zrealizowana.')).toBeTruthy();
    expect(screen.getByText('Nie udało się rozpocząć płatności. Spróbuj ponownie.')).toBeTruthy();
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
      [`GET /api/orders/${ORDER_ID}`]: {
        order: order({ paymentMethod: 'TRADITIONAL_TRANSFER' }),
        payment: { method: 'TRADITIONAL_TRANSFER', redirectUrl: null, bankTransfer, error: null },
      },
    });
    page();
    expect(await screen.findByText('Transfer details')).toBeTruthy();
    expect(screen.getByText('12 1020 0000 0000 0000 0000 0000')).toBeTruthy();
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
      [`GET /api/orders/${ORDER_ID}`]: {
        order: order({ paymentMethod: 'DEFERRED_BANK_TRANSFER', status: 'PAYMENT_CONFIRMED' }),
        payment: { method: 'DEFERRED_BANK_TRANSFER', redirectUrl: null, bankTransfer, error: null },
      },
    });
    page();
    expect(
      await screen.findByText(/The order is accepted and we send the kit now. Pay by 06\/12\/2026\./),
    ).toBeTruthy();
    expect(screen.getByText('Pay by')).toBeTruthy();
  });

  it('says when the order does not exist', async () => {
    mockApi({ [`GET /api/orders/${ORDER_ID}`]: errorBody(404, 'orderNotFound', 'Order not found') });
    page();
    expect(await screen.findByText('Order not found.')).toBeTruthy();
  });

  it('says when the order was cancelled', async () => {
    mockApi({
      [`GET /api/orders/${ORDER_ID}`]: { order: order({ status: 'ORDER_CANCELLED' }), payment: ONLINE },
    });
    page();
    expect(await screen.findByText('This order was cancelled.')).toBeTruthy();
  });
});

describe('/orders/payment-return (Przelewy24 urlReturn)', () => {
  it('opens the result of the order being paid in this tab', async () => {
    sessionStorage.setItem(PENDING_PAYMENT_KEY, ORDER_ID);
    renderPage('/orders/payment-return', '/orders/payment-return', <PaymentReturnPage />);
    await waitFor(() => expect(where()).toBe(PATH));
  });

  it('without one goes to the orders', async () => {
    renderPage('/orders/payment-return', '/orders/payment-return', <PaymentReturnPage />);
    await waitFor(() => expect(where()).toBe('/orders'));
  });
});
