import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, mockApi, renderApp } from '../../../testing/render-app';

const SHIPMENT = {
  id: '4d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  shippableId: '3d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  orderId: '2d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  testId: null,
  orderNumber: 'ZF/2026/000007',
  kind: 'FARM',
  userId: '1d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  shipmentType: 'COURIER',
  carrierName: 'DPD',
  size: 'M',
  withLabel: true,
  status: 'IN_TRANSIT',
  waybill: '0000123456789U',
  isCancelled: false,
  courier: null,
  pickupPoint: null,
  dropOffCode: null,
  returnCode: null,
  rma: null,
  shippingCost: 1899,
  sender: {
    name: 'Jan',
    company: null,
    street: 'Polna 1',
    postCode: '20-001',
    city: 'Lublin',
    phone: null,
    email: null,
  },
  createdAt: '2026-11-21T10:00:00.000Z',
  statusChangedAt: '2026-11-21T12:00:00.000Z',
};
const pdf = () =>
  new Response(new Blob(['%PDF-1.4']), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="labels.pdf"',
    },
  });

describe('shipments', () => {
  it('downloads the labels of the selected shipments and the day’s handover protocol', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const { calls } = mockApi({
      'GET /garden-api/users/me': ADMIN,
      'GET /garden-api/shipments': {
        items: [SHIPMENT],
        meta: { page: 1, perPage: 20, total: 1, next: null, prev: null },
      },
      'POST /garden-api/shipments/labels': pdf,
      'GET /garden-api/shipments/protocol': pdf,
    });
    renderApp('/shipments', { signedIn: true, mode: 'garden' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select shipment ZF/2026/000007' }));
    await userEvent.selectOptions(screen.getByLabelText('Label format'), 'LABEL_PRINTER');
    await userEvent.click(screen.getByRole('button', { name: 'Labels of selected (1)' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/garden-api/shipments/labels')).toBe(true));
    expect(calls.find((c) => c.path === '/garden-api/shipments/labels')?.body).toEqual({
      shipmentIds: [SHIPMENT.id],
      format: 'LABEL_PRINTER',
    });
    expect(calls.find((c) => c.path === '/garden-api/shipments/labels')?.headers.get('authorization')).toBe(
      'Bearer access-1',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Handover protocol' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/garden-api/shipments/protocol')).toBe(true));
    expect(
      calls.find((c) => c.path === '/garden-api/shipments/protocol')?.url.searchParams.get('date'),
    ).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    vi.unstubAllGlobals();
  });

  it('the handover protocol is of the admin’s day, also just after midnight in Poland', async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Europe/Warsaw';
    vi.useFakeTimers({ now: new Date('2026-11-22T23:30:00.000Z'), toFake: ['Date'] });
    try {
      mockApi({
        'GET /garden-api/users/me': ADMIN,
        'GET /garden-api/shipments': {
          items: [],
          meta: { page: 1, perPage: 20, total: 0, next: null, prev: null },
        },
      });
      renderApp('/shipments', { signedIn: true, mode: 'garden' });
      expect(((await screen.findByLabelText('Handover day')) as HTMLInputElement).value).toBe('2026-11-23');
    } finally {
      vi.useRealTimers();
      process.env.TZ = tz;
    }
  });

  it.each([
    ['pl', '27.11.2026 10:00-13:00'],
    ['en', '27/11/2026 10:00-13:00'],
    ['uk', '27.11.2026 10:00-13:00'],
  ] as const)('the courier pickup day is written as the other dates (%s)', async (lang, shown) => {
    mockApi({
      'GET /farm-api/users/me': ADMIN,
      [`GET /farm-api/shipments/${SHIPMENT.id}`]: {
        ...SHIPMENT,
        courier: {
          pickupDate: '2026-11-27',
          timeWindow: '10:00-13:00',
          orderNumber: 'C1',
          controlNumber: null,
          cancelled: false,
        },
        history: [],
      },
    });
    renderApp(`/shipments/${SHIPMENT.id}`, { signedIn: true, mode: 'farm', lang });
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.queryByText(/2026-11-27/)).toBeNull();
  });
  it('a shipment’s page shows its tracking history and creates a return code', async () => {
    const history = [
      {
        code: '170301',
        description: 'Przesyłka w drodze',
        at: '2026-11-21T12:00:00.000Z',
        depot: 'Lublin',
        status: 'IN_TRANSIT',
      },
    ];
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      [`GET /farm-api/shipments/${SHIPMENT.id}`]: { ...SHIPMENT, history },
      [`POST /farm-api/shipments/${SHIPMENT.id}/return`]: {
        shipmentId: SHIPMENT.id,
        returnCode: 'R123',
        rma: 'RMA1',
        returnWaybill: 'R123',
      },
    });
    renderApp(`/shipments/${SHIPMENT.id}`, { signedIn: true, mode: 'farm' });
    expect(await screen.findByText('In transit (sorting centre)')).toBeTruthy();
    // The status names DPD's latest event beside it, so the two never seem to disagree.
    expect(
      screen.getByText('In transit (sorting centre)', { exact: false, selector: 'dd span' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create return' }));
    expect(await screen.findByText('Return code: R123.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/return'))).toBe(true);
  });
  it('"check now" says what DPD reported; events and the shipping cost in the operator language (pl)', async () => {
    const registered = {
      code: '030103',
      description: 'Przesyłka zarejestrowana w systemie DPD',
      at: '2026-11-21T10:00:00.000Z',
      depot: null,
      status: null,
    };
    const picked = { ...registered, code: '040101', at: '2026-11-21T11:00:00.000Z', status: 'PICKED_UP' };
    const failed = { ...registered, code: '190103', at: '2026-11-21T12:00:00.000Z', status: null };
    let checks = 0;
    mockApi({
      'GET /farm-api/users/me': ADMIN,
      [`GET /farm-api/shipments/${SHIPMENT.id}`]: () =>
        checks === 0
          ? { ...SHIPMENT, status: 'CREATED', history: [registered] }
          : { ...SHIPMENT, status: 'PICKED_UP', history: [registered, picked, failed] },
      [`POST /farm-api/shipments/${SHIPMENT.id}/track`]: () => {
        checks += 1;
        return checks === 1
          ? {
              ...SHIPMENT,
              status: 'PICKED_UP',
              history: [registered, picked, failed],
              found: { newEvents: 2, steps: ['PICKED_UP'] },
            }
          : {
              ...SHIPMENT,
              status: 'PICKED_UP',
              history: [registered, picked, failed],
              found: { newEvents: 0, steps: [] },
            };
      },
    });
    renderApp(`/shipments/${SHIPMENT.id}`, { signedIn: true, mode: 'farm', lang: 'pl' });
    expect(await screen.findByText('Dane przesyłki zarejestrowane w DPD')).toBeTruthy();
    expect(screen.getByText(/18,99\s*zł/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sprawdź teraz' }));
    expect(await screen.findByText('Nowe zdarzenia DPD: 2. Status: Odebrana.')).toBeTruthy();
    expect(await screen.findByText('Odebrana przez kuriera')).toBeTruthy();
    expect(screen.getByText('Nieudana próba doręczenia — problem w doręczeniu')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sprawdź teraz' }));
    expect(await screen.findByText('DPD nie zgłosił nic nowego.')).toBeTruthy();
  });
});
