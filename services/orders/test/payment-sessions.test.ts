import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTestDatabases, waitFor } from '@gleba/testkit';
import { newCrop, newUser, orderBody, req, startHarness, type Harness, type TestUser } from './helpers';

// The online payment session rules (decision 0039): every session ends (paid, rejected, abandoned,
// expired, cancelled), an unpaid order can pay again or switch to a transfer, and money that
// arrives for a cancelled order is recorded as to be refunded, never "cancelled and paid".

const tokenOf = (redirectUrl: string) => redirectUrl.split('/trnRequest/')[1]!;

interface Ended {
  orderId: string;
  sessionId: string;
  outcome: string;
  userId: string;
  amountGrosze: number;
}

function helpers(get: () => { h: Harness; user: TestUser }) {
  const order = async (id: string) => (await req(get().h, 'GET', `/api/orders/${id}`, get().user.token)).body;
  const check = async (id: string, final = false) =>
    req(get().h, 'POST', `/api/orders/${id}/payment/check`, get().user.token, { final });
  const placeOnline = async () => {
    const { h, user } = get();
    const crop = await newCrop(h, user, { sectors: 2 });
    const res = await req(
      h,
      'POST',
      '/api/orders',
      user.token,
      orderBody(crop, { paymentMethod: 'ONLINE_BANK_TRANSFER' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.order.id as string, token: tokenOf(res.body.payment.redirectUrl) };
  };
  const sessionEvents = (id: string) =>
    get()
      .h.events.all()
      .filter((e) => e.type === 'orders.payment.session-ended' && (e.data as Ended).orderId === id)
      .map((e) => (e.data as Ended).outcome);
  return { order, check, placeOnline, sessionEvents };
}

describe('payment sessions', () => {
  let h: Harness;
  let user: TestUser;
  const { order, check, placeOnline, sessionEvents } = helpers(() => ({ h, user }));

  beforeAll(async () => {
    h = await startHarness();
    user = await newUser(h);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('a rejected payment is reported as rejected; the order offers pay again and a transfer, and paying again succeeds', async () => {
    const { id, token } = await placeOnline();
    const placed = await order(id);
    expect(placed.payment).toMatchObject({
      outcome: 'AWAITING',
      session: { status: 'REGISTERED', amount: 6000 },
      canPayAgain: true,
      canSwitchToTransfer: true,
    });
    expect(new Date(placed.payment.session.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(h.p24.transactions.get(token)!.timeLimit).toBe(30);

    // "Odrzuć płatność" on the Przelewy24 page; Przelewy24 sends no notification for it.
    const rejected = await fetch(`${h.p24.url}/trnRequest/${token}/fail`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(rejected.headers.get('location')).toBe(
      `http://127.0.0.1:8080/orders/payment-return?orderId=${id}`,
    );
    const checked = await check(id);
    expect(checked.status).toBe(200);
    expect(checked.body.payment).toMatchObject({
      outcome: 'REJECTED',
      session: { status: 'REJECTED' },
      canPayAgain: true,
      canSwitchToTransfer: true,
    });
    expect(checked.body.order).toMatchObject({ status: 'PENDING_PAYMENT', paymentStatus: 'PENDING' });
    const ended = await h.events.next<Ended>(
      'orders.payment.session-ended',
      (e) => e.data.orderId === id && e.data.outcome === 'REJECTED',
    );
    expect(ended.data).toMatchObject({ userId: user.userId, amountGrosze: 6000 });
    // Asking again changes nothing more.
    expect((await check(id, true)).body.payment.outcome).toBe('REJECTED');

    const again = await req(h, 'POST', `/api/orders/${id}/pay`, user.token);
    expect(again.status).toBe(200);
    const second = tokenOf(again.body.redirectUrl);
    expect(second).not.toBe(token);
    expect((await order(id)).payment).toMatchObject({
      outcome: 'AWAITING',
      session: { status: 'REGISTERED' },
    });
    expect((await h.p24.pay(second)).notifyStatus).toBe(200);
    const paid = await order(id);
    expect(paid.order).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
    expect(paid.payment).toMatchObject({
      outcome: 'PAID',
      session: { status: 'VERIFIED' },
      canPayAgain: false,
      canSwitchToTransfer: false,
    });
    expect(sessionEvents(id)).toEqual(['REJECTED']);
    expect((await req(h, 'POST', `/api/orders/${id}/pay`, user.token)).body.code).toBe('alreadyPaid');
  });

  it('a customer back without paying waits, then, when the page stops waiting, the payment counts as abandoned', async () => {
    const { id, token } = await placeOnline();
    expect((await check(id)).body.payment.outcome).toBe('AWAITING');
    const final = await check(id, true);
    expect(final.body.payment).toMatchObject({ outcome: 'ABANDONED', session: { status: 'ABANDONED' } });
    await h.events.next<Ended>(
      'orders.payment.session-ended',
      (e) => e.data.orderId === id && e.data.outcome === 'ABANDONED',
    );
    // Back on the Przelewy24 tab the customer pays after all: the money pays the order.
    expect((await h.p24.pay(token)).notifyStatus).toBe(200);
    expect((await order(id)).order).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
  });

  it('the return page settles a paid session whose notification has not come', async () => {
    const { id, token } = await placeOnline();
    // Paid at Przelewy24, the notification lost on the way.
    h.p24.transactions.get(token)!.status = 'PAID';
    const checked = await check(id);
    expect(checked.body.payment.outcome).toBe('PAID');
    expect(checked.body.order).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
    expect(h.p24.transactions.get(token)!.status).toBe('VERIFIED');
    // The notification arriving late is a harmless repeat.
    expect((await h.p24.resendNotification(token)).notifyStatus).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      h.events
        .all()
        .filter((e) => e.type === 'orders.order.paid' && (e.data as { orderId: string }).orderId === id),
    ).toHaveLength(1);
  });

  it('paying again ends the open session; if both are paid, the second payment is to be refunded, not counted twice', async () => {
    const { id, token: first } = await placeOnline();
    const again = await req(h, 'POST', `/api/orders/${id}/pay`, user.token);
    const second = tokenOf(again.body.redirectUrl);
    await h.events.next<Ended>(
      'orders.payment.session-ended',
      (e) => e.data.orderId === id && e.data.outcome === 'ABANDONED',
    );
    expect((await h.p24.pay(second)).notifyStatus).toBe(200);
    expect((await h.p24.pay(first)).notifyStatus).toBe(200);
    const after = await order(id);
    expect(after.order).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
    const refund = await h.events.next<{ orderId: string; reason: string; amountGrosze: number }>(
      'orders.payment.refund-due',
      (e) => e.data.orderId === id,
    );
    expect(refund.data).toMatchObject({ reason: 'ALREADY_PAID', amountGrosze: 6000 });
    const detail = await req(h, 'GET', `/farm-api/orders/${id}`, h.admin);
    expect(detail.body.payments.map((p: { status: string }) => p.status).sort()).toEqual([
      'REFUND_DUE',
      'VERIFIED',
    ]);
  });

  it('switching to a traditional transfer ends the online session and shows the bank details', async () => {
    const { id } = await placeOnline();
    const switched = await req(h, 'POST', `/api/orders/${id}/payment-method`, user.token, {
      paymentMethod: 'TRADITIONAL_TRANSFER',
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.order).toMatchObject({
      paymentMethod: 'TRADITIONAL_TRANSFER',
      status: 'PENDING_PAYMENT',
    });
    expect(switched.body.payment).toMatchObject({
      outcome: 'TRANSFER',
      method: 'TRADITIONAL_TRANSFER',
      session: { status: 'ABANDONED' },
      canSwitchToTransfer: false,
      canPayAgain: true,
      bankTransfer: { transferTitle: `Gleba ${switched.body.order.orderNumber}`, amount: 6000 },
    });
    const bad = await req(h, 'POST', `/api/orders/${id}/payment-method`, user.token, {
      paymentMethod: 'DEFERRED_BANK_TRANSFER',
    });
    expect(bad.status).toBe(400);
    // Online after all: a new session, the order online again.
    const online = await req(h, 'POST', `/api/orders/${id}/pay`, user.token);
    expect(online.body.redirectUrl).toMatch(/\/trnRequest\//);
    expect((await order(id)).order.paymentMethod).toBe('ONLINE_BANK_TRANSFER');
    // Another user cannot switch it.
    const other = await newUser(h);
    const foreign = await req(h, 'POST', `/api/orders/${id}/payment-method`, other.token, {
      paymentMethod: 'TRADITIONAL_TRANSFER',
    });
    expect(foreign.status).toBe(404);
  });

  it('cancelling ends the payment session; a signed payment that still arrives is recorded as to be refunded, the order stays cancelled', async () => {
    const { id, token } = await placeOnline();
    const cancelled = await req(h, 'POST', `/api/orders/${id}/cancel`, user.token);
    expect(cancelled.status).toBe(200);
    await h.events.next<Ended>(
      'orders.payment.session-ended',
      (e) => e.data.orderId === id && e.data.outcome === 'CANCELLED',
    );
    expect((await order(id)).payment).toMatchObject({
      outcome: 'CANCELLED',
      session: { status: 'CANCELLED' },
      canPayAgain: false,
      canSwitchToTransfer: false,
    });
    expect((await req(h, 'POST', `/api/orders/${id}/pay`, user.token)).body.code).toBe('cancelNotAllowed');

    // The old Przelewy24 page is still open: the customer pays it; the notification is genuine.
    expect((await h.p24.pay(token)).notifyStatus).toBe(200);
    const after = await order(id);
    expect(after.order).toMatchObject({
      status: 'ORDER_CANCELLED',
      paymentStatus: 'REFUND_DUE',
      paidAt: null,
    });
    expect(after.payment).toMatchObject({ outcome: 'REFUND_DUE', session: { status: 'REFUND_DUE' } });
    const refund = await h.events.next<{ orderId: string; reason: string; userId: string }>(
      'orders.payment.refund-due',
      (e) => e.data.orderId === id,
    );
    expect(refund.data).toMatchObject({ reason: 'ORDER_CANCELLED', userId: user.userId });

    // Repeated notifications change nothing and announce nothing again.
    for (let i = 0; i < 2; i += 1) expect((await h.p24.resendNotification(token)).notifyStatus).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    const all = h.events.all().filter((e) => (e.data as { orderId?: string }).orderId === id);
    expect(all.filter((e) => e.type === 'orders.payment.refund-due')).toHaveLength(1);
    expect(all.filter((e) => e.type === 'orders.order.paid')).toHaveLength(0);
    expect(all.filter((e) => e.type === 'orders.sample.registered')).toHaveLength(0);

    // The admin sees it in the list (filter) and the detail, and records the refund once.
    const list = await req(h, 'GET', '/farm-api/orders?paymentStatus=REFUND_DUE', h.admin);
    expect(list.status).toBe(200);
    expect(list.body.items.map((o: { id: string }) => o.id)).toContain(id);
    const detail = await req(h, 'GET', `/farm-api/orders/${id}`, h.admin);
    expect(detail.body).toMatchObject({ status: 'ORDER_CANCELLED', paymentStatus: 'REFUND_DUE' });
    expect(detail.body.payments).toEqual([
      expect.objectContaining({ status: 'REFUND_DUE', amount: 6000, providerOrderId: expect.any(Number) }),
    ]);
    expect((await req(h, 'POST', `/farm-api/orders/${id}/mark-refunded`, user.token)).status).toBe(403);
    const refunded = await req(h, 'POST', `/farm-api/orders/${id}/mark-refunded`, h.admin);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ paymentStatus: 'REFUNDED', payments: [{ status: 'REFUNDED' }] });
    const twice = await req(h, 'POST', `/farm-api/orders/${id}/mark-refunded`, h.admin);
    expect(twice.body.code).toBe('refundNotDue');
    expect((await order(id)).payment.outcome).toBe('REFUNDED');
  });

  it('cancelling an order already paid makes its payment due for a refund and says so', async () => {
    const { id, token } = await placeOnline();
    expect((await h.p24.pay(token)).notifyStatus).toBe(200);
    expect((await order(id)).order.paymentStatus).toBe('PAID');
    expect((await req(h, 'POST', `/api/orders/${id}/cancel`, user.token)).status).toBe(200);
    const after = await order(id);
    expect(after.order).toMatchObject({ status: 'ORDER_CANCELLED', paymentStatus: 'REFUND_DUE' });
    expect(after.payment).toMatchObject({ outcome: 'REFUND_DUE', session: { status: 'REFUND_DUE' } });
    await h.events.next<{ orderId: string; reason: string }>(
      'orders.payment.refund-due',
      (e) => e.data.orderId === id && e.data.reason === 'ORDER_CANCELLED',
    );
  });

  it('a cancel racing a payment never leaves an order cancelled and paid', async () => {
    const placed = await Promise.all([placeOnline(), placeOnline(), placeOnline()]);
    await Promise.all(
      placed.flatMap(({ id, token }) => [
        req(h, 'POST', `/api/orders/${id}/cancel`, user.token),
        h.p24.pay(token),
      ]),
    );
    for (const { id } of placed) {
      const o = (await order(id)).order;
      // Paid first then cancelled, or cancelled first then paid: either way the money is to be
      // returned; or the cancel lost (paid and confirmed).
      if (o.status === 'ORDER_CANCELLED') expect(o.paymentStatus).toBe('REFUND_DUE');
      else expect(o).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
    }
  });
});

describe('payment session expiry', () => {
  let h: Harness;
  let user: TestUser;
  const { order, placeOnline } = helpers(() => ({ h, user }));

  beforeAll(async () => {
    h = await startHarness({ PAYMENT_SESSION_TTL_MS: '400', PAYMENT_SESSION_CHECK_MS: '200' });
    user = await newUser(h);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('an unpaid session expires by the repeatable job and is announced; the order can be paid again, and a late payment still pays it', async () => {
    const { id, token } = await placeOnline();
    expect(h.p24.transactions.get(token)!.timeLimit).toBe(1);
    const ended = await h.events.next<Ended>(
      'orders.payment.session-ended',
      (e) => e.data.orderId === id && e.data.outcome === 'EXPIRED',
      15_000,
    );
    expect(ended.data).toMatchObject({ userId: user.userId, amountGrosze: 6000 });
    expect((await order(id)).payment).toMatchObject({
      outcome: 'EXPIRED',
      session: { status: 'EXPIRED' },
      canPayAgain: true,
      canSwitchToTransfer: true,
    });
    expect((await order(id)).order.status).toBe('PENDING_PAYMENT');
    // The expired session is paid late (within Przelewy24's own limit): the money pays the order.
    expect((await h.p24.pay(token)).notifyStatus).toBe(200);
    await waitFor(async () => (await order(id)).order.paymentStatus === 'PAID');
    expect((await order(id)).payment.outcome).toBe('PAID');
  });

  it('a registration that never finished expires too', async () => {
    const { id } = await placeOnline();
    await waitFor(async () => (await order(id)).payment.outcome === 'EXPIRED', { timeoutMs: 15_000 });
    // As if the process had stopped between recording the session and Przelewy24's answer.
    await h.service.ctx.db
      .insertInto('payments')
      .values({
        id: randomUUID(),
        subject_kind: 'FARM',
        subject_id: id,
        session_id: randomUUID(),
        amount: 6000,
        currency: 'PLN',
        status: 'REGISTERING',
        token: null,
        provider_order_id: null,
        verified_at: null,
        expires_at: new Date(Date.now() - 1000),
      })
      .execute();
    expect((await order(id)).payment.outcome).toBe('AWAITING');
    await waitFor(async () => (await order(id)).payment.outcome === 'EXPIRED', { timeoutMs: 15_000 });
  });

  it('a session paid but not yet notified is settled by the sweep, not expired', async () => {
    const { id, token } = await placeOnline();
    h.p24.transactions.get(token)!.status = 'PAID';
    await waitFor(async () => (await order(id)).order.paymentStatus === 'PAID', { timeoutMs: 15_000 });
    expect((await order(id)).payment.session.status).toBe('VERIFIED');
  });
});
