import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileUpdatedV1 } from '@gleba/contracts';
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

describe('admin: orders table, search, filters, detail', () => {
  let h: Harness;
  let anna: TestUser;
  let piotr: TestUser;
  const ids: Record<string, string> = {};
  const numbers: Record<string, string> = {};
  let sampleCode = '';
  let barcode = '';

  const list = async (base: string, query: string) =>
    (await req(h, 'GET', `${base}/orders?${query}`, h.admin)).body;
  const farmIds = async (query: string) =>
    (await list('/farm-api', query)).items.map((i: { id: string }) => i.id).sort();
  const sorted = (...xs: string[]) => [...xs].sort();

  beforeAll(async () => {
    // A wrong API key: online payments cannot be registered (the failed-order record is tested below).
    h = await startHarness({ P24_API_KEY: 'wrong-key' });
    [anna, piotr] = await Promise.all([
      newUser(h, { firstName: 'Anna', lastName: 'Nowak', email: 'anna.nowak@rolnik.pl' }),
      newUser(h, { firstName: 'Piotr', lastName: 'Wiśniewski', email: 'piotr@gospodarstwo.pl' }),
    ]);
    const place = async (key: string, user: TestUser, extra: Record<string, unknown>, sectors = 1) => {
      const crop = await newCrop(h, user, { sectors });
      const res = await req(h, 'POST', '/api/orders', user.token, orderBody(crop, extra));
      expect(res.status).toBe(201);
      ids[key] = res.body.order.id;
      numbers[key] = res.body.order.orderNumber;
      return res.body;
    };
    const first = await place('annaStandard', anna, { paymentMethod: 'TRADITIONAL_TRANSFER' });
    sampleCode = first.order.samples[0].code;
    await place('annaExpress', anna, { paymentMethod: 'DEFERRED_BANK_TRANSFER', type: 'EXPRESS' }, 3);
    await place('piotrOnline', piotr, { paymentMethod: 'ONLINE_BANK_TRANSFER' }, 2);
    await place('piotrDone', piotr, { paymentMethod: 'TRADITIONAL_TRANSFER' });
    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({
        status: 'ORDER_COMPLETED',
        payment_status: 'PAID',
        created_at: new Date('2026-01-15T10:00:00Z'),
      })
      .where('id', '=', ids.piotrDone!)
      .execute();
    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({ status: 'SAMPLES_SENT' })
      .where('id', '=', ids.piotrOnline!)
      .execute();
    barcode = (await paidBarcodes(h, 1))[0]!;
    ids.garden = (await req(h, 'POST', '/api/soil-tests', anna.token, gardenBody(barcode!))).body.id;
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('farm mode lists farm orders, garden mode garden tests', async () => {
    expect(await farmIds('')).toEqual(
      sorted(ids.annaStandard!, ids.annaExpress!, ids.piotrOnline!, ids.piotrDone!),
    );
    const garden = await list('/garden-api', '');
    expect(garden.items.map((i: { id: string }) => i.id)).toEqual([ids.garden]);
    expect(garden.items[0]).toMatchObject({ kind: 'GARDEN', barcode, status: 'WAITING_FOR_SHIPMENT' });
    // /soil-tests is the same table under the other name the panel uses.
    expect((await req(h, 'GET', '/garden-api/soil-tests', h.admin)).body.meta.total).toBe(1);
  });

  it('tabs: All, To send, In progress, Active and Ended', async () => {
    expect(await farmIds('tab=TO_SEND')).toEqual([ids.annaExpress]); // deferred: accepted, kit to send
    expect(await farmIds('tab=IN_PROGRESS')).toEqual([ids.piotrOnline]);
    expect(await farmIds('tab=ENDED')).toEqual([ids.piotrDone]);
    expect(await farmIds('tab=ACTIVE')).toEqual(
      sorted(ids.annaStandard!, ids.annaExpress!, ids.piotrOnline!),
    );
    expect((await list('/garden-api', 'tab=TO_SEND')).meta.total).toBe(1);
    expect((await list('/garden-api', 'tab=ENDED')).meta.total).toBe(0);
  });

  it('searches by order number, e-mail, name, sample code and barcode', async () => {
    expect(await farmIds(`search=${encodeURIComponent(numbers.annaExpress!)}`)).toEqual([ids.annaExpress]);
    expect(await farmIds('search=ROLNIK.PL')).toEqual(sorted(ids.annaStandard!, ids.annaExpress!));
    expect(await farmIds('search=wiśniew')).toEqual(sorted(ids.piotrOnline!, ids.piotrDone!));
    expect(await farmIds(`search=${encodeURIComponent('Anna Nowak')}`)).toEqual(
      sorted(ids.annaStandard!, ids.annaExpress!),
    );
    expect(await farmIds(`search=${sampleCode.toLowerCase()}`)).toEqual([ids.annaStandard]);
    expect(await farmIds('search=nobody')).toEqual([]);
    expect(await farmIds('search=%25')).toEqual([]); // a LIKE wildcard is searched literally
    expect((await list('/garden-api', `search=${barcode}`)).items.map((i: { id: string }) => i.id)).toEqual([
      ids.garden,
    ]);
    expect((await list('/garden-api', 'search=anna.nowak')).meta.total).toBe(1);
    expect((await list('/garden-api', 'search=piotr')).meta.total).toBe(0);
  });

  it('filters by status, type, payment status and method, and date range', async () => {
    expect(await farmIds('status=SAMPLES_SENT')).toEqual([ids.piotrOnline]);
    expect(await farmIds('type=EXPRESS')).toEqual([ids.annaExpress]);
    expect(await farmIds('paymentStatus=PAID')).toEqual([ids.piotrDone]);
    expect(await farmIds('paymentMethod=ONLINE_BANK_TRANSFER')).toEqual([ids.piotrOnline]);
    expect(await farmIds('dateFrom=2026-01-01&dateTo=2026-01-15')).toEqual([ids.piotrDone]);
    expect(await farmIds('dateFrom=2026-01-16')).toEqual(
      sorted(ids.annaStandard!, ids.annaExpress!, ids.piotrOnline!),
    );
    expect(await farmIds('tab=ACTIVE&paymentMethod=TRADITIONAL_TRANSFER&search=anna')).toEqual([
      ids.annaStandard,
    ]);
    const bad = await req(h, 'GET', '/farm-api/orders?status=NOPE', h.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validationFailed');
  });

  it('pages and sorts', async () => {
    const byNumber = await list('/farm-api', 'orderBy=orderNumber:asc&perPage=3');
    expect(byNumber.meta).toMatchObject({ total: 4, page: 1, next: 2, prev: null });
    expect(byNumber.items.map((i: { orderNumber: string }) => i.orderNumber)).toEqual(
      Object.values(numbers).sort().slice(0, 3),
    );
    const page2 = await list('/farm-api', 'orderBy=orderNumber:asc&perPage=3&page=2');
    expect(page2.items.map((i: { orderNumber: string }) => i.orderNumber)).toEqual([
      Object.values(numbers).sort()[3],
    ]);
    const byPrice = await list('/farm-api', 'orderBy=totalPrice:desc');
    expect(byPrice.items[0].id).toBe(ids.annaExpress); // 3 express samples
    const oldestFirst = await list('/farm-api', 'orderBy=orderDate:asc');
    expect(oldestFirst.items[0].id).toBe(ids.piotrDone);
  });

  it('order detail: client, farm, company, report, status history; cancel from the panel', async () => {
    const detail = await req(h, 'GET', `/farm-api/orders/${ids.annaExpress}`, h.admin);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      orderNumber: numbers.annaExpress,
      client: {
        firstName: 'Anna',
        lastName: 'Nowak',
        email: 'anna.nowak@rolnik.pl',
        phoneNumber: '+48600100200',
        isDataComplete: true,
      },
      company: null,
      farm: { totalAreaHa: 4.5, crops: [expect.objectContaining({ sectors: 3, plotNumbers: ['142/3'] })] },
      report: { completed: false },
    });
    expect(detail.body.report.sampleCodes).toHaveLength(3);
    expect(detail.body.statusHistory.map((e: { status: string }) => e.status)).toEqual([
      'PENDING_PAYMENT',
      'PAYMENT_CONFIRMED',
    ]);
    const missing = await req(h, 'GET', `/farm-api/orders/${ids.garden}`, h.admin);
    expect(missing.status).toBe(404);
    const gardenDetail = await req(h, 'GET', `/garden-api/orders/${ids.garden}`, h.admin);
    expect(gardenDetail.body).toMatchObject({
      barcode,
      client: { email: 'anna.nowak@rolnik.pl' },
      report: { sampleCodes: [barcode] },
    });

    const cancelled = await req(h, 'POST', `/farm-api/orders/${ids.annaStandard}/cancel`, h.admin);
    expect(cancelled.body.status).toBe('ORDER_CANCELLED');
    // Who made each change: the customer placed it, the admin cancelled it (named once identity
    // has told orders about the admin).
    await publishTestEvent(h.exchange, ProfileUpdatedV1, {
      userId: h.adminId,
      email: 'ewa@lab.gleba.pl',
      firstName: 'Ewa',
      lastName: 'Laborantka',
      phoneNumber: null,
      language: 'pl',
      serviceRole: 'PERSONAL',
      companyName: null,
      taxNumber: null,
      address: null,
      correspondenceAddress: null,
      isDataComplete: false,
    });
    const named = await waitFor(async () => {
      const d = await req(h, 'GET', `/farm-api/orders/${ids.annaStandard}`, h.admin);
      return d.body.statusHistory.at(-1).updatedBy?.name ? d.body : null;
    });
    expect(named.statusHistory.map((e: { updatedBy: unknown }) => e.updatedBy)).toEqual([
      { name: 'Anna Nowak', role: 'USER' },
      { name: 'Ewa Laborantka', role: 'ADMIN' },
    ]);
    expect((await req(h, 'POST', `/farm-api/orders/${ids.annaStandard}/cancel`, h.admin)).body.code).toBe(
      'illegalTransition',
    );
    expect((await req(h, 'POST', `/farm-api/orders/${ids.annaStandard}/mark-paid`, h.admin)).body.code).toBe(
      'cancelNotAllowed',
    );
    expect((await req(h, 'POST', `/garden-api/orders/${ids.garden}/cancel`, h.admin)).body.status).toBe(
      'CANCELLED',
    );
  });

  it('a payment that cannot be registered leaves the order awaiting payment with a failed-order record', async () => {
    const detail = await req(h, 'GET', `/farm-api/orders/${ids.piotrOnline}`, h.admin);
    expect(detail.body.failedPayments).toEqual([
      expect.objectContaining({ errorType: 'REGISTER_FAILED', attempts: 1 }),
    ]);
    expect(detail.body.failedPayments[0].errorMessage).toContain('401');
    const crop = await newCrop(h, piotr);
    const placed = await req(
      h,
      'POST',
      '/api/orders',
      piotr.token,
      orderBody(crop, { paymentMethod: 'ONLINE_BANK_TRANSFER' }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body.payment).toMatchObject({ redirectUrl: null, error: 'paymentFailed' });
    expect(placed.body.order.status).toBe('PENDING_PAYMENT');
    await req(h, 'POST', `/api/orders/${placed.body.order.id}/pay`, piotr.token);
    const again = await req(h, 'GET', `/farm-api/orders/${placed.body.order.id}`, h.admin);
    expect(again.body.failedPayments[0].attempts).toBe(2);
  });
});
