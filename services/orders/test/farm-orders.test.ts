import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPriceList } from '@gleba/contracts';
import { dropTestDatabases, http } from '@gleba/testkit';
import { newCrop, newUser, orderBody, req, startHarness, type Harness, type TestUser } from './helpers';

describe('farm orders: the wizard', () => {
  let h: Harness;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    h = await startHarness();
    [a, b] = await Promise.all([newUser(h), newUser(h)]);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('is live and ready (database, broker, Redis), and answers an unknown route with the error body', async () => {
    expect((await http(h.url, 'GET', '/health/live')).status).toBe(200);
    const ready = await http<{ status: string }>(h.url, 'GET', '/health/ready');
    expect(ready.body.status).toBe('ok');
    const res = await http(h.url, 'GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'routeNotFound' });
  });

  it('the repository price list parses and holds the spec prices (30 zł per sample, sampler 60 zł, bags free)', async () => {
    const file = path.resolve(import.meta.dirname, '../../../config/prices.json');
    const prices = ZPriceList.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(prices.farm.basicTestPerSample.STANDARD).toBe(3000);
    expect(prices.farm.equipment).toEqual({ SAMPLER: 6000, SAMPLE_BAGS: 0, STRING_BAGS: 0 });
    const served = await req(h, 'GET', '/api/prices');
    expect(served.status).toBe(200);
    expect(served.body.farm.basicTestPerSample.STANDARD).toBe(3000);
  });

  it('quotes one sample per sector at 30 zł each, with area and no discount', async () => {
    const crop = await newCrop(h, a, { sectors: 2, sectorHa: 1.5 });
    const res = await req(h, 'POST', '/api/orders/quote', a.token, { crops: [{ cropId: crop.cropId }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      numberOfSamples: 2,
      totalAreaHa: 3,
      basicTests: { type: 'BASIC_TEST', orderType: 'STANDARD', pricePerSample: 3000, price: 6000 },
      basicTestsPrice: 6000,
      additionalTestsPrice: 0,
      equipmentPrice: 0,
      discountPercent: 0,
      basicTestsDiscount: 0,
      totalPrice: 6000,
      puncturesPerSector: 10,
    });
    expect(res.body.samples.map((s: { sectorName: string }) => s.sectorName)).toEqual(['S1', 'S2']);
  });

  it('prices express, additional tests, equipment and the volume discount', async () => {
    const crop = await newCrop(h, a, { sectors: 12, sectorHa: 1 });
    const res = await req(h, 'POST', '/api/orders/quote', a.token, {
      type: 'EXPRESS',
      crops: [{ cropId: crop.cropId }],
      additionalTests: ['EGNER', 'HUMUS'],
      equipment: ['SAMPLER', 'SAMPLE_BAGS', 'STRING_BAGS'],
    });
    expect(res.status).toBe(200);
    // 12 x 45 zł = 540 zł, 5% off (10+ samples) = 27 zł; 12 x (15 + 20) zł = 420 zł; sampler 60 zł, bags free
    expect(res.body).toMatchObject({
      numberOfSamples: 12,
      basicTestsPrice: 54000,
      discountPercent: 5,
      basicTestsDiscount: 2700,
      additionalTestsPrice: 42000,
      equipmentPrice: 6000,
      totalPrice: 54000 - 2700 + 42000 + 6000,
    });
    expect(res.body.additionalTests).toEqual([
      { type: 'EGNER', pricePerSample: 1500, price: 18000 },
      { type: 'HUMUS', pricePerSample: 2000, price: 24000 },
    ]);
    expect(res.body.equipment).toEqual([
      { item: 'SAMPLER', price: 6000 },
      { item: 'SAMPLE_BAGS', price: 0 },
      { item: 'STRING_BAGS', price: 0 },
    ]);
    const big = await newCrop(h, a, { sectors: 25, sectorHa: 0.4 });
    const bigQuote = await req(h, 'POST', '/api/orders/quote', a.token, { crops: [{ cropId: big.cropId }] });
    expect(bigQuote.body).toMatchObject({
      numberOfSamples: 25,
      totalAreaHa: 10,
      basicTestsPrice: 75000,
      discountPercent: 10,
      basicTestsDiscount: 7500,
      totalPrice: 67500,
    });
  });

  it('tests chosen sectors only, and an undivided crop as one sample', async () => {
    const crop = await newCrop(h, a, { sectors: 3, sectorHa: 2 });
    const undivided = await newCrop(h, a, { sectors: 0, areaHa: 4.25 });
    const res = await req(h, 'POST', '/api/orders/quote', a.token, {
      crops: [{ cropId: crop.cropId, sectorIds: [crop.sectors[1]!.sectorId] }, { cropId: undivided.cropId }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ numberOfSamples: 2, totalAreaHa: 6.25, totalPrice: 6000 });
  });

  it('refuses an invalid test combination, too few punctures, unknown crops and sectors', async () => {
    const crop = await newCrop(h, a);
    const combo = await req(h, 'POST', '/api/orders/quote', a.token, {
      crops: [{ cropId: crop.cropId }],
      additionalTests: ['EGNER', 'UNIVERSAL_METHOD'],
    });
    expect(combo.status).toBe(400);
    expect(combo.body.code).toBe('invalidTestCombination');
    const twice = await req(h, 'POST', '/api/orders/quote', a.token, {
      crops: [{ cropId: crop.cropId }],
      additionalTests: ['HUMUS', 'HUMUS'],
    });
    expect(twice.body.code).toBe('invalidTestCombination');
    const punctures = await req(h, 'POST', '/api/orders/quote', a.token, {
      crops: [{ cropId: crop.cropId }],
      puncturesPerSector: 4,
    });
    expect(punctures.status).toBe(400);
    expect(punctures.body.code).toBe('tooFewPunctures');
    const tooMany = await req(h, 'POST', '/api/orders/quote', a.token, {
      crops: [{ cropId: crop.cropId }],
      puncturesPerSector: 16,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('tooManyPunctures');
    const othersCrop = await req(h, 'POST', '/api/orders/quote', b.token, {
      crops: [{ cropId: crop.cropId }],
    });
    expect(othersCrop.status).toBe(404);
    expect(othersCrop.body.code).toBe('orderCropNotFound');
    const sector = await req(h, 'POST', '/api/orders/quote', a.token, {
      crops: [{ cropId: crop.cropId, sectorIds: [b.userId] }],
    });
    expect(sector.status).toBe(404);
    expect(sector.body.code).toBe('orderSectorNotFound');
    const unauth = await req(h, 'POST', '/api/orders/quote', undefined, { crops: [{ cropId: crop.cropId }] });
    expect(unauth.status).toBe(401);
  });

  it('refuses to order with incomplete user data or without confirming it', async () => {
    const incomplete = await newUser(h, { complete: false });
    const crop = await newCrop(h, incomplete);
    const res = await req(h, 'POST', '/api/orders', incomplete.token, orderBody(crop));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('incompleteUserData');
    expect(res.body.message).toBe('Uzupełnij swoje dane, zanim złożysz zamówienie.');
    const unconfirmed = await req(h, 'POST', '/api/orders', a.token, {
      ...orderBody(await newCrop(h, a)),
      confirmUserData: false,
    });
    expect(unconfirmed.status).toBe(400);
  });

  it('places an order: number, samples with unique 12-16 character codes, snapshot, history and events', async () => {
    const crop = await newCrop(h, a, { sectors: 3 });
    const res = await req(
      h,
      'POST',
      '/api/orders',
      a.token,
      orderBody(crop, { equipment: ['SAMPLER'], additionalTests: ['MICRO'] }),
    );
    expect(res.status).toBe(201);
    const order = res.body.order;
    expect(order).toMatchObject({
      kind: 'FARM',
      status: 'PENDING_PAYMENT',
      paymentStatus: 'PENDING',
      paymentMethod: 'TRADITIONAL_TRANSFER',
      numberOfSamples: 3,
      sampler: true,
      samplerStatus: 'ORDERED',
      totalPrice: 9000 + 12000 + 6000,
      deliveryAddress: { cityName: 'Warszawa', postCode: '00-001' },
    });
    expect(order.orderNumber).toMatch(/^ZF\/\d{4}\/\d{6}$/);
    const codes = order.samples.map((s: { code: string }) => s.code);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{12,16}$/);
    expect(order.samples.map((s: { punctures: number }) => s.punctures)).toEqual([10, 10, 10]);
    expect(order.statusHistory).toEqual([
      expect.objectContaining({ status: 'PENDING_PAYMENT', from: null, updatedByUserId: a.userId }),
    ]);
    expect(res.body.payment.bankTransfer).toMatchObject({
      transferTitle: `Gleba ${order.orderNumber}`,
      amount: order.totalPrice,
    });

    const placed = await h.events.next<{ orderId: string; sectorIds: string[] }>(
      'orders.order.placed',
      (e) => e.data.orderId === order.id,
    );
    expect(placed.data.sectorIds).toHaveLength(3);
    await h.events.next(
      'orders.order.status-changed',
      (e) => (e.data as { orderId: string; to: string }).orderId === order.id,
    );

    // A sector cannot be in two active orders.
    const again = await req(h, 'POST', '/api/orders', a.token, orderBody(crop));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('sectorAlreadyOrdered');
  });

  it('keeps user A’s orders from user B', async () => {
    const crop = await newCrop(h, a);
    const placed = await req(h, 'POST', '/api/orders', a.token, orderBody(crop));
    const id = placed.body.order.id;
    expect((await req(h, 'GET', `/api/orders/${id}`, a.token)).status).toBe(200);
    const seen = await req(h, 'GET', `/api/orders/${id}`, b.token);
    expect(seen.status).toBe(404);
    expect(seen.body.code).toBe('orderNotFound');
    expect((await req(h, 'POST', `/api/orders/${id}/cancel`, b.token)).status).toBe(404);
    expect((await req(h, 'POST', `/api/orders/${id}/pay`, b.token)).status).toBe(404);
    const listB = await req(h, 'GET', '/api/orders', b.token);
    expect(listB.body.items).toEqual([]);
    const testsB = await req(h, 'GET', '/api/soil-tests', b.token);
    expect(testsB.body.items).toEqual([]);
    const listA = await req(h, 'GET', '/api/orders', a.token);
    expect(listA.body.items.map((o: { id: string }) => o.id)).toContain(id);
    // Admin routes are for admins only.
    expect((await req(h, 'GET', '/farm-api/orders', a.token)).status).toBe(403);
  });
});
