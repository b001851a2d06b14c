import { describe, expect, it } from 'vitest';
import { DPD_CODES, journeyEvents, journeySteps } from './journey';
import { dpdPrice, startDpdSimulator } from './index';

describe('DPD simulator journeys', () => {
  it('each journey follows DPD sequence; events appear one step at a time', () => {
    const codes = (j: Parameters<typeof journeySteps>[0], pudo = false) =>
      journeySteps(j, pudo).map((s) => s.businessCode);
    expect(codes('DELIVERED')).toEqual(['030103', '040101', '170301', '170302', '190101', '190102']);
    expect(codes('DELIVERED', true)[1]).toBe(DPD_CODES.droppedAtPickupPoint);
    expect(codes('EXCEPTION').slice(5)).toEqual(['190103', '170302', '190101', '190102']);
    expect(codes('RETURN').slice(-2)).toEqual(['190103', '230101']);

    const steps = journeySteps('DELIVERED', false);
    const t0 = Date.parse('2026-11-26T08:00:00Z');
    expect(journeyEvents(steps, t0, t0 - 1, 1000)).toEqual([]);
    expect(journeyEvents(steps, t0, t0, 1000).map((e) => e.businessCode)).toEqual(['030103']);
    const two = journeyEvents(steps, t0, t0 + 1999, 1000);
    expect(two.map((e) => e.eventTime)).toEqual(['2026-11-26T08:00:00.000Z', '2026-11-26T08:00:01.000Z']);
    expect(journeyEvents(steps, t0, t0 + 60_000, 1000)).toHaveLength(6);
  });

  it('prices a parcel by weight, cheaper through DPD Pickup', () => {
    expect(dpdPrice(5, false)).toBe(1599);
    expect(dpdPrice(10, false)).toBe(1899);
    expect(dpdPrice(20, true)).toBe(2099);
  });

  it('the simulator clock moves parcels; a journey is chosen per waybill; 0 keeps only pushed events', async () => {
    const sim = await startDpdSimulator({ trackingStepMs: 60_000 });
    const still = await startDpdSimulator();
    try {
      const auth = (s: typeof sim) => ({
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${s.login}:${s.password}`).toString('base64')}`,
        'x-dpd-fid': s.fid,
      });
      const post = async (s: typeof sim, path: string, body: unknown) =>
        (
          await fetch(`${s.url}${path}`, { method: 'POST', headers: auth(s), body: JSON.stringify(body) })
        ).json();
      const pkg = {
        packages: [
          {
            sender: { postalCode: '02-495' },
            receiver: { postalCode: '00-950' },
            parcels: [{ weight: 5 }],
          },
        ],
      };
      const made = (await post(sim, '/public/shipment/v1/generatePackagesNumbers', pkg)) as {
        packages: { price: { amount: number }; parcels: { waybill: string }[] }[];
      };
      expect(made.packages[0]!.price.amount).toBe(1599);
      const waybill = made.packages[0]!.parcels[0]!.waybill;
      const events = async (s: typeof sim, w: string) =>
        (
          (await post(s, '/public/info/v1/getEventsForWaybill', { waybill: w })) as {
            result: { eventsList: { businessCode: string }[] };
          }
        ).result.eventsList.map((e) => e.businessCode);
      expect(await events(sim, waybill)).toEqual(['030103']);
      sim.journey(waybill, 'RETURN');
      await fetch(`${sim.url}/__sim/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: 10 * 60_000 }),
      });
      expect((await events(sim, waybill)).at(-1)).toBe('230101');

      const other = (await post(still, '/public/shipment/v1/generatePackagesNumbers', pkg)) as {
        packages: { parcels: { waybill: string }[] }[];
      };
      expect(await events(still, other.packages[0]!.parcels[0]!.waybill)).toEqual([]);
    } finally {
      await sim.close();
      await still.close();
    }
  });
});
