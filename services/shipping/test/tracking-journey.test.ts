import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TShipment, TShipmentPage, TShipmentWithHistory } from '@gleba/contracts';
import { dropTestDatabases, http, waitFor } from '@gleba/testkit';
import { confirmedTest, customer, startHarness, type Customer, type Harness } from './helpers';

type Tracked = TShipmentWithHistory & { found: { newEvents: number; steps: string[] } };
type StatusEvent = { shipmentId: string; from: string | null; to: string };

const STEP_MS = 3_600_000;

/** The simulator moves each parcel through DPD's sequence on its own clock, moved by the test. */
describe('tracking that moves: DPD sequence, each event once, shipping cost', () => {
  let h: Harness;
  let c: Customer;

  async function ship(method: 'COURIER' | 'PICKUP_POINT', size: 'S' | 'M' = 'S'): Promise<TShipment> {
    const { testId } = await confirmedTest(h, c);
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    const res = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
      token: c.token,
      body:
        method === 'COURIER'
          ? {
              shippableId: testId,
              size,
              withLabel: true,
              method,
              courier: { date: monday.toISOString().slice(0, 10), timeWindow: '10:00-13:00' },
            }
          : { shippableId: testId, size, withLabel: true, method, pickupPointId: 'PL11033' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }
  const track = async (id: string) =>
    (
      await http<Tracked>(h.service.url, 'POST', `/garden-api/shipments/${id}/track`, {
        token: h.adminToken,
      })
    ).body;
  const statusEvents = (id: string) =>
    h.events
      .all()
      .filter((e) => e.type === 'shipping.parcel.status-changed' && (e.data as StatusEvent).shipmentId === id)
      .map((e) => `${(e.data as StatusEvent).from}->${(e.data as StatusEvent).to}`);

  beforeAll(async () => {
    h = await startHarness({}, { trackingStepMs: STEP_MS });
    c = await customer(h);
  });
  afterAll(async () => {
    await h?.close();
    await dropTestDatabases();
  });

  it('records the DPD price of each parcel as its shipping cost and shows it to the admin', async () => {
    const pickup = await ship('PICKUP_POINT', 'S');
    const courier = await ship('COURIER', 'M');
    expect(pickup.shippingCost).toBe(1599);
    expect(courier.shippingCost).toBe(1899);
    const list = await http<TShipmentPage>(h.service.url, 'GET', '/garden-api/shipments?perPage=100', {
      token: h.adminToken,
    });
    const costs = Object.fromEntries(list.body.items.map((s) => [s.id, s.shippingCost]));
    expect(costs[pickup.id]).toBe(1599);
    expect(costs[courier.id]).toBe(1899);
  });

  it('a delivered parcel: registered, picked up, in transit, at the depot, out for delivery, delivered; "check now" says what it found', async () => {
    const s = await ship('COURIER');
    const first = await track(s.id);
    expect(first.found).toEqual({ newEvents: 1, steps: [] });
    expect(first.history.map((e) => e.code)).toEqual(['030103']);
    expect(first.status).toBe('CREATED');

    h.dpd.advanceClock(STEP_MS);
    const picked = await track(s.id);
    expect(picked.found).toEqual({ newEvents: 1, steps: ['PICKED_UP'] });

    h.dpd.advanceClock(2 * STEP_MS);
    const moving = await track(s.id);
    expect(moving.found).toEqual({ newEvents: 2, steps: ['IN_TRANSIT'] });
    // Nothing new since: the second check finds nothing and stores nothing twice.
    expect((await track(s.id)).found).toEqual({ newEvents: 0, steps: [] });

    h.dpd.advanceClock(2 * STEP_MS);
    const done = await track(s.id);
    expect(done.status).toBe('DELIVERED');
    expect(done.found).toEqual({ newEvents: 2, steps: ['DELIVERED'] });
    expect(done.history.map((e) => e.code)).toEqual([
      '030103',
      '040101',
      '170301',
      '170302',
      '190101',
      '190102',
    ]);
    expect(done.history.map((e) => e.status)).toEqual([
      null,
      'PICKED_UP',
      'IN_TRANSIT',
      'IN_TRANSIT',
      'IN_TRANSIT',
      'DELIVERED',
    ]);
    await waitFor(() => statusEvents(s.id).length >= 4);
    expect(statusEvents(s.id)).toEqual([
      'null->CREATED',
      'CREATED->PICKED_UP',
      'PICKED_UP->IN_TRANSIT',
      'IN_TRANSIT->DELIVERED',
    ]);
    // The customer reads the same history.
    const own = await http<TShipmentWithHistory>(h.service.url, 'GET', `/api/shipments/${s.id}`, {
      token: c.token,
    });
    expect(own.body.history).toHaveLength(6);
  });

  it('an exception (failed delivery) and then delivered; a return ends RETURNED; repeated checks store each event once', async () => {
    const exception = await ship('PICKUP_POINT');
    const returned = await ship('PICKUP_POINT');
    h.dpd.journey(exception.waybill!, 'EXCEPTION');
    h.dpd.journey(returned.waybill!, 'RETURN');
    h.dpd.advanceClock(20 * STEP_MS);
    // Several polls of the job see the whole journey; every event is stored once.
    for (let i = 0; i < 3; i += 1) await track(exception.id);
    const ex = await track(exception.id);
    expect(ex.status).toBe('DELIVERED');
    expect(ex.history.map((e) => e.code)).toEqual([
      '030103',
      '040101',
      '170301',
      '170302',
      '190101',
      '190103',
      '170302',
      '190101',
      '190102',
    ]);
    const back = await track(returned.id);
    expect(back.status).toBe('RETURNED');
    expect(back.history.map((e) => e.code).slice(-2)).toEqual(['190103', '230101']);
    expect((await track(returned.id)).history).toHaveLength(back.history.length);
    await waitFor(() => statusEvents(returned.id).length >= 4);
    expect(statusEvents(returned.id)).toEqual([
      'null->CREATED',
      'CREATED->PICKED_UP',
      'PICKED_UP->IN_TRANSIT',
      'IN_TRANSIT->RETURNED',
    ]);
  });
});
