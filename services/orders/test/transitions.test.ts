import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FarmOrderStatus,
  GardenTestStatus,
  ParcelStatusChangedV1,
  ResultsImportedV1,
} from '@gleba/contracts';
import { dropTestDatabases, publishTestEvent, waitFor } from '@gleba/testkit';
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

/** What an admin may do, written out here independently of the service's table. */
const FARM_ADMIN_LEGAL: Record<string, string[]> = {
  PENDING_PAYMENT: ['ORDER_CANCELLED'],
  PAYMENT_CONFIRMED: ['KIT_SENT', 'ORDER_CANCELLED'],
  KIT_SENT: ['SAMPLES_COLLECTING_PENDING', 'SAMPLES_SENT', 'ORDER_CANCELLED'],
  SAMPLES_COLLECTING_PENDING: ['SAMPLES_COLLECTING', 'SAMPLES_SENT', 'ORDER_CANCELLED'],
  SAMPLES_COLLECTING: ['SAMPLES_COLLECTION_COMPLETED', 'SAMPLES_SENT', 'ORDER_CANCELLED'],
  SAMPLES_COLLECTION_COMPLETED: ['SAMPLES_SENT', 'ORDER_CANCELLED'],
  SAMPLES_SENT: ['SAMPLES_IN_ANALYSIS'],
  SAMPLES_IN_ANALYSIS: ['ORDER_COMPLETED'],
  ORDER_COMPLETED: [],
  RESULTS_UPDATED: [], // only the lab's new results make it (decision 0052)
  ORDER_CANCELLED: [],
};
const GARDEN_ADMIN_LEGAL: Record<string, string[]> = {
  WAITING_FOR_SHIPMENT: ['WAITING_FOR_RESULTS', 'CANCELLED'],
  WAITING_FOR_RESULTS: ['PARTIAL_RESULTS', 'COMPLETE_RESULTS', 'CANCELLED'],
  PARTIAL_RESULTS: ['COMPLETE_RESULTS', 'RESULTS_UPDATED'],
  COMPLETE_RESULTS: ['RESULTS_UPDATED', 'RESULTS_READY'],
  RESULTS_UPDATED: ['RESULTS_READY'],
  RESULTS_READY: ['RESULTS_UPDATED'],
  CANCELLED: [],
};

describe('status machines', () => {
  let h: Harness;
  let user: TestUser;
  let farmId: string;
  let gardenId: string;

  const setFarm = (status: string) =>
    h.service.ctx.db.updateTable('farm_orders').set({ status }).where('id', '=', farmId).execute();
  const setGarden = (status: string) =>
    h.service.ctx.db.updateTable('garden_tests').set({ status }).where('id', '=', gardenId).execute();
  const farmStatus = async (id = farmId) =>
    (
      await h.service.ctx.db
        .selectFrom('farm_orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const gardenStatus = async (id = gardenId) =>
    (
      await h.service.ctx.db
        .selectFrom('garden_tests')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    h = await startHarness();
    user = await newUser(h);
    const crop = await newCrop(h, user, { sectors: 1 });
    farmId = (await req(h, 'POST', '/api/orders', user.token, orderBody(crop))).body.order.id;
    const [code] = await paidBarcodes(h, 1);
    gardenId = (await req(h, 'POST', '/api/soil-tests', user.token, gardenBody(code!))).body.id;
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('farm: every admin transition is legal exactly when the table says so (409 illegalTransition otherwise), with history', async () => {
    for (const from of FarmOrderStatus.options) {
      for (const to of FarmOrderStatus.options) {
        await setFarm(from);
        const res = await req(h, 'POST', `/farm-api/orders/${farmId}/status`, h.admin, { status: to });
        const legal = FARM_ADMIN_LEGAL[from]!.includes(to);
        expect({ from, to, status: res.status }).toEqual({ from, to, status: legal ? 200 : 409 });
        if (legal) {
          expect(res.body.status).toBe(to);
          expect(res.body.statusHistory.at(-1)).toMatchObject({
            from,
            status: to,
            updatedByUserId: h.adminId,
          });
        } else {
          expect(res.body.code).toBe('illegalTransition');
          expect(res.body.details[0].message).toBe(`Illegal status change from ${from} to ${to} (by admin)`);
          expect(await farmStatus()).toBe(from);
        }
      }
    }
  });

  it('garden: every admin transition is legal exactly when the table says so', async () => {
    for (const from of GardenTestStatus.options) {
      for (const to of GardenTestStatus.options) {
        await setGarden(from);
        const res = await req(h, 'POST', `/garden-api/orders/${gardenId}/status`, h.admin, { status: to });
        const legal = GARDEN_ADMIN_LEGAL[from]!.includes(to);
        expect({ from, to, status: res.status }).toEqual({ from, to, status: legal ? 200 : 409 });
        if (legal)
          expect(res.body.statusHistory.at(-1)).toMatchObject({
            from,
            status: to,
            updatedByUserId: h.adminId,
          });
        else expect(res.body.code).toBe('illegalTransition');
      }
    }
  });

  it('farm: what the customer may do (cancel before the kit is sent, report collecting)', async () => {
    const cases: [string, string, number][] = [
      ['PENDING_PAYMENT', 'PAYMENT_CONFIRMED', 409],
      ['PAYMENT_CONFIRMED', 'KIT_SENT', 409],
      ['KIT_SENT', 'SAMPLES_COLLECTING_PENDING', 200],
      ['SAMPLES_COLLECTING_PENDING', 'SAMPLES_COLLECTING', 200],
      ['SAMPLES_COLLECTING', 'SAMPLES_COLLECTION_COMPLETED', 200],
      ['SAMPLES_COLLECTION_COMPLETED', 'SAMPLES_SENT', 409],
      ['SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS', 409],
      ['SAMPLES_IN_ANALYSIS', 'ORDER_COMPLETED', 409],
    ];
    for (const [from, to, expected] of cases) {
      await setFarm(from);
      const res = await req(h, 'POST', `/api/orders/${farmId}/status`, user.token, { status: to });
      expect({ from, to, status: res.status }).toEqual({ from, to, status: expected });
    }
    for (const [from, expected] of [
      ['PENDING_PAYMENT', 200],
      ['PAYMENT_CONFIRMED', 200],
      ['KIT_SENT', 409],
      ['ORDER_COMPLETED', 409],
    ] as const) {
      await setFarm(from);
      const res = await req(h, 'POST', `/api/orders/${farmId}/cancel`, user.token);
      expect({ from, status: res.status }).toEqual({ from, status: expected });
    }
    await h.events.next<{ orderId: string }>('orders.order.cancelled', (e) => e.data.orderId === farmId);
  });

  it('garden: the customer confirms shipment (irreversible, then the crop is fixed) or cancels before it', async () => {
    await setGarden('WAITING_FOR_SHIPMENT');
    const confirmed = await req(h, 'POST', `/api/soil-tests/${gardenId}/confirm-shipment`, user.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('WAITING_FOR_RESULTS');
    expect(confirmed.body.samplesSentDate).not.toBeNull();
    await h.events.next<{ testId: string }>(
      'orders.test.shipment-confirmed',
      (e) => e.data.testId === gardenId,
    );
    const again = await req(h, 'POST', `/api/soil-tests/${gardenId}/confirm-shipment`, user.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('illegalTransition');
    const edit = await req(h, 'PATCH', `/api/soil-tests/${gardenId}`, user.token, { plantId: 'winter-rye' });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('testAlreadyConfirmed');
    const cancel = await req(h, 'POST', `/api/soil-tests/${gardenId}/cancel`, user.token);
    expect(cancel.status).toBe(409);
    for (const to of ['PARTIAL_RESULTS', 'COMPLETE_RESULTS', 'RESULTS_UPDATED', 'WAITING_FOR_SHIPMENT']) {
      const res = await req(h, 'POST', `/garden-api/orders/${gardenId}/status`, user.token, { status: to });
      expect(res.status).toBe(403);
    }
  });

  it('every status change is published with from, to and who', async () => {
    await setFarm('PAYMENT_CONFIRMED');
    const res = await req(h, 'POST', `/farm-api/orders/${farmId}/status`, h.admin, { status: 'KIT_SENT' });
    expect(res.status).toBe(200);
    const event = await h.events.next<{
      orderId: string;
      from: string;
      to: string;
      changedByUserId: string;
      kind: string;
      userId: string;
    }>('orders.order.status-changed', (e) => e.data.orderId === farmId && e.data.to === 'KIT_SENT');
    expect(event.data).toMatchObject({
      from: 'PAYMENT_CONFIRMED',
      kind: 'FARM',
      userId: user.userId,
      changedByUserId: h.adminId,
    });
  });

  it('parcel tracking and lab imports move farm orders (samples sent, in analysis, completed)', async () => {
    const crop = await newCrop(h, user, { sectors: 1 });
    const id = (await req(h, 'POST', '/api/orders', user.token, orderBody(crop))).body.order.id;
    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({ status: 'SAMPLES_COLLECTING' })
      .where('id', '=', id)
      .execute();
    const parcel = (to: 'PICKED_UP' | 'IN_TRANSIT' | 'DELIVERED') =>
      publishTestEvent(h.exchange, ParcelStatusChangedV1, {
        shipmentId: randomUUID(),
        orderId: id,
        testId: null,
        userId: user.userId,
        waybill: '0000123456789U',
        shipmentType: 'COURIER',
        from: null,
        to,
        at: new Date().toISOString(),
      });
    await parcel('PICKED_UP');
    await waitFor(async () => (await farmStatus(id)) === 'SAMPLES_SENT');
    await parcel('IN_TRANSIT'); // already sent: nothing changes, nothing fails
    await parcel('DELIVERED');
    await waitFor(async () => (await farmStatus(id)) === 'SAMPLES_IN_ANALYSIS');
    const lab = (
      completeness: 'PARTIAL' | 'COMPLETE' | 'UPDATED',
      orderId = id,
      kind: 'FARM' | 'GARDEN' = 'FARM',
      sampleCodes: string[] = [],
    ) =>
      publishTestEvent(h.exchange, ResultsImportedV1, {
        importId: randomUUID(),
        orderId,
        orderNumber: 'x',
        userId: user.userId,
        kind,
        completeness,
        sampleCodes,
        importedAt: new Date().toISOString(),
      });
    await lab('PARTIAL');
    await lab('COMPLETE');
    await waitFor(async () => (await farmStatus(id)) === 'ORDER_COMPLETED');
    const history = (await req(h, 'GET', `/api/orders/${id}`, user.token)).body.order.statusHistory.map(
      (e: { status: string }) => e.status,
    );
    expect(history).toEqual(['PENDING_PAYMENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS', 'ORDER_COMPLETED']);
    // Results imported again for the completed order (a correction): its results are updated.
    await lab('UPDATED');
    await waitFor(async () => (await farmStatus(id)) === 'RESULTS_UPDATED');
    expect(h.service.consumer.deadLettered).toBe(0);
  });

  it('lab imports move garden tests (partial, complete, updated), confirming an unconfirmed shipment', async () => {
    const [code] = await paidBarcodes(h, 1);
    const id = (await req(h, 'POST', '/api/soil-tests', user.token, gardenBody(code!))).body.id;
    const lab = (completeness: 'PARTIAL' | 'COMPLETE' | 'UPDATED') =>
      publishTestEvent(h.exchange, ResultsImportedV1, {
        importId: randomUUID(),
        orderId: randomUUID(), // found by its barcode
        orderNumber: 'x',
        userId: user.userId,
        kind: 'GARDEN',
        completeness,
        sampleCodes: [code!],
        importedAt: new Date().toISOString(),
      });
    await lab('PARTIAL');
    await waitFor(async () => (await gardenStatus(id)) === 'PARTIAL_RESULTS');
    await lab('COMPLETE');
    await waitFor(async () => (await gardenStatus(id)) === 'COMPLETE_RESULTS');
    await lab('UPDATED');
    await waitFor(async () => (await gardenStatus(id)) === 'RESULTS_UPDATED');
    const test = (await req(h, 'GET', `/api/soil-tests/${id}`, user.token)).body;
    expect(test.statusHistory.map((e: { status: string }) => e.status)).toEqual([
      'WAITING_FOR_SHIPMENT',
      'WAITING_FOR_RESULTS',
      'PARTIAL_RESULTS',
      'COMPLETE_RESULTS',
      'RESULTS_UPDATED',
    ]);
    await h.events.next<{ orderId: string; to: string; barcode: string }>(
      'orders.order.status-changed',
      (e) => e.data.orderId === id && e.data.to === 'RESULTS_UPDATED',
    );
  });
});
