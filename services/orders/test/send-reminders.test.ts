import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CourierOrderedV1, SamplesSendReminderV1, type EventData } from '@gleba/contracts';
import { dropTestDatabases, publishTestEvent, waitFor } from '@gleba/testkit';
import { depsOf } from '../src/app/create-deps';
import { sendDueReminders } from '../src/jobs/send-reminder.worker';
import {
  gardenBody,
  newCrop,
  newUser,
  orderBody,
  paidBarcodes,
  req,
  startHarness,
  type Harness,
  type TestUser,
} from './helpers';

type Reminder = EventData<typeof SamplesSendReminderV1>;
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);

describe('the 4-day rule: a reminder after 3 days, late after 4', () => {
  let h: Harness;
  let user: TestUser;

  beforeAll(async () => {
    // The sweep is called directly here; the service's own scheduler stays out of the way.
    h = await startHarness({ SEND_REMINDER_CHECK_MS: String(3_600_000) });
    user = await newUser(h);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  const confirmedGardenTest = async () => {
    const [code] = await paidBarcodes(h, 1);
    const id = (await req(h, 'POST', '/api/soil-tests', user.token, gardenBody(code!))).body.id as string;
    expect((await req(h, 'POST', `/api/soil-tests/${id}/confirm-shipment`, user.token)).status).toBe(200);
    return id;
  };
  const backdateGarden = (id: string, days: number) =>
    h.service.ctx.db
      .updateTable('garden_tests')
      .set({ samples_sent_at: daysAgo(days) })
      .where('id', '=', id)
      .execute();

  it('reminds once, three days after the shipment was confirmed, and only when nothing was sent', async () => {
    const fresh = await confirmedGardenTest();
    const due = await confirmedGardenTest();
    const sent = await confirmedGardenTest();
    await backdateGarden(fresh, 2.5);
    await backdateGarden(due, 3.2);
    await backdateGarden(sent, 3.2);
    await publishTestEvent(h.exchange, CourierOrderedV1, {
      shipmentId: randomUUID(),
      orderId: sent,
      testId: sent,
      userId: user.userId,
      waybill: '0000000000001',
      pickupDate: '2026-05-12',
      timeWindow: '10:00-14:00',
      courierOrderNumber: 'C1',
    });
    await waitFor(async () => {
      const row = await h.service.ctx.db
        .selectFrom('garden_tests')
        .select('samples_shipped_at')
        .where('id', '=', sent)
        .executeTakeFirstOrThrow();
      return row.samples_shipped_at !== null;
    });

    const deps = depsOf(h.service.ctx);
    expect(await sendDueReminders(deps)).toBe(1);
    const reminder = await h.events.next<Reminder>(SamplesSendReminderV1.type, (e) => e.data.orderId === due);
    expect(reminder.data).toMatchObject({ kind: 'GARDEN', userId: user.userId });
    expect(new Date(reminder.data.sendBy).getTime() - new Date(reminder.data.since).getTime()).toBe(4 * DAY);
    // Once: the next sweep finds nothing to remind.
    expect(await sendDueReminders(deps)).toBe(0);
    expect(
      h.events
        .all()
        .filter(
          (e) =>
            e.type === SamplesSendReminderV1.type && [fresh, sent].includes((e.data as Reminder).orderId),
        ),
    ).toHaveLength(0);
  });

  it('a farm order counts from the kit arriving (a day after it was sent); the admin list shows and filters the late ones', async () => {
    const crop = await newCrop(h, user, { sectors: 1 });
    const order = (await req(h, 'POST', '/api/orders', user.token, orderBody(crop))).body.order;
    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({ status: 'PAYMENT_CONFIRMED' })
      .where('id', '=', order.id)
      .execute();
    expect(
      (await req(h, 'POST', `/farm-api/orders/${order.id}/status`, h.admin, { status: 'KIT_SENT' })).status,
    ).toBe(200);
    const kitSent = await h.service.ctx.db
      .selectFrom('farm_orders')
      .select('kit_sent_at')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kitSent.kit_sent_at).not.toBeNull();

    // Three and a half days after the kit was sent: only two and a half since it arrived.
    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({ kit_sent_at: daysAgo(3.5) })
      .where('id', '=', order.id)
      .execute();
    const deps = depsOf(h.service.ctx);
    expect(await sendDueReminders(deps)).toBe(0);
    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({ kit_sent_at: daysAgo(4.2) })
      .where('id', '=', order.id)
      .execute();
    expect(await sendDueReminders(deps)).toBe(1);
    await h.events.next<Reminder>(
      SamplesSendReminderV1.type,
      (e) => e.data.orderId === order.id && e.data.kind === 'FARM',
    );

    const list = (query: string) => req(h, 'GET', `/farm-api/orders?${query}`, h.admin);
    let row = (await list('perPage=100')).body.items.find((o: { id: string }) => o.id === order.id);
    expect(row.isLate).toBe(false);
    expect((await list('late=true')).body.items.map((o: { id: string }) => o.id)).not.toContain(order.id);
    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({ kit_sent_at: daysAgo(5.5) })
      .where('id', '=', order.id)
      .execute();
    row = (await list('perPage=100')).body.items.find((o: { id: string }) => o.id === order.id);
    expect(row.isLate).toBe(true);
    expect((await list('late=true')).body.items.map((o: { id: string }) => o.id)).toEqual([order.id]);

    const late = await confirmedGardenTest();
    await backdateGarden(late, 4.5);
    const garden = await req(h, 'GET', '/garden-api/orders?late=true', h.admin);
    expect(garden.body.items.map((o: { id: string; isLate: boolean }) => [o.id, o.isLate])).toEqual([
      [late, true],
    ]);
  });
});
