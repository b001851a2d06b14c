import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDpdSimulator, type DpdSimulatorHandle } from '../../../infra/simulators/src/dpd';
import { DpdHttpClient } from '../src/adapters/dpd.client';
import { DpdError, type DpdAddress } from '../src/adapters/dpd.port';

const sender: DpdAddress = {
  company: null,
  name: 'Jan Kowalski',
  street: 'Polna 5',
  postCode: '02-495',
  city: 'Warszawa',
  phone: '+48600100200',
  email: null,
};
const receiver: DpdAddress = {
  company: 'Gleba',
  name: 'Lab',
  street: 'Rolnicza 1',
  postCode: '00-950',
  city: 'Warszawa',
  phone: '+48221234567',
  email: null,
};
const parcel = {
  weightKg: 5,
  sizeCm: [20, 20, 15] as [number, number, number],
  content: 'soil',
  reference: 'T1',
};

describe('DPD client against the simulator', () => {
  let sim: DpdSimulatorHandle;
  let client: DpdHttpClient;
  const make = (over: Partial<ConstructorParameters<typeof DpdHttpClient>[0]> = {}) =>
    new DpdHttpClient({
      url: sim.url,
      infoUrl: sim.url,
      pudoUrl: sim.url,
      login: sim.login,
      password: sim.password,
      fid: sim.fid,
      pudoKey: sim.pudoKey,
      timeoutMs: 5000,
      ...over,
    });

  beforeAll(async () => {
    sim = await startDpdSimulator();
    client = make();
  });
  afterAll(async () => {
    await sim?.close();
  });

  async function failure(p: Promise<unknown>): Promise<DpdError> {
    const error = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DpdError);
    return error as DpdError;
  }

  it('generates waybills', async () => {
    const res = await client.generatePackagesNumbers({
      reference: 'T1',
      sender,
      receiver,
      pickupPointId: null,
      parcels: [parcel, parcel],
    });
    expect(res.waybills).toHaveLength(2);
    expect(sim.parcels().map((p) => p.waybill)).toEqual(expect.arrayContaining(res.waybills));
  });

  it('treats a non-OK status at the request, package and parcel level as an error (HTTP 200 each time)', async () => {
    const input = { reference: 'T1', sender, receiver, pickupPointId: null, parcels: [parcel] };
    sim.failNext('generatePackagesNumbers', { level: 'request', status: 'INCORRECT_LOGIN_OR_PASSWORD' });
    expect(await failure(client.generatePackagesNumbers(input))).toMatchObject({
      level: 'request',
      status: 'INCORRECT_LOGIN_OR_PASSWORD',
    });
    sim.failNext('generatePackagesNumbers', { level: 'package', status: 'DISALLOWED_FID' });
    expect(await failure(client.generatePackagesNumbers(input))).toMatchObject({
      level: 'package',
      status: 'DISALLOWED_FID',
    });
    sim.failNext('generatePackagesNumbers', { level: 'parcel', status: 'INCORRECT_WEIGHT' });
    expect(await failure(client.generatePackagesNumbers(input))).toMatchObject({
      level: 'parcel',
      status: 'INCORRECT_WEIGHT',
    });
    // Unknown receiver postcode: a package-level validation error from DPD itself.
    const bad = await failure(
      client.generatePackagesNumbers({ ...input, receiver: { ...receiver, postCode: '99-999' } }),
    );
    expect([bad.level, bad.message]).toEqual(['package', expect.stringContaining('INCORRECT_POSTCODE')]);
  });

  it('checks every level of labels, protocol, pickup call, drop-off pin and tracking', async () => {
    const { waybills } = await client.generatePackagesNumbers({
      reference: 'T2',
      sender,
      receiver,
      pickupPointId: 'PL11033',
      parcels: [parcel],
    });
    const waybill = waybills[0]!;
    expect(
      (await client.generateSpedLabels({ waybills: [waybill], format: 'A4', outputType: 'BIC3' })).pdf
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(
      await failure(client.generateSpedLabels({ waybills: ['nope'], format: 'A4', outputType: 'BIC3' })),
    ).toMatchObject({ level: 'parcel', status: 'NOT_FOUND' });
    sim.failNext('generateProtocol', { level: 'package', status: 'PROTOCOL_ERROR' });
    expect(await failure(client.generateProtocol({ waybills: [waybill], date: '2026-11-23' }))).toMatchObject(
      { status: 'NOT_FOUND' },
    );
    sim.failNext('packagesPickupCall', { level: 'package', status: 'DISALLOWED_PICKUP' });
    expect(
      await failure(
        client.packagesPickupCall({
          operation: 'INSERT',
          date: '2026-11-23',
          timeWindow: '10:00-13:00',
          sender,
          parcelsCount: 1,
          weightKg: 5,
        }),
      ),
    ).toMatchObject({
      level: 'package',
      status: 'DISALLOWED_PICKUP',
    });
    expect(
      await failure(client.packagesPickupCall({ operation: 'CANCEL', orderNumber: 'KO404', checkSum: 'x' })),
    ).toMatchObject({ status: 'NOT_FOUND' });
    sim.failNext('generateDropOffPin', { level: 'parcel', status: 'PIN_NOT_AVAILABLE' });
    expect(await failure(client.generateDropOffPin({ waybill }))).toMatchObject({
      level: 'parcel',
      status: 'PIN_NOT_AVAILABLE',
    });
    expect((await client.generateDropOffPin({ waybill })).pin).toMatch(/^\d+$/);
    sim.failNext('getEventsForWaybill', { level: 'parcel', status: 'WAYBILL_NOT_FOUND' });
    expect(await failure(client.getEventsForWaybill(waybill))).toMatchObject({
      level: 'parcel',
      status: 'WAYBILL_NOT_FOUND',
    });
    sim.pushEvents(waybill, [
      { businessCode: '040102', description: 'x', eventTime: '2026-11-22T10:00:00Z', depot: null },
    ]);
    expect(await client.getEventsForWaybill(waybill)).toEqual([
      { businessCode: '040102', description: 'x', eventTime: new Date('2026-11-22T10:00:00Z'), depot: null },
    ]);
    sim.failNext('getCourierOrderAvailability', { level: 'request', status: 'SERVICE_UNAVAILABLE' });
    expect(
      await failure(client.getCourierOrderAvailability({ postCode: '02-495', date: '2026-11-23' })),
    ).toMatchObject({ level: 'request' });
  });

  it('fails on wrong credentials and an unreachable host as transport errors', async () => {
    expect(
      await failure(
        make({ password: 'wrong' }).getCourierOrderAvailability({ postCode: '02-495', date: '2026-11-23' }),
      ),
    ).toMatchObject({ level: 'transport', status: 'HTTP_401' });
    expect(
      await failure(
        make({ url: 'http://127.0.0.1:1' }).getCourierOrderAvailability({
          postCode: '02-495',
          date: '2026-11-23',
        }),
      ),
    ).toMatchObject({ level: 'transport' });
  });

  it('finds pickup points with opening hours', async () => {
    const points = await client.findPickupPoints({ kind: 'city', city: 'krakow' });
    expect(points.map((p) => p.id)).toEqual(['PL30512']);
    expect(points[0]!.openingHours.length).toBeGreaterThan(0);
    expect(await client.getPickupPoint('PL11033')).toMatchObject({ city: 'Warszawa' });
    expect(await client.getPickupPoint('nope')).toBeNull();
  });
});
