import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createAdmin, createUser, expectOk, profileBody, suspend, type Actor, type Stack } from './stack';

export const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [16.9, 52.4],
      [16.902, 52.4],
      [16.902, 52.402],
      [16.9, 52.402],
      [16.9, 52.4],
    ],
  ],
};

export interface World {
  a: Actor;
  b: Actor;
  admin: Actor;
  suspended: Actor;
  plantId: string;
  ids: Record<string, string>;
  barcodes: string[];
}

/** Users A, B, a suspended one and the seeded admin; A owns a farm, a plot, a crop (sector) and a garden test. */
export async function buildWorld(stack: Stack): Promise<World> {
  const [a, b, s] = [
    await createUser(stack, 'usera'),
    await createUser(stack, 'userb'),
    await createUser(stack, 'susp'),
  ];
  const admin = await createAdmin(stack);
  await suspend(stack, admin, s);
  expectOk(
    'profile A',
    await stack.call('POST', '/api/users/profile', { token: a.accessToken, body: profileBody() }),
  );
  const plants = expectOk('plants', await stack.call<{ id: string }[]>('GET', '/api/plants'));
  const plantId = plants[0]!.id;
  expectOk(
    'farm A',
    await stack.call('PUT', '/api/farm', {
      token: a.accessToken,
      body: { farmingActivity: true, totalAreaM2: 40_000 },
    }),
  );
  const plot = expectOk(
    'plot A',
    await stack.call<{ id: string }>('POST', '/api/plots', {
      token: a.accessToken,
      body: { name: 'Działka A', geometry: SQUARE },
    }),
  );
  const crop = expectOk(
    'crop A',
    await stack.call<{ id: string; sectors: { id: string }[] }>('POST', '/api/crops', {
      token: a.accessToken,
      body: { plantId, cultivationFrom: '2026-03-01', cultivationTo: '2026-09-30', plotIds: [plot.id] },
    }),
  );
  const batch = expectOk(
    'batch',
    await stack.call<{ id: string; barcodes: string[] }>('POST', '/garden-api/barcode-labels/batches', {
      token: admin.accessToken,
      body: { count: 20, retail: false },
    }),
  );
  const test = expectOk(
    'garden test A',
    await stack.call<{ id: string }>('POST', '/api/soil-tests', {
      token: a.accessToken,
      body: { barcode: batch.barcodes[0], gardenName: 'Ogród A', plantId },
    }),
  );
  // An in-app notification of A, if an event made one (else an unknown id stands in).
  await new Promise((r) => setTimeout(r, 1500));
  const note = await sql<{
    id: string;
  }>`select id from in_app_notifications where user_id = ${a.userId} limit 1`
    .execute(stack.services.notification.ctx.db)
    .then((r) => r.rows[0]?.id)
    .catch(() => undefined);
  return {
    a,
    b,
    admin,
    suspended: s,
    plantId,
    barcodes: batch.barcodes.slice(1),
    ids: {
      plotId: plot.id,
      cropId: crop.id,
      sectorId: crop.sectors[0]?.id ?? randomUUID(),
      testId: test.id,
      notificationId: note ?? randomUUID(),
      userId: s.userId,
      batchId: batch.id,
      // Real ones come from src/owned.ts where a test needs them (the authorization matrix).
      orderId: randomUUID(),
      sampleId: randomUUID(),
      kitOrderId: randomUUID(),
      shipmentId: randomUUID(),
      dropOffShipmentId: randomUUID(),
      importId: randomUUID(),
      uuid: randomUUID(),
      token: 'x'.repeat(43),
    },
  };
}

export function fill(path: string, ids: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? k);
}
