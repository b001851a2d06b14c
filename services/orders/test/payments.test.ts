import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTestDatabases, waitFor } from '@gleba/testkit';
import { newCrop, newUser, orderBody, req, startHarness, type Harness, type TestUser } from './helpers';

const sign = (o: Record<string, string | number>) =>
  createHash('sha384').update(JSON.stringify(o)).digest('hex');
/** A notification signed as Przelewy24 would, with the simulator's (and the service's default) CRC. */
function signedNotification(n: Record<string, string | number>, crc = 'simulator-crc') {
  const { sign: _drop, ...rest } = n;
  const body = {
    merchantId: rest.merchantId!,
    posId: rest.posId!,
    sessionId: rest.sessionId!,
    amount: rest.amount!,
    originAmount: rest.originAmount!,
    currency: rest.currency!,
    orderId: rest.orderId!,
    methodId: rest.methodId!,
    statement: rest.statement!,
  };
  return { ...body, sign: sign({ ...body, crc }) };
}

describe('payments', () => {
  let h: Harness;
  let user: TestUser;

  const tokenOf = (redirectUrl: string) => redirectUrl.split('/trnRequest/')[1]!;
  const order = async (id: string) => (await req(h, 'GET', `/api/orders/${id}`, user.token)).body;
  const place = async (paymentMethod: string) => {
    const crop = await newCrop(h, user, { sectors: 2 });
    const res = await req(h, 'POST', '/api/orders', user.token, orderBody(crop, { paymentMethod }));
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    h = await startHarness();
    user = await newUser(h);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('online: registers with Przelewy24, the customer pays, the signed notification is verified and the order is paid', async () => {
    const placed = await place('ONLINE_BANK_TRANSFER');
    const id = placed.order.id;
    expect(placed.payment.redirectUrl).toMatch(new RegExp(`^${h.p24.url}/trnRequest/`));
    const token = tokenOf(placed.payment.redirectUrl);
    expect(h.p24.transactions.get(token)).toMatchObject({
      amount: 6000,
      currency: 'PLN',
      status: 'REGISTERED',
    });

    const page = await fetch(placed.payment.redirectUrl);
    expect(await page.text()).toContain('60.00 PLN');
    const paid = await fetch(`${h.p24.url}/trnRequest/${token}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    // Back to the customer app's payment result page, which opens the order paid in that tab.
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:8080/orders/payment-return?orderId=${id}`);

    await waitFor(async () => (await order(id)).order.paymentStatus === 'PAID');
    const after = await order(id);
    expect(after.order).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
    expect(after.order.paidAt).not.toBeNull();
    expect(h.p24.transactions.get(token)!.status).toBe('VERIFIED');
    const paidEvent = await h.events.next<{ orderId: string; amountGrosze: number; paymentMethod: string }>(
      'orders.order.paid',
      (e) => e.data.orderId === id,
    );
    expect(paidEvent.data).toMatchObject({ amountGrosze: 6000, paymentMethod: 'ONLINE_BANK_TRANSFER' });
    for (const s of after.order.samples) {
      await h.events.next<{ code: string; kind: string; areaHa: number }>(
        'orders.sample.registered',
        (e) => e.data.code === s.code && e.data.kind === 'FARM',
      );
    }

    // A repeated notification is harmless: 200, nothing changes, no second "paid".
    const again = await h.p24.resendNotification(token);
    expect(again.notifyStatus).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect(
      h.events
        .all()
        .filter((e) => e.type === 'orders.order.paid' && (e.data as { orderId: string }).orderId === id),
    ).toHaveLength(1);
    expect((await order(id)).order.statusHistory).toHaveLength(2);
    expect((await req(h, 'POST', `/api/orders/${id}/pay`, user.token)).body.code).toBe('alreadyPaid');
  });

  it('online: refuses a forged signature and a wrong amount, keeping a failed-order record', async () => {
    const placed = await place('ONLINE_BANK_TRANSFER');
    const id = placed.order.id;
    const token = tokenOf(placed.payment.redirectUrl);
    const genuine = h.p24.notificationFor(token);

    const forged = await req(h, 'POST', '/api/payments/p24/notify', undefined, {
      ...genuine,
      sign: 'a'.repeat(96),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('invalidPaymentSignature');
    const otherCrc = await req(
      h,
      'POST',
      '/api/payments/p24/notify',
      undefined,
      signedNotification({ ...genuine }, 'attacker-crc'),
    );
    expect(otherCrc.body.code).toBe('invalidPaymentSignature');
    const tampered = await req(h, 'POST', '/api/payments/p24/notify', undefined, { ...genuine, amount: 1 });
    expect(tampered.body.code).toBe('invalidPaymentSignature');

    const wrongAmount = signedNotification({ ...genuine, amount: 100, originAmount: 100 });
    for (const attempt of [1, 2]) {
      const res = await req(h, 'POST', '/api/payments/p24/notify', undefined, wrongAmount);
      expect({ attempt, status: res.status, code: res.body.code }).toEqual({
        attempt,
        status: 400,
        code: 'paymentAmountMismatch',
      });
    }
    expect((await order(id)).order).toMatchObject({ status: 'PENDING_PAYMENT', paymentStatus: 'PENDING' });
    const detail = await req(h, 'GET', `/farm-api/orders/${id}`, h.admin);
    expect(detail.body.failedPayments).toEqual([
      expect.objectContaining({ errorType: 'AMOUNT_MISMATCH', attempts: 2 }),
    ]);

    // Paying again registers a new transaction; the genuine payment then goes through.
    const retry = await req(h, 'POST', `/api/orders/${id}/pay`, user.token);
    expect(retry.status).toBe(200);
    expect(retry.body.redirectUrl).toMatch(/\/trnRequest\//);
    expect((await h.p24.pay(tokenOf(retry.body.redirectUrl))).notifyStatus).toBe(200);
    expect((await order(id)).order.paymentStatus).toBe('PAID');
  });

  it('traditional transfer: bank details and transfer title, an admin marks it paid (once)', async () => {
    const placed = await place('TRADITIONAL_TRANSFER');
    const id = placed.order.id;
    expect(placed.payment).toMatchObject({
      method: 'TRADITIONAL_TRANSFER',
      redirectUrl: null,
      bankTransfer: { transferTitle: `Gleba ${placed.order.orderNumber}`, amount: 6000, dueDate: null },
    });
    expect(placed.payment.bankTransfer.accountNumber).toMatch(/^PL/);
    expect((await req(h, 'POST', `/farm-api/orders/${id}/mark-paid`, user.token)).status).toBe(403);
    const marked = await req(h, 'POST', `/farm-api/orders/${id}/mark-paid`, h.admin);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
    expect(marked.body.statusHistory.at(-1)).toMatchObject({
      status: 'PAYMENT_CONFIRMED',
      updatedByUserId: h.adminId,
    });
    const twice = await req(h, 'POST', `/farm-api/orders/${id}/mark-paid`, h.admin);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('alreadyPaid');
    expect((await order(id)).payment.bankTransfer).toBeNull();
  });

  it('deferred transfer: accepted at once with a due date; overdue goes to COLLECTION by the repeatable job', async () => {
    const placed = await place('DEFERRED_BANK_TRANSFER');
    const id = placed.order.id;
    expect(placed.order).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PENDING' });
    const due = new Date(placed.order.paymentDueDate).getTime();
    expect(Math.round((due - Date.now()) / 86_400_000)).toBe(14);
    expect(placed.payment.bankTransfer.dueDate).toBe(placed.order.paymentDueDate);
    await h.events.next<{ orderId: string }>('orders.sample.registered', (e) => e.data.orderId === id);

    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({ payment_due_date: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();
    await waitFor(async () => (await order(id)).order.paymentStatus === 'COLLECTION', { timeoutMs: 10_000 });
    const marked = await req(h, 'POST', `/farm-api/orders/${id}/mark-paid`, h.admin);
    expect(marked.body).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
  });

  it('garden kits bought online: paid kits get paid barcodes the buyer can add', async () => {
    const res = await req(h, 'POST', '/api/orders/kits', user.token, {
      quantity: 2,
      paymentMethod: 'ONLINE_BANK_TRANSFER',
    });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      quantity: 2,
      price: 6000,
      paymentStatus: 'PENDING',
      barcodes: [],
    });
    expect(h.p24.transactions.get(tokenOf(res.body.payment.redirectUrl))!.urlReturn).toBe(
      'http://127.0.0.1:8080/soil-tests',
    );
    await h.p24.pay(tokenOf(res.body.payment.redirectUrl));
    const kit = await waitFor(async () => {
      const k = (await req(h, 'GET', `/api/orders/kits/${res.body.order.id}`, user.token)).body;
      return k.paymentStatus === 'PAID' ? k : null;
    });
    expect(kit.barcodes).toHaveLength(2);
    expect(
      (await req(h, 'POST', '/api/soil-tests/verify', user.token, { barcode: kit.barcodes[0] })).status,
    ).toBe(200);

    const traditional = await req(h, 'POST', '/api/orders/kits', user.token, {
      quantity: 1,
      paymentMethod: 'TRADITIONAL_TRANSFER',
    });
    expect(traditional.body.payment.bankTransfer.amount).toBe(3000);
    const marked = await req(
      h,
      'POST',
      `/garden-api/kit-orders/${traditional.body.order.id}/mark-paid`,
      h.admin,
    );
    expect(marked.body).toMatchObject({ paymentStatus: 'PAID' });
    expect(marked.body.barcodes).toHaveLength(1);
  });
});
