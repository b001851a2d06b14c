import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TShipment } from '@gleba/contracts';
import { dropTestDatabases, http } from '@gleba/testkit';
import { confirmedTest, customer, getPdf, startHarness, type Harness } from './helpers';

type ErrorBody = { code: string; statusCode: number };
type CodeEvent = { shipmentId: string; code: string; expiresAt: string };
const DAY = 86_400_000;

describe('labelless drop-off codes (PICKUP_LABELLESS)', () => {
  let h: Harness;

  beforeAll(async () => {
    // The sweep runs often so a moved clock shows quickly.
    h = await startHarness({ DROP_OFF_SWEEP_MS: 200 });
  });
  afterAll(async () => {
    await h?.close();
    await dropTestDatabases();
  });

  it('gives one code per order, valid 14 days; warns before it expires, then expires it; a new code may follow', async () => {
    const c = await customer(h);
    const first = await confirmedTest(h, c);
    const second = await confirmedTest(h, c, { orderId: first.orderId });
    const body = (shippableId: string) => ({ shippableId, size: 'S', withLabel: false, method: 'PICKUP_POINT' });

    const before = h.clock.now().getTime();
    const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', { token: c.token, body: body(first.testId) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ shipmentType: 'PICKUP_LABELLESS', withLabel: false, dropOffCode: { expired: false } });
    const code = created.body.dropOffCode!;
    expect(code.code).toMatch(/^\d{6,}$/);
    const validMs = new Date(code.expiresAt).getTime() - before;
    expect(validMs).toBeGreaterThanOrEqual(14 * DAY - 5_000);
    expect(validMs).toBeLessThanOrEqual(14 * DAY + 5_000);
    const generated = await h.events.next<CodeEvent>('shipping.drop-off-code.generated', (e) => e.data.shipmentId === created.body.id);
    expect(generated.data).toMatchObject({ code: code.code, expiresAt: code.expiresAt, userId: c.userId });

    // One code per order: the second test of the same order is refused while the code is valid.
    const again = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', { token: c.token, body: body(second.testId) });
    expect([again.status, again.body.code]).toEqual([409, 'dropOffCodeAlreadyGenerated']);
    // A labelless parcel has no label to print.
    const label = await getPdf(h.service.url, 'GET', `/api/shipments/${created.body.id}/label`, c.token);
    expect([label.status, (label.json as ErrorBody).code]).toEqual([409, 'labelPrintFailed']);

    // 12.5 days later: the user is told (48 hours before), the code still works.
    h.clock.advance(12.5 * DAY);
    const expiring = await h.events.next<CodeEvent>('shipping.drop-off-code.expiring', (e) => e.data.shipmentId === created.body.id);
    expect(expiring.data.code).toBe(code.code);
    const during = await http<TShipment>(h.service.url, 'GET', `/api/shipments/${created.body.id}`, { token: c.token });
    expect(during.body.dropOffCode!.expired).toBe(false);

    // Past 14 days: expired, once.
    h.clock.advance(2 * DAY);
    await h.events.next<CodeEvent>('shipping.drop-off-code.expired', (e) => e.data.shipmentId === created.body.id);
    const after = await http<TShipment>(h.service.url, 'GET', `/api/shipments/${created.body.id}`, { token: c.token });
    expect(after.body.dropOffCode).toMatchObject({ code: code.code, expired: true });
    await new Promise((r) => setTimeout(r, 600));
    const all = h.events.all().filter((e) => (e.data as CodeEvent).shipmentId === created.body.id);
    expect(all.filter((e) => e.type === 'shipping.drop-off-code.expiring')).toHaveLength(1);
    expect(all.filter((e) => e.type === 'shipping.drop-off-code.expired')).toHaveLength(1);

    // The expired code no longer blocks the order: a new one may be generated.
    const renewed = await http<TShipment>(h.service.url, 'POST', '/api/shipments', { token: c.token, body: body(first.testId) });
    expect(renewed.status).toBe(201);
    expect(renewed.body.dropOffCode!.code).toBeTruthy();
    expect(renewed.body.id).not.toBe(created.body.id);
  });

  it('maps a 200-with-error from generateDropOffPin to sampleDeliveryFailed and keeps nothing', async () => {
    const c = await customer(h);
    const { testId } = await confirmedTest(h, c);
    h.dpd.failNext('generateDropOffPin', { level: 'parcel', status: 'PIN_NOT_AVAILABLE' });
    const res = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', { token: c.token, body: { shippableId: testId, size: 'M', withLabel: false, method: 'PICKUP_POINT' } });
    expect([res.status, res.body.code]).toEqual([502, 'sampleDeliveryFailed']);
    const list = await http<{ items: unknown[] }>(h.service.url, 'GET', '/api/shipments', { token: c.token });
    expect(list.body.items).toHaveLength(0);
  });
});
