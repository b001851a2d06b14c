import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CropCreatedV1, SAMPLING_LIMITS, type TCropSnapshot } from '@gleba/contracts';
import { dropTestDatabases, publishTestEvent, waitFor } from '@gleba/testkit';
import { newUser, orderBody, req, startHarness, type Harness, type TestUser } from './helpers';

/** About 200 m x 110 m near Stojadła. */
const SECTOR = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [21.6, 52.155],
      [21.603, 52.155],
      [21.603, 52.156],
      [21.6, 52.156],
      [21.6, 52.155],
    ],
  ],
};

async function cropWithOutline(h: Harness, user: TestUser, sectors: number): Promise<TCropSnapshot> {
  const crop: TCropSnapshot = {
    cropId: randomUUID(),
    userId: user.userId,
    name: 'Rzepak',
    plantId: 'winter-wheat',
    plantGroup: 'FIELD',
    plantType: 'CEREALS',
    areaHa: 2.2,
    plotNumbers: ['7/1'],
    fieldName: 'Pole przy drodze',
    geometry: SECTOR,
    sectors: Array.from({ length: sectors }, (_, i) => ({
      sectorId: randomUUID(),
      name: `S${i + 1}`,
      areaHa: 2.2,
      geometry: SECTOR,
    })),
  };
  await publishTestEvent(h.exchange, CropCreatedV1, crop);
  await waitFor(() =>
    h.service.ctx.db
      .selectFrom('crops')
      .select('crop_id')
      .where('crop_id', '=', crop.cropId)
      .executeTakeFirst(),
  );
  return crop;
}

const puncture = (pointIndex: number, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  pointIndex,
  lng: 21.6015,
  lat: 52.1555,
  accuracyM: 4.5,
  takenAt: new Date(Date.UTC(2026, 10, 26, 9, 0, pointIndex)).toISOString(),
  ...extra,
});

describe('guided sampling: the plan and the punctures taken', () => {
  let h: Harness;
  let owner: TestUser;
  let other: TestUser;
  let orderId: string;
  let sampleId: string;
  let otherOrderId: string;
  let otherSampleId: string;

  beforeAll(async () => {
    h = await startHarness();
    owner = await newUser(h);
    other = await newUser(h);
    const crop = await cropWithOutline(h, owner, 1);
    const placed = await req(
      h,
      'POST',
      '/api/orders',
      owner.token,
      orderBody(crop, { puncturesPerSector: 12 }),
    );
    expect(placed.status).toBe(201);
    orderId = placed.body.order.id;
    sampleId = placed.body.order.samples[0].id;
    expect((await req(h, 'POST', `/farm-api/orders/${orderId}/mark-paid`, h.admin)).status).toBe(200);
    const theirs = await cropWithOutline(h, other, 0);
    const p2 = await req(h, 'POST', '/api/orders', other.token, orderBody(theirs));
    otherOrderId = p2.body.order.id;
    otherSampleId = p2.body.order.samples[0].id;
    await req(h, 'POST', `/farm-api/orders/${otherOrderId}/mark-paid`, h.admin);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('plans the punctures of each sample inside its sector, and the undivided crop in its outline', async () => {
    const res = await req(h, 'GET', `/api/orders/${orderId}/sampling`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderId, open: true, status: 'PAYMENT_CONFIRMED' });
    const [s] = res.body.samples;
    expect(s).toMatchObject({ sampleId, punctures: 12, taken: [], geometry: SECTOR });
    expect(s.pattern.points).toHaveLength(12);
    expect(s.pattern.layout).toBe('W');
    for (const [lng, lat] of s.pattern.points) {
      expect(lng).toBeGreaterThan(21.6);
      expect(lng).toBeLessThan(21.603);
      expect(lat).toBeGreaterThan(52.155);
      expect(lat).toBeLessThan(52.156);
    }
    // The same plan every time.
    expect((await req(h, 'GET', `/api/orders/${orderId}/sampling`, owner.token)).body).toEqual(res.body);

    const undivided = await req(h, 'GET', `/api/orders/${otherOrderId}/sampling`, other.token);
    expect(undivided.body.samples[0].geometry).toEqual(SECTOR);
    expect(undivided.body.samples[0].pattern.points).toHaveLength(10);
  });

  it('records punctures once (a resend changes nothing), counts them on the order, tells the lab', async () => {
    const first = [puncture(0), puncture(1)];
    const res = await req(h, 'POST', `/api/orders/${orderId}/samples/${sampleId}/punctures`, owner.token, {
      punctures: first,
    });
    expect(res.status).toBe(200);
    expect(res.body.taken).toEqual(first);
    const event = await h.events.next<{ sampleId: string; puncturesTaken: number; puncturesPlanned: number }>(
      'orders.sample.punctures-recorded',
      (e) => (e.data as { sampleId: string }).sampleId === sampleId,
    );
    expect(event.data).toMatchObject({ puncturesTaken: 2, puncturesPlanned: 12, orderId });

    const again = await req(h, 'POST', `/api/orders/${orderId}/samples/${sampleId}/punctures`, owner.token, {
      punctures: [...first, puncture(2)],
    });
    expect(again.body.taken.map((p: { pointIndex: number }) => p.pointIndex)).toEqual([0, 1, 2]);

    const order = await req(h, 'GET', `/api/orders/${orderId}`, owner.token);
    expect(order.body.order.samples[0].puncturesTaken).toBe(3);
    const admin = await req(h, 'GET', `/farm-api/orders/${orderId}/sampling`, h.admin);
    expect(admin.status).toBe(200);
    expect(admin.body.samples[0].taken).toHaveLength(3);
    const adminDetail = await req(h, 'GET', `/farm-api/orders/${orderId}`, h.admin);
    expect(adminDetail.body.samples[0].puncturesTaken).toBe(3);
  });

  it("keeps another user's order and sample out of reach (their real ids)", async () => {
    const read = await req(h, 'GET', `/api/orders/${otherOrderId}/sampling`, owner.token);
    expect(read.status).toBe(404);
    const write = await req(
      h,
      'POST',
      `/api/orders/${otherOrderId}/samples/${otherSampleId}/punctures`,
      owner.token,
      { punctures: [puncture(0)] },
    );
    expect(write.status).toBe(404);
    // Their sample under my order: not found either.
    const mixed = await req(
      h,
      'POST',
      `/api/orders/${orderId}/samples/${otherSampleId}/punctures`,
      owner.token,
      {
        punctures: [puncture(0)],
      },
    );
    expect(mixed.status).toBe(404);
    expect(mixed.body.code).toBe('sampleNotFound');
    const stored = await h.service.ctx.db
      .selectFrom('farm_order_samples')
      .select('taken_punctures')
      .where('id', '=', otherSampleId)
      .executeTakeFirstOrThrow();
    expect(stored.taken_punctures).toEqual([]);
    // A customer token on the admin's route.
    expect((await req(h, 'GET', `/farm-api/orders/${orderId}/sampling`, owner.token)).status).toBe(403);
    expect((await req(h, 'GET', `/api/orders/${orderId}/sampling`)).status).toBe(401);
  });

  it('takes the largest batch the schema allows, and refuses one more puncture on the sample', async () => {
    const crop = await cropWithOutline(h, owner, 1);
    const placed = await req(h, 'POST', '/api/orders', owner.token, orderBody(crop));
    const id = placed.body.order.id as string;
    const sid = placed.body.order.samples[0].id as string;
    await req(h, 'POST', `/farm-api/orders/${id}/mark-paid`, h.admin);
    const max = SAMPLING_LIMITS.takenPerSample;
    const full = Array.from({ length: max }, (_, i) => puncture(i % 10));
    const ok = await req(h, 'POST', `/api/orders/${id}/samples/${sid}/punctures`, owner.token, {
      punctures: full,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.taken).toHaveLength(max);
    const tooLong = await req(h, 'POST', `/api/orders/${id}/samples/${sid}/punctures`, owner.token, {
      punctures: [...full, puncture(0)],
    });
    expect(tooLong.status).toBe(400);
    const oneMore = await req(h, 'POST', `/api/orders/${id}/samples/${sid}/punctures`, owner.token, {
      punctures: [puncture(0)],
    });
    expect(oneMore.status).toBe(409);
    expect(oneMore.body.code).toBe('puncturesTakenTooMany');
  });

  it('refuses a position outside Poland and bad input, in the user language, storing nothing', async () => {
    const before = (await req(h, 'GET', `/api/orders/${orderId}/sampling`, owner.token)).body.samples[0]
      .taken;
    const berlin = await http(owner.token, { punctures: [puncture(3, { lng: 13.4, lat: 52.52 })] }, 'en');
    expect(berlin.status).toBe(400);
    expect(berlin.body.code).toBe('punctureOutsidePoland');
    expect(berlin.body.message).toMatch(/outside Poland/);
    const uk = await http(owner.token, { punctures: [puncture(3, { lat: 60 })] }, 'uk');
    expect(uk.body.message).toMatch(/Польщею/);
    for (const bad of [
      { punctures: [] },
      { punctures: [puncture(3, { id: 'x' })] },
      { punctures: [puncture(3, { pointIndex: 50 })] },
      { punctures: [puncture(3, { accuracyM: -1 })] },
      { punctures: [puncture(3, { lat: 'north' })] },
    ])
      expect((await http(owner.token, bad, 'pl')).status).toBe(400);
    const after = (await req(h, 'GET', `/api/orders/${orderId}/sampling`, owner.token)).body.samples[0].taken;
    expect(after).toEqual(before);

    async function http(token: string, body: unknown, lang: string) {
      const res = await fetch(`${h.url}/api/orders/${orderId}/samples/${sampleId}/punctures`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-gleba-lang': lang,
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { code: string; message: string } };
    }
  });

  it('closes once the order is cancelled (samples no longer awaited)', async () => {
    const crop = await cropWithOutline(h, owner, 1);
    const placed = await req(h, 'POST', '/api/orders', owner.token, orderBody(crop));
    const id = placed.body.order.id as string;
    const sid = placed.body.order.samples[0].id as string;
    expect((await req(h, 'POST', `/api/orders/${id}/cancel`, owner.token)).status).toBe(200);
    const plan = await req(h, 'GET', `/api/orders/${id}/sampling`, owner.token);
    expect(plan.body.open).toBe(false);
    const res = await req(h, 'POST', `/api/orders/${id}/samples/${sid}/punctures`, owner.token, {
      punctures: [puncture(0)],
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('samplingClosed');
  });
});
