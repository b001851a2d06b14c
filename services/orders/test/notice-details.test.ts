import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTestDatabases } from '@gleba/testkit';
import { newCrop, newUser, orderBody, req, startHarness, type Harness, type TestUser } from './helpers';

/** What the customer's messages need from an order's events: bank details, the kit's tracking number. */
describe('status changes carry what the customer is told', () => {
  let h: Harness;
  let user: TestUser;
  type StatusChanged = {
    orderId: string;
    to: string;
    transfer?: Record<string, unknown> | null;
    trackingNumber?: string | null;
  };

  const place = async (paymentMethod: string) => {
    const crop = await newCrop(h, user, { sectors: 2 });
    const res = await req(h, 'POST', '/api/orders', user.token, orderBody(crop, { paymentMethod }));
    expect(res.status).toBe(201);
    return res.body as { order: { id: string; orderNumber: string; totalPrice: number } };
  };
  const pendingPayment = (id: string) =>
    h.events.next<StatusChanged>(
      'orders.order.status-changed',
      (e) => e.data.orderId === id && e.data.to === 'PENDING_PAYMENT',
    );

  beforeAll(async () => {
    h = await startHarness();
    user = await newUser(h);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('a traditional transfer order awaiting payment: account, recipient, title and amount', async () => {
    const { order } = await place('TRADITIONAL_TRANSFER');
    const event = await pendingPayment(order.id);
    expect(event.data.transfer).toEqual({
      amountGrosze: order.totalPrice,
      accountNumber: h.service.ctx.config.BANK_ACCOUNT_NUMBER,
      recipient: h.service.ctx.config.BANK_RECIPIENT,
      transferTitle: `Gleba ${order.orderNumber}`,
      dueDate: null,
    });
  });

  it('a deferred transfer order: the due date too; an online payment: none', async () => {
    const deferred = await place('DEFERRED_BANK_TRANSFER');
    const event = await pendingPayment(deferred.order.id);
    expect(event.data.transfer).toMatchObject({ transferTitle: `Gleba ${deferred.order.orderNumber}` });
    const due = new Date(String(event.data.transfer!.dueDate)).getTime();
    expect(Math.round((due - Date.now()) / 86_400_000)).toBe(14);

    const online = await place('ONLINE_BANK_TRANSFER');
    expect((await pendingPayment(online.order.id)).data.transfer).toBeNull();
  });

  it('the kit sent: the tracking number the lab gave', async () => {
    const { order } = await place('TRADITIONAL_TRANSFER');
    expect((await req(h, 'POST', `/farm-api/orders/${order.id}/mark-paid`, h.admin)).status).toBe(200);
    const sent = await req(h, 'POST', `/farm-api/orders/${order.id}/status`, h.admin, {
      status: 'KIT_SENT',
      trackingNumber: '13245678901234',
    });
    expect(sent.status).toBe(200);
    const event = await h.events.next<StatusChanged>(
      'orders.order.status-changed',
      (e) => e.data.orderId === order.id && e.data.to === 'KIT_SENT',
    );
    expect(event.data.trackingNumber).toBe('13245678901234');
  });
});
