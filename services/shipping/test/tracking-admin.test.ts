import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderStatusChangedV1,
  type TReturnResult,
  type TShipment,
  type TShipmentPage,
  type TShipmentWithHistory,
} from '@gleba/contracts';
import { dropTestDatabases, http, publishTestEvent, waitFor } from '@gleba/testkit';
import { dateIn } from '../src/adapters/clock';
import {
  confirmedTest,
  customer,
  getPdf,
  inspectPdf,
  startHarness,
  type Customer,
  type Harness,
} from './helpers';

type ErrorBody = { code: string; statusCode: number };
type StatusEvent = { shipmentId: string; from: string | null; to: string; at: string };

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

describe('tracking and the admin panel', () => {
  let h: Harness;
  let c: Customer;

  async function pickupShipment(): Promise<TShipment> {
    const { testId } = await confirmedTest(h, c);
    const res = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
      token: c.token,
      body: {
        shippableId: testId,
        size: 'S',
        withLabel: true,
        method: 'PICKUP_POINT',
        pickupPointId: 'PL11033',
      },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  const track = (id: string) =>
    http<TShipmentWithHistory & ErrorBody>(h.service.url, 'POST', `/garden-api/shipments/${id}/track`, {
      token: h.adminToken,
    });
  const statusEvents = (id: string) =>
    h.events
      .all()
      .filter((e) => e.type === 'shipping.parcel.status-changed' && (e.data as StatusEvent).shipmentId === id)
      .map((e) => `${(e.data as StatusEvent).from}->${(e.data as StatusEvent).to}`);

  beforeAll(async () => {
    h = await startHarness({ TRACKING_POLL_MS: 400 });
    c = await customer(h);
  });
  afterAll(async () => {
    await h?.close();
    await dropTestDatabases();
  });

  it('stores repeated and out-of-order events once and never moves a status backwards', async () => {
    const s = await pickupShipment();
    const waybill = s.waybill!;
    const droppedOff = {
      businessCode: '040102',
      description: 'Przesyłka nadana w punkcie',
      eventTime: at(120),
      depot: 'PL11033',
    };
    const inDepot = {
      businessCode: '170302',
      description: 'Przyjęcie w oddziale',
      eventTime: at(60),
      depot: '1380',
    };
    // Newest first, then the same two again: DPD repeats itself.
    h.dpd.pushEvents(waybill, [inDepot, droppedOff, inDepot, droppedOff]);
    const first = await track(s.id);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('IN_TRANSIT');
    expect(first.body.history.map((e) => e.code)).toEqual(['040102', '170302']);
    expect(first.body.history[1]).toMatchObject({
      depot: '1380',
      status: 'IN_TRANSIT',
      description: 'Przyjęcie w oddziale',
    });
    await waitFor(() => statusEvents(s.id).length >= 3);
    expect(statusEvents(s.id)).toEqual(['null->CREATED', 'CREATED->PICKED_UP', 'PICKED_UP->IN_TRANSIT']);
    const pickedUp = h.events
      .all()
      .find(
        (e) =>
          e.type === 'shipping.parcel.status-changed' &&
          (e.data as StatusEvent).to === 'PICKED_UP' &&
          (e.data as StatusEvent).shipmentId === s.id,
      );
    expect((pickedUp!.data as StatusEvent).at).toBe(droppedOff.eventTime);

    // A late, older event that means an earlier status: kept in the history, status stays.
    h.dpd.pushEvents(waybill, [
      { businessCode: '040101', description: 'Odebrana przez kuriera', eventTime: at(90), depot: '1380' },
      inDepot,
    ]);
    const second = await track(s.id);
    expect(second.body.status).toBe('IN_TRANSIT');
    expect(second.body.history.map((e) => e.code)).toEqual(['040102', '040101', '170302']);

    // Delivered to the lab: the repeatable job finds it without being asked.
    h.dpd.pushEvents(waybill, [
      { businessCode: '190102', description: 'Doręczono', eventTime: at(5), depot: '1000' },
    ]);
    await h.events.next<StatusEvent>(
      'shipping.parcel.status-changed',
      (e) => e.data.shipmentId === s.id && e.data.to === 'DELIVERED',
      10_000,
    );
    // Anything after delivery cannot bring the parcel back in transit.
    h.dpd.pushEvents(waybill, [
      { businessCode: '170301', description: 'Sortownia', eventTime: at(1), depot: '1000' },
    ]);
    const last = await track(s.id);
    expect(last.body.status).toBe('DELIVERED');
    expect(last.body.history).toHaveLength(5);
    await new Promise((r) => setTimeout(r, 900));
    expect(statusEvents(s.id)).toEqual([
      'null->CREATED',
      'CREATED->PICKED_UP',
      'PICKED_UP->IN_TRANSIT',
      'IN_TRANSIT->DELIVERED',
    ]);

    const mine = await http<TShipmentWithHistory>(h.service.url, 'GET', `/api/shipments/${s.id}`, {
      token: c.token,
    });
    expect(mine.body.history).toHaveLength(5);
  });

  it('reports a DPD tracking error (HTTP 200, non-OK status) and changes nothing', async () => {
    const s = await pickupShipment();
    // The tracking poller (every 400 ms here) asks DPD too and may take a scripted failure first:
    // enough are scripted that this request gets one, and the rest are dropped afterwards.
    for (let i = 0; i < 200; i += 1) {
      h.dpd.failNext('getEventsForWaybill', {
        level: 'parcel',
        status: 'WAYBILL_NOT_FOUND',
        waybill: s.waybill!,
      });
    }
    try {
      const res = await track(s.id);
      expect([res.status, res.body.code]).toEqual([502, 'carrierError']);
      const after = await http<TShipmentWithHistory>(h.service.url, 'GET', `/garden-api/shipments/${s.id}`, {
        token: h.adminToken,
      });
      expect(after.body).toMatchObject({ status: 'CREATED', history: [] });
    } finally {
      h.dpd.clearFailures('getEventsForWaybill');
    }
  });

  it('lists shipments per mode with paging and filters; only admins', async () => {
    const a = await pickupShipment();
    const b = await pickupShipment();
    const list = await http<TShipmentPage>(h.service.url, 'GET', '/garden-api/shipments?perPage=2&page=1', {
      token: h.adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.meta).toMatchObject({ page: 1, perPage: 2, prev: null });
    expect(list.body.meta.total).toBeGreaterThanOrEqual(3);
    const bySearch = await http<TShipmentPage>(
      h.service.url,
      'GET',
      `/garden-api/shipments?search=${a.waybill}`,
      { token: h.adminToken },
    );
    expect(bySearch.body.items.map((i) => i.id)).toEqual([a.id]);
    const delivered = await http<TShipmentPage>(
      h.service.url,
      'GET',
      '/garden-api/shipments?status=DELIVERED',
      { token: h.adminToken },
    );
    expect(delivered.body.items.every((i) => i.status === 'DELIVERED')).toBe(true);
    expect(delivered.body.items.some((i) => i.id === b.id)).toBe(false);
    const today = dateIn(new Date(), 'Europe/Warsaw');
    const byDay = await http<TShipmentPage>(
      h.service.url,
      'GET',
      `/garden-api/shipments?from=${today}&to=${today}&shipmentType=PICKUP`,
      { token: h.adminToken },
    );
    expect(byDay.body.meta.total).toBe(list.body.meta.total);
    const farm = await http<TShipmentPage>(h.service.url, 'GET', '/farm-api/shipments', {
      token: h.adminToken,
    });
    expect(farm.body.items.some((i) => i.id === a.id)).toBe(false);
    expect(
      (await http(h.service.url, 'GET', `/farm-api/shipments/${a.id}`, { token: h.adminToken })).status,
    ).toBe(404);
    expect((await http(h.service.url, 'GET', '/garden-api/shipments', { token: c.token })).status).toBe(403);
    const bad = await http<ErrorBody>(h.service.url, 'GET', '/garden-api/shipments?status=LOST', {
      token: h.adminToken,
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'validationFailed']);
  });

  it('prints labels in bulk as one PDF and the day handover protocol, each waybill with its barcode', async () => {
    const shipments = [await pickupShipment(), await pickupShipment(), await pickupShipment()];
    const bulk = await getPdf(h.service.url, 'POST', '/garden-api/shipments/labels', h.adminToken, {
      shipmentIds: shipments.map((s) => s.id),
      format: 'A4',
    });
    expect(bulk.status).toBe(200);
    const labels = await inspectPdf(bulk.pdf);
    expect(labels.pages).toBe(3);
    for (const s of shipments) expect(labels.text).toContain(s.waybill);
    expect(labels.images).toBeGreaterThanOrEqual(3);

    const one = await getPdf(
      h.service.url,
      'GET',
      `/garden-api/shipments/${shipments[0]!.id}/label?format=LABEL_PRINTER`,
      h.adminToken,
    );
    expect((await inspectPdf(one.pdf)).text).toContain(shipments[0]!.waybill);

    const today = dateIn(new Date(), 'Europe/Warsaw');
    const protocol = await getPdf(
      h.service.url,
      'GET',
      `/garden-api/shipments/protocol?date=${today}`,
      h.adminToken,
    );
    expect(protocol.status).toBe(200);
    const p = await inspectPdf(protocol.pdf);
    for (const s of shipments) expect(p.text).toContain(s.waybill);
    // The simulator's documents embed DejaVu Sans: Polish letters read back intact.
    expect(p.text).toContain('Protokół przekazania przesyłek');
    expect(protocol.pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
    expect(bulk.pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
    expect(p.images).toBeGreaterThanOrEqual(3);
    const none = await getPdf(
      h.service.url,
      'GET',
      '/garden-api/shipments/protocol?date=2020-01-02',
      h.adminToken,
    );
    expect([none.status, (none.json as ErrorBody).code]).toEqual([404, 'shipmentNotFound']);
  });

  it('creates a return (return code and RMA) with its return label', async () => {
    const s = await pickupShipment();
    const ret = await http<TReturnResult>(h.service.url, 'POST', `/garden-api/shipments/${s.id}/return`, {
      token: h.adminToken,
    });
    expect(ret.status).toBe(200);
    expect(ret.body.returnCode).toMatch(/^\d{13}U$/);
    expect(ret.body.returnCode).not.toBe(s.waybill);
    expect(ret.body.rma).toContain('RMA-');
    const again = await http<TReturnResult>(h.service.url, 'POST', `/garden-api/shipments/${s.id}/return`, {
      token: h.adminToken,
    });
    expect(again.body).toEqual(ret.body);
    const label = await getPdf(
      h.service.url,
      'GET',
      `/garden-api/shipments/${s.id}/return-label`,
      h.adminToken,
    );
    const inspected = await inspectPdf(label.pdf);
    expect(inspected.text).toContain(ret.body.returnCode);
    const detail = await http<TShipment>(h.service.url, 'GET', `/garden-api/shipments/${s.id}`, {
      token: h.adminToken,
    });
    expect(detail.body).toMatchObject({ returnCode: ret.body.returnCode, rma: ret.body.rma });
  });

  it('shows farm shipments under /farm-api', async () => {
    const orderId = randomUUID();
    await publishTestEvent(h.exchange, OrderStatusChangedV1, {
      orderId,
      orderNumber: 'F/2026/7',
      userId: c.userId,
      kind: 'FARM',
      from: 'SAMPLES_COLLECTING',
      to: 'SAMPLES_COLLECTION_COMPLETED',
      changedByUserId: null,
      changedAt: new Date().toISOString(),
      barcode: null,
    });
    await waitFor(
      async () =>
        !!(await h.service.ctx.db
          .selectFrom('shippables')
          .select('id')
          .where('id', '=', orderId)
          .executeTakeFirst()),
    );
    const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
      token: c.token,
      body: {
        shippableId: orderId,
        size: 'L',
        withLabel: true,
        method: 'PICKUP_POINT',
        pickupPointId: 'PL11033',
      },
    });
    const farm = await http<TShipmentPage>(h.service.url, 'GET', '/farm-api/shipments?search=F/2026/7', {
      token: h.adminToken,
    });
    expect(farm.body.items.map((i) => i.id)).toEqual([created.body.id]);
  });
});
