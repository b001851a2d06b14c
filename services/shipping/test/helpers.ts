import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import pdf from 'pdf-parse/lib/pdf-parse.js';
import { ProfileUpdatedV1, TestShipmentConfirmedV1, type OrderKind } from '@gleba/contracts';
import {
  createTestKeys,
  listenForEvents,
  publishTestEvent,
  startTestService,
  testMessagingNames,
  waitFor,
  type EventListener,
  type TestKeys,
  type TestService,
} from '@gleba/testkit';
import { startDpdSimulator, type DpdSimulatorHandle } from '../../../infra/simulators/src/dpd';
import { dateIn, MovableClock } from '../src/adapters/clock';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { createShippingService } from '../src/service';

export interface Harness {
  service: TestService<Database, Config>;
  dpd: DpdSimulatorHandle;
  keys: TestKeys;
  clock: MovableClock;
  events: EventListener;
  exchange: string;
  adminToken: string;
  close: () => Promise<void>;
}

export async function startHarness(
  config: Partial<Config> = {},
  dpdOptions: Parameters<typeof startDpdSimulator>[0] = {},
): Promise<Harness> {
  const dpd = await startDpdSimulator(dpdOptions);
  const keys = createTestKeys();
  const clock = new MovableClock();
  const messaging = testMessagingNames('shipping');
  const events = await listenForEvents(messaging.exchange);
  const service = await startTestService(createShippingService({ clock }), {
    keys: keys.resolver,
    messaging,
    config: {
      DPD_URL: dpd.url,
      DPD_INFO_URL: dpd.url,
      DPD_PUDO_URL: dpd.url,
      DPD_LOGIN: dpd.login,
      DPD_PASSWORD: dpd.password,
      DPD_FID: dpd.fid,
      DPD_PUDO_KEY: dpd.pudoKey,
      TRACKING_POLL_MS: 3_600_000,
      DROP_OFF_SWEEP_MS: 3_600_000,
      ...config,
    },
  });
  return {
    service,
    dpd,
    keys,
    clock,
    events,
    exchange: messaging.exchange,
    adminToken: keys.sign({ role: 'ADMIN', email: 'admin@gleba.pl' }),
    close: async () => {
      await events.close();
      await service.cleanup();
      await dpd.close();
    },
  };
}

export interface Customer {
  userId: string;
  token: string;
}

/** A user whose profile (sender address and phone) shipping has learnt from identity. */
export async function customer(
  h: Harness,
  options: { postCode?: string; phone?: string | null; address?: boolean; lang?: 'pl' | 'en' | 'uk' } = {},
): Promise<Customer> {
  const userId = randomUUID();
  await publishTestEvent(h.exchange, ProfileUpdatedV1, {
    userId,
    email: `${userId.slice(0, 8)}@example.com`,
    firstName: 'Jan',
    lastName: 'Kowalski',
    phoneNumber: options.phone === undefined ? '+48600100200' : options.phone,
    language: options.lang ?? 'pl',
    serviceRole: 'PERSONAL',
    companyName: null,
    taxNumber: null,
    address:
      options.address === false
        ? null
        : {
            voivodeship: 'MASOVIAN',
            cityName: 'Warszawa',
            postCode: options.postCode ?? '02-495',
            streetName: 'Polna',
            buildingNumber: '5',
            apartmentNumber: '2',
          },
    correspondenceAddress: null,
    isDataComplete: options.address !== false,
  });
  await waitFor(
    async () =>
      !!(await h.service.ctx.db
        .selectFrom('contacts')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst()),
  );
  return { userId, token: h.keys.sign({ sub: userId, lang: options.lang }) };
}

/** A garden test confirmed for shipment (orders' event); returns its id (the shippable id). */
export async function confirmedTest(
  h: Harness,
  c: Customer,
  options: { orderId?: string; kind?: OrderKind } = {},
): Promise<{ testId: string; orderId: string }> {
  const testId = randomUUID();
  const orderId = options.orderId ?? randomUUID();
  await publishTestEvent(h.exchange, TestShipmentConfirmedV1, {
    testId,
    orderId,
    orderNumber: `G/${testId.slice(0, 6)}`,
    userId: c.userId,
    kind: options.kind ?? 'GARDEN',
    barcode: `GB${testId.replace(/-/g, '').slice(0, 12)}`,
    confirmedAt: new Date().toISOString(),
  });
  await waitFor(
    async () =>
      !!(await h.service.ctx.db
        .selectFrom('shippables')
        .select('id')
        .where('id', '=', testId)
        .executeTakeFirst()),
  );
  return { testId, orderId };
}

/** The next working day at least `days` ahead of the clock (Warsaw dates). */
export function workingDay(clock: MovableClock, days = 1): string {
  for (let d = days; ; d += 1) {
    const date = dateIn(new Date(clock.now().getTime() + d * 86_400_000), 'Europe/Warsaw');
    const wd = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6) return date;
  }
}

export function weekendDay(clock: MovableClock): string {
  for (let d = 1; ; d += 1) {
    const date = dateIn(new Date(clock.now().getTime() + d * 86_400_000), 'Europe/Warsaw');
    const wd = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (wd === 6) return date;
  }
}

export function dayOffset(clock: MovableClock, days: number): string {
  return dateIn(new Date(clock.now().getTime() + days * 86_400_000), 'Europe/Warsaw');
}

/** Downloads a PDF (binary) from the service. */
export async function getPdf(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; type: string | null; pdf: Buffer; json: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const buf = Buffer.from(await res.arrayBuffer());
  let json: unknown = null;
  if (!res.headers.get('content-type')?.includes('pdf')) json = JSON.parse(buf.toString() || 'null');
  return { status: res.status, type: res.headers.get('content-type'), pdf: buf, json };
}

/** The PDF opens, its text shows the waybill, and it carries a barcode image. */
export async function inspectPdf(buf: Buffer): Promise<{ text: string; pages: number; images: number }> {
  expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
  const parsed = await pdf(buf);
  const images = (buf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;
  return { text: parsed.text, pages: parsed.numpages, images };
}
