import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CropCreatedV1, ProfileUpdatedV1, type TCropSnapshot } from '@gleba/contracts';
import { startPrzelewy24Simulator, type Przelewy24SimulatorHandle } from '@gleba/simulators';
import {
  createTestKeys,
  http,
  listenForEvents,
  publishTestEvent,
  startTestService,
  testMessagingNames,
  waitFor,
  type EventListener,
  type TestKeys,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { ordersService } from '../src/service';

export interface Harness {
  service: TestService<Database, Config>;
  url: string;
  keys: TestKeys;
  exchange: string;
  events: EventListener;
  p24: Przelewy24SimulatorHandle;
  admin: string;
  adminId: string;
  stop: () => Promise<void>;
}

/** The orders service on a fresh database, with the Przelewy24 simulator and an event listener. */
export async function startHarness(overrides: Record<string, string> = {}): Promise<Harness> {
  const keys = createTestKeys();
  const messaging = testMessagingNames('orders');
  let url = '';
  const p24 = await startPrzelewy24Simulator({ notifyOverride: () => `${url}/api/payments/p24/notify` });
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'gleba-orders-'));
  // Parsed by the service's own schema (ordersService.configSchema), as in production.
  const config = {
    P24_URL: p24.url,
    UPLOAD_DIR: uploadDir,
    PHOTO_MAX_BYTES: String(200 * 1024),
    PAYMENT_DUE_CHECK_MS: '300',
    // A fixed price list, so the pricing tests do not change with the real one.
    PRICES_FILE: path.join(import.meta.dirname, 'fixtures', 'prices.json'),
    ...overrides,
  };
  const service = await startTestService(ordersService, {
    keys: keys.resolver,
    messaging,
    config: config as unknown as Partial<Config>,
  });
  url = service.url;
  const adminId = randomUUID();
  const events = await listenForEvents(messaging.exchange);
  return {
    service,
    url,
    keys,
    exchange: messaging.exchange,
    events,
    p24,
    admin: keys.sign({ sub: adminId, role: 'ADMIN', email: 'admin@gleba.pl' }),
    adminId,
    stop: async () => {
      await events.close();
      await service.cleanup();
      await p24.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  userId: string;
  email: string;
  token: string;
}

export async function newUser(
  h: Harness,
  options: { complete?: boolean; firstName?: string; lastName?: string; email?: string } = {},
): Promise<TestUser> {
  const userId = randomUUID();
  const email = options.email ?? `u-${userId.slice(0, 8)}@example.com`;
  const complete = options.complete ?? true;
  await publishTestEvent(h.exchange, ProfileUpdatedV1, {
    userId,
    email,
    firstName: options.firstName ?? 'Jan',
    lastName: options.lastName ?? 'Kowalski',
    phoneNumber: '+48600100200',
    language: 'pl',
    serviceRole: 'PERSONAL',
    companyName: null,
    taxNumber: null,
    address: {
      voivodeship: 'MASOVIAN',
      cityName: 'Warszawa',
      postCode: '00-001',
      streetName: 'Polna',
      buildingNumber: '1',
      apartmentNumber: null,
    },
    correspondenceAddress: null,
    isDataComplete: complete,
  });
  await waitFor(() =>
    h.service.ctx.db
      .selectFrom('contacts')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
  return { userId, email, token: h.keys.sign({ sub: userId, email }) };
}

/** A crop in geo's read model with `sectors` sectors of `sectorHa` each (0: undivided). */
export async function newCrop(
  h: Harness,
  user: TestUser,
  options: { sectors?: number; sectorHa?: number; areaHa?: number; name?: string } = {},
): Promise<TCropSnapshot> {
  const n = options.sectors ?? 2;
  const sectorHa = options.sectorHa ?? 1.5;
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [21, 52],
        [21.01, 52],
        [21.01, 52.01],
        [21, 52],
      ],
    ],
  };
  const crop: TCropSnapshot = {
    cropId: randomUUID(),
    userId: user.userId,
    name: options.name ?? 'Pszenica',
    plantId: 'winter-wheat',
    plantGroup: 'FIELD',
    plantType: 'CEREALS',
    areaHa: options.areaHa ?? (n ? n * sectorHa : 4),
    plotNumbers: ['142/3'],
    fieldName: options.name ?? 'Pole za stodołą',
    sectors: Array.from({ length: n }, (_, i) => ({
      sectorId: randomUUID(),
      name: `S${i + 1}`,
      areaHa: sectorHa,
      geometry: square,
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- black-box tests read answers loosely
export const req = <T = any>(h: Harness, method: string, path: string, token?: string, body?: unknown) =>
  http<T>(h.url, method, path, { token, body });

export const orderBody = (crop: TCropSnapshot, extra: Record<string, unknown> = {}) => ({
  crops: [{ cropId: crop.cropId }],
  paymentMethod: 'TRADITIONAL_TRANSFER',
  confirmUserData: true,
  ...extra,
});

/** A paid label batch (as an admin creates for online kits) and its codes. */
export async function paidBarcodes(h: Harness, count: number): Promise<string[]> {
  const res = await req(h, 'POST', '/garden-api/barcode-labels/batches', h.admin, { count, retail: false });
  if (res.status !== 201) throw new Error(`batch: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.barcodes;
}

export const gardenBody = (barcode: string, extra: Record<string, unknown> = {}) => ({
  barcode,
  gardenName: 'Ogródek przy domu',
  plantId: 'oats',
  gardenAreaAres: 2.5,
  punctures: 10,
  ...extra,
});
