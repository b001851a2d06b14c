import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TShipment, TShipmentWithHistory } from '@gleba/contracts';
import { dropTestDatabases, http, waitFor } from '@gleba/testkit';
import { statusOfEvent } from '../src/domain/tracking';
import { confirmedTest, customer, startHarness, type Customer, type Harness } from './helpers';

const STEP_MS = 3_600_000;

/**
 * The repeatable polling job alone (no "check now"): after each step of DPD's journey the status
 * the admin reads is the one the latest status-bearing event of the same answer's history means
 * (decision 0045: 190101 out for delivery is IN_TRANSIT, 030103 and 190103 move nothing).
 */
describe('the polling job keeps the status with the history it shows', () => {
  let h: Harness;
  let c: Customer;

  beforeAll(async () => {
    h = await startHarness({ TRACKING_POLL_MS: 300 }, { trackingStepMs: STEP_MS });
    c = await customer(h);
  });
  afterAll(async () => {
    await h?.close();
    await dropTestDatabases();
  });

  it('every step of the journey, the status matches the latest event shown', async () => {
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
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    const read = async () =>
      (
        await http<TShipmentWithHistory>(h.service.url, 'GET', `/garden-api/shipments/${id}`, {
          token: h.adminToken,
        })
      ).body;

    const codes = ['030103', '040101', '170301', '170302', '190101', '190102'];
    for (let step = 0; step < codes.length; step += 1) {
      if (step > 0) h.dpd.advanceClock(STEP_MS);
      const seen = await waitFor(
        async () => {
          const s = await read();
          return s.history.length === step + 1 ? s : null;
        },
        { message: `the job stores step ${step} (${codes[step]})` },
      );
      expect(seen.history.at(-1)!.code).toBe(codes[step]);
      const meant = [...seen.history]
        .reverse()
        .map((e) => statusOfEvent(e.code))
        .find((x) => x !== null);
      expect(seen.status, `after ${codes[step]}`).toBe(meant ?? 'CREATED');
    }
    expect((await read()).status).toBe('DELIVERED');
  });
});
