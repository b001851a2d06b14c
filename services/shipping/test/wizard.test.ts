import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../src/app/privacy';
import {
  OrderCancelledV1,
  OrderStatusChangedV1,
  type TShipment,
  type TShipmentSummary,
} from '@gleba/contracts';
import { dropTestDatabases, http, publishTestEvent, waitFor } from '@gleba/testkit';
import {
  confirmedTest,
  customer,
  dayOffset,
  getPdf,
  inspectPdf,
  startHarness,
  weekendDay,
  workingDay,
  type Harness,
} from './helpers';

type ErrorBody = { code: string; message: string; statusCode: number };
type CodeEvent = { shipmentId: string; code: string; expiresAt: string };
const DAY = 86_400_000;

describe('send-samples wizard', () => {
  let h: Harness;

  beforeAll(async () => {
    // The drop-off code sweep runs often so a moved clock shows quickly.
    h = await startHarness({ DROP_OFF_SWEEP_MS: 200 });
  });
  afterAll(async () => {
    await h?.close();
    await dropTestDatabases();
  });

  describe('courier', () => {
    it('lists hour windows for a working day and the sender postcode from the profile', async () => {
      const c = await customer(h);
      const date = workingDay(h.clock, 2);
      const res = await http<{ timeWindows: string[]; postCode: string }>(
        h.service.url,
        'GET',
        `/api/shipments/courier/availability?date=${date}`,
        { token: c.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.postCode).toBe('02-495');
      expect(res.body.timeWindows).toContain('10:00-13:00');
    });

    it('refuses past, weekend and too-far dates, bad and unknown postcodes, and days without windows', async () => {
      const c = await customer(h, { lang: 'en' });
      const get = (q: string) =>
        http<ErrorBody>(h.service.url, 'GET', `/api/shipments/courier/availability?${q}`, { token: c.token });
      for (const date of [dayOffset(h.clock, -1), weekendDay(h.clock), dayOffset(h.clock, 40)]) {
        const res = await get(`date=${date}`);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('courierPickAnotherDate');
        expect(res.body.message).toBe('Pick another pickup date.');
      }
      const date = workingDay(h.clock, 2);
      const bad = await get(`date=${date}&postCode=ABC`);
      expect([bad.status, bad.body.code, bad.body.message]).toEqual([
        400,
        'shippingInvalidPostalCode',
        'Invalid postal code.',
      ]);
      // DPD does not know the postcode: a 200 with a non-OK status, mapped to the same error.
      const unknown = await get(`date=${date}&postCode=99-999`);
      expect([unknown.status, unknown.body.code]).toEqual([400, 'shippingInvalidPostalCode']);
      h.dpd.noWindowsFor('11-111');
      const none = await get(`date=${date}&postCode=11-111`);
      expect([none.status, none.body.code, none.body.message]).toEqual([
        422,
        'courierNoTimeWindows',
        'No time windows for the selected day and sender postcode.',
      ]);
    });

    it('books a courier once per test: waybill, label PDF with the barcode, CourierOrderedV1; a second booking is refused', async () => {
      const c = await customer(h);
      const { testId, orderId } = await confirmedTest(h, c);
      const date = workingDay(h.clock, 2);
      const body = {
        shippableId: testId,
        size: 'M',
        withLabel: true,
        method: 'COURIER',
        courier: { date, timeWindow: '10:00-13:00' },
      };

      const summary = await http<TShipmentSummary>(h.service.url, 'POST', '/api/shipments/summary', {
        token: c.token,
        body,
      });
      expect(summary.status).toBe(200);
      expect(summary.body).toMatchObject({
        shipmentType: 'COURIER',
        size: 'M',
        maxWeightKg: 10,
        courier: { date, timeWindow: '10:00-13:00' },
        carrier: 'DPD',
      });
      expect(summary.body.sender).toMatchObject({
        name: 'Jan Kowalski',
        postCode: '02-495',
        street: 'Polna 5/2',
      });
      expect(h.dpd.parcels()).toHaveLength(0);

      const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        shipmentType: 'COURIER',
        status: 'CREATED',
        testId,
        orderId,
        courier: { pickupDate: date, timeWindow: '10:00-13:00', cancelled: false },
      });
      const waybill = created.body.waybill!;
      expect(waybill).toMatch(/^\d{13}U$/);
      expect(created.body.courier!.controlNumber).toBe(
        h.dpd.bookings().find((b) => b.orderNumber === created.body.courier!.orderNumber)!.checkSum,
      );
      expect(h.dpd.bookings().filter((b) => !b.cancelled)).toHaveLength(1);

      const ordered = await h.events.next<{ waybill: string; courierOrderNumber: string }>(
        'shipping.courier.ordered',
        (e) => e.data.waybill === waybill,
      );
      expect(ordered.data.courierOrderNumber).toBe(created.body.courier!.orderNumber);
      await h.events.next(
        'shipping.parcel.status-changed',
        (e) => (e.data as { waybill: string; to: string }).waybill === waybill,
      );

      const label = await getPdf(
        h.service.url,
        'GET',
        `/api/shipments/${created.body.id}/label?format=LABEL_PRINTER`,
        c.token,
      );
      expect(label.status).toBe(200);
      expect(label.type).toContain('application/pdf');
      const inspected = await inspectPdf(label.pdf);
      expect(inspected.text).toContain(waybill);
      expect(inspected.images).toBeGreaterThanOrEqual(1);

      const again = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', { token: c.token, body });
      expect([again.status, again.body.code]).toEqual([409, 'courierAlreadyOrdered']);
      const viaPoint = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: {
          shippableId: testId,
          size: 'S',
          withLabel: true,
          method: 'PICKUP_POINT',
          pickupPointId: 'PL11033',
        },
      });
      expect([viaPoint.status, viaPoint.body.code]).toEqual([409, 'shipmentAlreadyExists']);

      // Another user cannot see or print it.
      const other = await customer(h);
      expect(
        (await http(h.service.url, 'GET', `/api/shipments/${created.body.id}`, { token: other.token }))
          .status,
      ).toBe(404);
    });

    it('books once even when two confirmations race', async () => {
      const c = await customer(h);
      const { testId } = await confirmedTest(h, c);
      const body = {
        shippableId: testId,
        size: 'S',
        withLabel: true,
        method: 'COURIER',
        courier: { date: workingDay(h.clock, 3), timeWindow: '08:00-11:00' },
      };
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          http<ErrorBody>(h.service.url, 'POST', '/api/shipments', { token: c.token, body }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(
        results
          .filter((r) => r.status === 409)
          .every((r) => ['courierAlreadyOrdered', 'shipmentAlreadyExists'].includes(r.body.code)),
      ).toBe(true);
    });

    it('refuses a window DPD does not offer, a courier without label, and a sender without address', async () => {
      const c = await customer(h);
      const { testId } = await confirmedTest(h, c);
      const date = workingDay(h.clock, 2);
      const wrongWindow = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: {
          shippableId: testId,
          size: 'S',
          withLabel: true,
          method: 'COURIER',
          courier: { date, timeWindow: '18:00-20:00' },
        },
      });
      expect([wrongWindow.status, wrongWindow.body.code]).toEqual([422, 'courierNoTimeWindows']);
      const noLabel = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: {
          shippableId: testId,
          size: 'S',
          withLabel: false,
          method: 'COURIER',
          courier: { date, timeWindow: '10:00-13:00' },
        },
      });
      expect([noLabel.status, noLabel.body.code]).toEqual([400, 'courierRequiresLabel']);

      const incomplete = await customer(h, { address: false });
      const t2 = await confirmedTest(h, incomplete);
      const res = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments/summary', {
        token: incomplete.token,
        body: {
          shippableId: t2.testId,
          size: 'S',
          withLabel: true,
          method: 'PICKUP_POINT',
          pickupPointId: 'PL11033',
        },
      });
      expect([res.status, res.body.code]).toEqual([422, 'shippingIncompleteSenderData']);
    });

    it('answers "order not found for test id" for unknown or foreign tests', async () => {
      const c = await customer(h);
      const other = await customer(h);
      const { testId } = await confirmedTest(h, other);
      for (const id of [randomUUID(), testId]) {
        const res = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments/summary', {
          token: c.token,
          body: {
            shippableId: id,
            size: 'S',
            withLabel: true,
            method: 'PICKUP_POINT',
            pickupPointId: 'PL11033',
          },
        });
        expect([res.status, res.body.code]).toEqual([404, 'shippingOrderNotFound']);
      }
    });

    it('maps DPD 200-with-error answers: courier order failed, sample delivery failed; nothing is left reserved', async () => {
      const c = await customer(h);
      const { testId } = await confirmedTest(h, c);
      const body = {
        shippableId: testId,
        size: 'L',
        withLabel: true,
        method: 'COURIER',
        courier: { date: workingDay(h.clock, 2), timeWindow: '13:00-16:00' },
      };
      h.dpd.failNext('packagesPickupCall', {
        level: 'package',
        status: 'DISALLOWED_PICKUP',
        message: 'pickup not possible',
      });
      const courierFailed = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body,
      });
      expect([courierFailed.status, courierFailed.body.code]).toEqual([502, 'courierOrderFailed']);

      h.dpd.failNext('generatePackagesNumbers', { level: 'parcel', status: 'INCORRECT_WEIGHT' });
      const parcelFailed = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body,
      });
      expect([parcelFailed.status, parcelFailed.body.code]).toEqual([502, 'sampleDeliveryFailed']);

      h.dpd.failNext('generatePackagesNumbers', { level: 'request', status: 'INCORRECT_LOGIN_OR_PASSWORD' });
      const requestFailed = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body,
      });
      expect([requestFailed.status, requestFailed.body.code]).toEqual([502, 'sampleDeliveryFailed']);

      // The failures freed the reservation: the courier can still be booked once.
      const ok = await http<TShipment>(h.service.url, 'POST', '/api/shipments', { token: c.token, body });
      expect(ok.status).toBe(201);
    });

    it('cancels the courier at DPD when the order is cancelled', async () => {
      const c = await customer(h);
      const { testId, orderId } = await confirmedTest(h, c);
      const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: {
          shippableId: testId,
          size: 'S',
          withLabel: true,
          method: 'COURIER',
          courier: { date: workingDay(h.clock, 2), timeWindow: '08:00-11:00' },
        },
      });
      expect(created.status).toBe(201);
      await publishTestEvent(h.exchange, OrderCancelledV1, {
        orderId,
        orderNumber: 'G/1',
        userId: c.userId,
        kind: 'GARDEN',
        sampleCodes: [],
        cancelledByUserId: c.userId,
        cancelledAt: new Date().toISOString(),
      });
      await waitFor(() =>
        h.dpd.bookings().some((b) => b.orderNumber === created.body.courier!.orderNumber && b.cancelled),
      );
      // The booking is cancelled at DPD inside the handler's transaction; the shipment follows on commit.
      await waitFor(
        async () =>
          (
            await http<TShipment>(h.service.url, 'GET', `/api/shipments/${created.body.id}`, {
              token: c.token,
            })
          ).body.isCancelled,
      );
      const after = await http<TShipment>(h.service.url, 'GET', `/api/shipments/${created.body.id}`, {
        token: c.token,
      });
      expect(after.body).toMatchObject({ isCancelled: true, courier: { cancelled: true } });
      const shippable = await http<{ items: { shippableId: string }[] }>(
        h.service.url,
        'GET',
        '/api/shipments/shippable',
        { token: c.token },
      );
      expect(shippable.body.items.some((i) => i.shippableId === testId)).toBe(false);
      expect(
        h.dpd
          .calls()
          .filter(
            (x) =>
              x.operation === 'packagesPickupCall' &&
              (x.body as { operationType: string }).operationType === 'CANCEL',
          ),
      ).toHaveLength(1);
    });

    it('cancels the courier when orders cancels the garden test by a status change', async () => {
      const c = await customer(h);
      const { testId } = await confirmedTest(h, c);
      const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: {
          shippableId: testId,
          size: 'M',
          withLabel: true,
          method: 'COURIER',
          courier: { date: workingDay(h.clock, 2), timeWindow: '10:00-13:00' },
        },
      });
      expect(created.status).toBe(201);
      await publishTestEvent(h.exchange, OrderStatusChangedV1, {
        orderId: testId,
        orderNumber: 'G/2',
        userId: c.userId,
        kind: 'GARDEN',
        from: 'WAITING_FOR_RESULTS',
        to: 'CANCELLED',
        changedByUserId: null,
        changedAt: new Date().toISOString(),
        barcode: null,
      });
      await waitFor(
        async () =>
          (
            await http<TShipment>(h.service.url, 'GET', `/api/shipments/${created.body.id}`, {
              token: c.token,
            })
          ).body.isCancelled,
      );
      expect(
        h.dpd.bookings().find((b) => b.orderNumber === created.body.courier!.orderNumber)?.cancelled,
      ).toBe(true);
    });
  });

  describe('pickup point', () => {
    it('finds points by city, postcode and coordinates, with opening hours', async () => {
      const c = await customer(h);
      const byCity = await http<{
        items: { id: string; city: string; lat: number; openingHours: unknown[] }[];
      }>(h.service.url, 'GET', '/api/pickup-points?city=Warszawa', { token: c.token });
      expect(byCity.status).toBe(200);
      expect(byCity.body.items.length).toBeGreaterThanOrEqual(3);
      expect(
        byCity.body.items.every(
          (p) => p.city === 'Warszawa' && p.openingHours.length > 0 && typeof p.lat === 'number',
        ),
      ).toBe(true);
      const byCode = await http<{ items: { id: string }[] }>(
        h.service.url,
        'GET',
        '/api/pickup-points?postCode=31042',
        { token: c.token },
      );
      expect(byCode.body.items.map((p) => p.id)).toEqual(['PL30512']);
      const near = await http<{ items: { id: string; distanceKm: number }[] }>(
        h.service.url,
        'GET',
        '/api/pickup-points?lat=52.2297&lng=21.0122&radiusKm=3',
        { token: c.token },
      );
      expect(near.body.items[0]!.id).toBe('PL11033');
      expect(near.body.items[0]!.distanceKm).toBeLessThan(3);
      const none = await http<ErrorBody>(h.service.url, 'GET', '/api/pickup-points', { token: c.token });
      expect([none.status, none.body.code]).toEqual([400, 'pickupPointSearchInvalid']);
      const bad = await http<ErrorBody>(h.service.url, 'GET', '/api/pickup-points?postCode=12', {
        token: c.token,
      });
      expect([bad.status, bad.body.code]).toEqual([400, 'shippingInvalidPostalCode']);
      expect((await http(h.service.url, 'GET', '/api/pickup-points?city=Warszawa')).status).toBe(401);
    });

    it('creates a drop-off with a label at a chosen point; an unknown point is refused', async () => {
      const c = await customer(h);
      const { testId } = await confirmedTest(h, c);
      const unknown = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments/summary', {
        token: c.token,
        body: {
          shippableId: testId,
          size: 'S',
          withLabel: true,
          method: 'PICKUP_POINT',
          pickupPointId: 'PL00000',
        },
      });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'pickupPointNotFound']);
      const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: {
          shippableId: testId,
          size: 'S',
          withLabel: true,
          method: 'PICKUP_POINT',
          pickupPointId: 'PL11058',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        shipmentType: 'PICKUP',
        withLabel: true,
        pickupPoint: { id: 'PL11058' },
        dropOffCode: null,
        courier: null,
      });
      const label = await getPdf(h.service.url, 'GET', `/api/shipments/${created.body.id}/label`, c.token);
      const inspected = await inspectPdf(label.pdf);
      expect(inspected.text).toContain(created.body.waybill!);
      expect(inspected.images).toBeGreaterThanOrEqual(1);
      const shippable = await http<{ items: { shippableId: string; shipmentId: string | null }[] }>(
        h.service.url,
        'GET',
        '/api/shipments/shippable',
        { token: c.token },
      );
      expect(shippable.body.items.find((i) => i.shippableId === testId)?.shipmentId).toBe(created.body.id);
    });

    it('turns DPD label errors into labelPrintFailed', async () => {
      const c = await customer(h);
      const { testId } = await confirmedTest(h, c);
      const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: {
          shippableId: testId,
          size: 'S',
          withLabel: true,
          method: 'PICKUP_POINT',
          pickupPointId: 'PL11058',
        },
      });
      h.dpd.failNext('generateSpedLabels', { level: 'parcel', status: 'NOT_FOUND' });
      const res = await getPdf(h.service.url, 'GET', `/api/shipments/${created.body.id}/label`, c.token);
      expect(res.status).toBe(502);
      expect((res.json as ErrorBody).code).toBe('labelPrintFailed');
    });
  });

  describe('farm orders', () => {
    it('may ship a farm order once its samples are collected', async () => {
      const c = await customer(h);
      const orderId = randomUUID();
      await publishTestEvent(h.exchange, OrderStatusChangedV1, {
        orderId,
        orderNumber: 'F/2026/1',
        userId: c.userId,
        kind: 'FARM',
        from: 'SAMPLES_COLLECTING',
        to: 'SAMPLES_COLLECTION_COMPLETED',
        changedByUserId: null,
        changedAt: new Date().toISOString(),
        barcode: null,
      });
      await waitFor(async () => {
        const res = await http<{ items: { shippableId: string }[] }>(
          h.service.url,
          'GET',
          '/api/shipments/shippable',
          { token: c.token },
        );
        return res.body.items.some((i) => i.shippableId === orderId);
      });
      const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: {
          shippableId: orderId,
          size: 'L',
          withLabel: true,
          method: 'PICKUP_POINT',
          pickupPointId: 'PL11033',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ kind: 'FARM', orderId, testId: null });
    });
  });

  // Last: these tests move the clock 14 days ahead.
  describe('labelless drop-off codes (PICKUP_LABELLESS)', () => {
    it('gives one code per order, valid 14 days; warns before it expires, then expires it; a new code may follow', async () => {
      const c = await customer(h);
      const first = await confirmedTest(h, c);
      const second = await confirmedTest(h, c, { orderId: first.orderId });
      const body = (shippableId: string) => ({
        shippableId,
        size: 'S',
        withLabel: false,
        method: 'PICKUP_POINT',
      });

      const before = h.clock.now().getTime();
      const created = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: body(first.testId),
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        shipmentType: 'PICKUP_LABELLESS',
        withLabel: false,
        dropOffCode: { expired: false },
      });
      const code = created.body.dropOffCode!;
      expect(code.code).toMatch(/^\d{6,}$/);
      const validMs = new Date(code.expiresAt).getTime() - before;
      expect(validMs).toBeGreaterThanOrEqual(14 * DAY - 5_000);
      expect(validMs).toBeLessThanOrEqual(14 * DAY + 5_000);
      const generated = await h.events.next<CodeEvent>(
        'shipping.drop-off-code.generated',
        (e) => e.data.shipmentId === created.body.id,
      );
      expect(generated.data).toMatchObject({ code: code.code, expiresAt: code.expiresAt, userId: c.userId });

      // One code per order: the second test of the same order is refused while the code is valid.
      const again = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: body(second.testId),
      });
      expect([again.status, again.body.code]).toEqual([409, 'dropOffCodeAlreadyGenerated']);
      // A labelless parcel has no label to print.
      const label = await getPdf(h.service.url, 'GET', `/api/shipments/${created.body.id}/label`, c.token);
      expect([label.status, (label.json as ErrorBody).code]).toEqual([409, 'labelPrintFailed']);

      // 12.5 days later: the user is told (48 hours before), the code still works.
      h.clock.advance(12.5 * DAY);
      const expiring = await h.events.next<CodeEvent>(
        'shipping.drop-off-code.expiring',
        (e) => e.data.shipmentId === created.body.id,
      );
      expect(expiring.data.code).toBe(code.code);
      const during = await http<TShipment>(h.service.url, 'GET', `/api/shipments/${created.body.id}`, {
        token: c.token,
      });
      expect(during.body.dropOffCode!.expired).toBe(false);

      // Past 14 days: expired, once.
      h.clock.advance(2 * DAY);
      await h.events.next<CodeEvent>(
        'shipping.drop-off-code.expired',
        (e) => e.data.shipmentId === created.body.id,
      );
      const after = await http<TShipment>(h.service.url, 'GET', `/api/shipments/${created.body.id}`, {
        token: c.token,
      });
      expect(after.body.dropOffCode).toMatchObject({ code: code.code, expired: true });
      await new Promise((r) => setTimeout(r, 600));
      const all = h.events.all().filter((e) => (e.data as CodeEvent).shipmentId === created.body.id);
      expect(all.filter((e) => e.type === 'shipping.drop-off-code.expiring')).toHaveLength(1);
      expect(all.filter((e) => e.type === 'shipping.drop-off-code.expired')).toHaveLength(1);

      // The expired code no longer blocks the order: a new one may be generated.
      const renewed = await http<TShipment>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: body(first.testId),
      });
      expect(renewed.status).toBe(201);
      expect(renewed.body.dropOffCode!.code).toBeTruthy();
      expect(renewed.body.id).not.toBe(created.body.id);

      // Retention (decision 0057): the daily job deletes the expired code, not the valid one.
      const retention = await applyRetention({
        db: h.service.ctx.db,
        outbox: h.service.ctx.outbox,
        logger: h.service.ctx.logger,
        config: h.service.ctx.config,
        dpd: undefined as never,
        clock: h.clock,
      });
      expect(retention.dropOffCodesDeleted).toBe(1);
      const cleared = await http<TShipment>(h.service.url, 'GET', `/api/shipments/${created.body.id}`, {
        token: c.token,
      });
      expect(cleared.body.dropOffCode).toBeNull();
      const kept = await http<TShipment>(h.service.url, 'GET', `/api/shipments/${renewed.body.id}`, {
        token: c.token,
      });
      expect(kept.body.dropOffCode!.code).toBe(renewed.body.dropOffCode!.code);
    });

    it('maps a 200-with-error from generateDropOffPin to sampleDeliveryFailed and keeps nothing', async () => {
      const c = await customer(h);
      const { testId } = await confirmedTest(h, c);
      h.dpd.failNext('generateDropOffPin', { level: 'parcel', status: 'PIN_NOT_AVAILABLE' });
      const res = await http<ErrorBody>(h.service.url, 'POST', '/api/shipments', {
        token: c.token,
        body: { shippableId: testId, size: 'M', withLabel: false, method: 'PICKUP_POINT' },
      });
      expect([res.status, res.body.code]).toEqual([502, 'sampleDeliveryFailed']);
      const list = await http<{ items: unknown[] }>(h.service.url, 'GET', '/api/shipments', {
        token: c.token,
      });
      expect(list.body.items).toHaveLength(0);
    });
  });
});
