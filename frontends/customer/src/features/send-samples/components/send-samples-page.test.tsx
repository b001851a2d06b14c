import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const TEST_ID = '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f';
const SHIPMENT_ID = '7d2e9b4f-3c5a-4f7b-8d8e-2b3c4d5e6f70';
const shippable = (shipmentId: string | null = null) => [
  {
    shippableId: TEST_ID,
    orderId: TEST_ID,
    testId: TEST_ID,
    orderNumber: 'G-0001',
    kind: 'GARDEN',
    barcode: 'ABCDEF123456',
    confirmedAt: '2026-11-20T10:00:00.000Z',
    shipmentId,
  },
];
const address = {
  name: 'Anna Nowak',
  company: null,
  street: 'Polna 1',
  postCode: '00-001',
  city: 'Warszawa',
  phone: null,
  email: null,
};
const POINT = {
  id: 'PL11033',
  name: 'Kiosk Ruch',
  street: 'Długa 5',
  postCode: '00-238',
  city: 'Warszawa',
  lat: 52.25,
  lng: 21.0,
  distanceKm: null,
  openingHours: [{ day: 1, open: '08:00', close: '18:00' }],
};
const shipment = (over: Record<string, unknown>) => ({
  id: SHIPMENT_ID,
  shippableId: TEST_ID,
  orderId: TEST_ID,
  testId: TEST_ID,
  orderNumber: 'G-0001',
  kind: 'GARDEN',
  userId: USER.id,
  shipmentType: 'PICKUP_LABELLESS',
  carrierName: 'DPD',
  size: 'S',
  withLabel: false,
  status: 'CREATED',
  waybill: null,
  isCancelled: false,
  courier: null,
  pickupPoint: null,
  dropOffCode: { code: '4F7K2Q', expiresAt: '2026-11-27T23:59:00.000Z', expired: false },
  returnCode: null,
  rma: null,
  sender: address,
  createdAt: '2026-11-20T10:00:00.000Z',
  statusChangedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const base = { 'GET /api/users/me': USER, 'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 } };
const cont = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('send-samples wizard', () => {
  it('validates each step, books a courier after an availability error, and confirms behind a dialog', async () => {
    let availabilityCalls = 0;
    const { calls } = mockApi({
      ...base,
      'GET /api/shipments/shippable': shippable(),
      'GET /api/shipments/courier/availability': () =>
        ++availabilityCalls === 1
          ? errorBody(422, 'courierNoTimeWindows')
          : { date: '2026-11-24', postCode: '00-001', timeWindows: ['10:00-13:00', '13:00-16:00'] },
      'POST /api/shipments/summary': ({ body }: { body: unknown }) => {
        const b = body as { size: 'M'; withLabel: boolean; courier: { date: string; timeWindow: string } };
        return {
          shippableId: TEST_ID,
          orderNumber: 'G-0001',
          shipmentType: 'COURIER',
          size: b.size,
          maxWeightKg: 10,
          sizeCm: [20, 20, 15],
          withLabel: b.withLabel,
          sender: address,
          receiver: { ...address, name: 'Laboratorium Gleba' },
          courier: b.courier,
          pickupPoint: null,
          carrier: 'DPD',
        };
      },
      'POST /api/shipments': shipment({
        shipmentType: 'COURIER',
        withLabel: true,
        waybill: '0000123456789U',
        dropOffCode: null,
      }),
    });
    renderApp(`/soil-tests/${TEST_ID}/send`, { signedIn: true });
    expect(await screen.findByText('Step 1 of 4', undefined, { timeout: 5000 })).toBeTruthy();
    await cont();
    expect(screen.getByText('Choose a parcel size.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText(/M — up to 10 kg/));
    await cont();
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    await cont();
    expect(screen.getByText('Choose whether you print a label.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('I will print a label'));
    await cont();
    await cont();
    expect(screen.getByText('Choose how to send.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('A courier picks the parcel up'));
    const date = screen.getByLabelText('Pickup date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-24');
    await cont();
    expect(screen.getByText('Choose an hour window.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check hours' }));
    expect(await screen.findByText('No time windows for the selected day and sender postcode.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check hours' }));
    await userEvent.click(await screen.findByLabelText('13:00-16:00'));
    await cont();
    expect(await screen.findByText('Step 4 of 4')).toBeTruthy();
    expect(screen.getByText(/Courier: .*13:00-16:00/)).toBeTruthy();
    const summaryCall = calls.find((c) => c.path === '/api/shipments/summary')!;
    expect(summaryCall.body).toEqual({
      shippableId: TEST_ID,
      size: 'M',
      withLabel: true,
      method: 'COURIER',
      courier: { date: '2026-11-24', timeWindow: '13:00-16:00' },
    });
    expect(
      calls
        .filter((c) => c.path === '/api/shipments/courier/availability')
        .at(-1)!
        .url.searchParams.get('date'),
    ).toBe('2026-11-24');

    await userEvent.click(screen.getByRole('button', { name: 'Order the shipment' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/shipments')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Waybill: 0000123456789U')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the label (PDF)' })).toBeTruthy();
  });

  it('labelless: searches pickup points by city, then shows the drop-off code with its expiry', async () => {
    const { calls } = mockApi({
      ...base,
      'GET /api/shipments/shippable': shippable(),
      'GET /api/pickup-points': { items: [POINT] },
      'POST /api/shipments/summary': {
        shippableId: TEST_ID,
        orderNumber: 'G-0001',
        shipmentType: 'PICKUP_LABELLESS',
        size: 'S',
        maxWeightKg: 5,
        sizeCm: [20, 20, 15],
        withLabel: false,
        sender: address,
        receiver: address,
        courier: null,
        pickupPoint: POINT,
        carrier: 'DPD',
      },
      'POST /api/shipments': shipment({}),
    });
    renderApp(`/soil-tests/${TEST_ID}/send`, { signedIn: true });
    await userEvent.click(await screen.findByLabelText(/S — up to 5 kg/, undefined, { timeout: 5000 }));
    await cont();
    await userEvent.click(screen.getByLabelText('Without a label (drop-off code at a point)'));
    await cont();
    expect(screen.queryByLabelText('A courier picks the parcel up')).toBeNull();
    await userEvent.click(screen.getByLabelText('I drop it off at a DPD Pickup point'));
    await userEvent.type(screen.getByLabelText('City or postcode'), 'Warszawa');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByLabelText(/Kiosk Ruch/));
    expect(screen.getByText(/Opening hours: Mon 08:00–18:00/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/pickup-points')!.url.searchParams.get('city')).toBe('Warszawa');
    await cont();
    expect(await screen.findByText('Point: Kiosk Ruch, Długa 5, 00-238 Warszawa')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Order the shipment' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect((await screen.findByTestId('drop-off-code')).textContent).toBe('4F7K2Q');
    expect(screen.getByText(/Valid until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the label (PDF)' })).toBeNull();
  });

  it('shows the existing shipment, or says the test is not ready to be sent', async () => {
    mockApi({
      ...base,
      'GET /api/shipments/shippable': shippable(SHIPMENT_ID),
      [`GET /api/shipments/${SHIPMENT_ID}`]: shipment({}),
    });
    const view = renderApp(`/soil-tests/${TEST_ID}/send`, { signedIn: true });
    expect((await screen.findByTestId('drop-off-code', undefined, { timeout: 5000 })).textContent).toBe(
      '4F7K2Q',
    );
    view.unmount();
    vi.unstubAllGlobals();
    mockApi({ ...base, 'GET /api/shipments/shippable': [] });
    renderApp(`/soil-tests/${TEST_ID}/send`, { signedIn: true });
    expect(
      await screen.findByText('This test is not ready to be sent. Confirm the shipment first.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
  });
  it('the customer follows the parcel: DPD events in the chosen language, newest first', async () => {
    const event = (code: string, at: string, status: string | null) => ({
      code,
      description: 'DPD text',
      at,
      depot: null,
      status,
    });
    mockApi({
      ...base,
      'GET /api/shipments/shippable': shippable(SHIPMENT_ID),
      [`GET /api/shipments/${SHIPMENT_ID}`]: shipment({
        status: 'IN_TRANSIT',
        history: [
          event('030103', '2026-11-20T10:00:00.000Z', null),
          event('040101', '2026-11-20T14:00:00.000Z', 'PICKED_UP'),
          event('170302', '2026-11-21T06:00:00.000Z', 'IN_TRANSIT'),
        ],
      }),
    });
    renderApp(`/soil-tests/${TEST_ID}/send`, { signedIn: true, lang: 'pl' });
    const tracking = await screen.findByRole('region', { name: 'Śledzenie przesyłki' }, { timeout: 5000 });
    expect(within(tracking).getByText('Status: W drodze')).toBeTruthy();
    const items = within(tracking)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('W oddziale doręczającym');
    expect(items[2]).toContain('Dane przesyłki zarejestrowane w DPD');
    expect(tracking.textContent).not.toContain('DPD text');
  });
});
