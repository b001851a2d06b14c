import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, emptyPage, errorBody, mockApi, renderApp } from '../../../testing/render-app';
import { adminCanCancel, adminStatusChanges } from '@gleba/contracts';

const ID = '7d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const ORDER = {
  id: ID,
  orderNumber: 'ZF/2026/000001',
  userId: '1b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a01',
  kind: 'FARM',
  type: 'STANDARD',
  status: 'PAYMENT_CONFIRMED',
  orderDate: '2026-11-20T10:00:00.000Z',
  paymentMethod: 'TRADITIONAL_TRANSFER',
  paymentStatus: 'PENDING',
  paymentDueDate: null,
  paidAt: null,
  numberOfSamples: 1,
  totalAreaHa: 2.5,
  basicTests: ['BASIC_TEST'],
  additionalTests: [],
  equipment: [],
  sampler: false,
  samplerStatus: 'NO_ORDER',
  basicTestsPrice: 3000,
  additionalTestsPrice: 0,
  equipmentPrice: 0,
  basicTestsDiscount: 0,
  totalPrice: 3000,
  deliveryAddress: { cityName: 'Lublin', postCode: '20-001', streetName: 'Polna', buildingNumber: '1' },
  samplesSentDate: null,
  samples: [
    {
      id: '2b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a02',
      sampleNumber: 1,
      code: 'SABCDEFGHJKLMN',
      cropId: '3b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a03',
      sectorId: null,
      fieldName: 'Pole 1',
      sectorName: null,
      plantId: 'wheat',
      plotNumbers: ['12/3'],
      areaHa: 2.5,
      punctures: 16,
    },
  ],
  statusHistory: [
    { status: 'PENDING_PAYMENT', from: null, updatedByUserId: null, changeDate: '2026-11-20T10:00:00.000Z' },
  ],
  client: {
    firstName: 'Jan',
    lastName: 'Kowalski',
    email: 'jan@example.pl',
    phoneNumber: '+48600100200',
    address: null,
  },
  company: { companyName: 'Agro sp. z o.o.', taxNumber: '5260250274' },
  farm: {
    totalAreaHa: 2.5,
    crops: [
      {
        cropId: '3b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a03',
        fieldName: 'Pole 1',
        plantId: 'wheat',
        plotNumbers: ['12/3'],
        areaHa: 2.5,
        sectors: 1,
      },
    ],
  },
  report: { sampleCodes: ['SABCDEFGHJKLMN'], additionalTests: [], completed: false },
  failedPayments: [],
};

describe('allowed status changes', () => {
  it('follow the admin transitions of the orders service', () => {
    expect(adminStatusChanges('FARM', 'KIT_SENT')).toEqual(['SAMPLES_COLLECTING_PENDING', 'SAMPLES_SENT']);
    expect(adminStatusChanges('FARM', 'ORDER_COMPLETED')).toEqual([]);
    expect(adminStatusChanges('GARDEN', 'WAITING_FOR_RESULTS')).toEqual([
      'PARTIAL_RESULTS',
      'COMPLETE_RESULTS',
    ]);
    expect(adminCanCancel('FARM', 'SAMPLES_SENT')).toBe(false);
    expect(adminCanCancel('GARDEN', 'WAITING_FOR_SHIPMENT')).toBe(true);
  });
});

describe('order detail', () => {
  it('shows client, company, farm and samples; changes the status and marks paid', async () => {
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      [`GET /farm-api/orders/${ID}`]: ORDER,
      'GET /farm-api/shipments': emptyPage,
      [`POST /farm-api/orders/${ID}/status`]: { ...ORDER, status: 'KIT_SENT' },
      [`POST /farm-api/orders/${ID}/mark-paid`]: errorBody(409, 'alreadyPaid', 'The order is already paid.'),
    });
    renderApp(`/orders/${ID}`, { signedIn: true, mode: 'farm' });
    expect(await screen.findByRole('heading', { name: /Order ZF\/2026\/000001/ })).toBeTruthy();
    expect(screen.getByText('Agro sp. z o.o.')).toBeTruthy();
    expect(screen.getAllByText('SABCDEFGHJKLMN').length).toBeGreaterThan(0);
    expect(await screen.findByText('No shipments.')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('New status'), 'KIT_SENT');
    // The kit's tracking number goes to the customer with the kit-sent message.
    await userEvent.type(
      screen.getByLabelText('Kit parcel tracking number (told to the customer)'),
      ' 13245678901234 ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/status'))).toBe(true),
    );
    expect(calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({
      status: 'KIT_SENT',
      trackingNumber: '13245678901234',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The order is already paid.')).toBeTruthy();
  });

  it('a payment that arrived after the cancel: the admin sees it to refund, with the sessions, and records the refund', async () => {
    const cancelled = {
      ...ORDER,
      status: 'ORDER_CANCELLED',
      paymentMethod: 'ONLINE_BANK_TRANSFER',
      paymentStatus: 'REFUND_DUE',
      payments: [
        {
          sessionId: 's-1',
          status: 'REFUND_DUE',
          amount: 3000,
          startedAt: '2026-11-20T10:00:00.000Z',
          expiresAt: '2026-11-20T10:30:00.000Z',
          endedAt: '2026-11-20T10:20:00.000Z',
          verifiedAt: '2026-11-20T10:20:00.000Z',
          providerOrderId: 123,
        },
      ],
    };
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      [`GET /farm-api/orders/${ID}`]: cancelled,
      'GET /farm-api/shipments': emptyPage,
      [`POST /farm-api/orders/${ID}/mark-refunded`]: {
        ...cancelled,
        paymentStatus: 'REFUNDED',
        payments: [{ ...cancelled.payments[0], status: 'REFUNDED' }],
      },
    });
    renderApp(`/orders/${ID}`, { signedIn: true, mode: 'farm' });
    expect(await screen.findByText(/arrived for an order that cannot keep it/)).toBeTruthy();
    expect(screen.getAllByText('Refund due').length).toBeGreaterThan(0);
    expect(screen.getByText('Online payments (Przelewy24)')).toBeTruthy();
    expect(screen.getByText('refund due')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark the refund done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Refund recorded.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/mark-refunded'))).toBe(true);
    expect(await screen.findByText('refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark the refund done' })).toBeNull();
  });

  it('names crops, tests and the people of the history in the operator language (pl)', async () => {
    const named = {
      ...ORDER,
      additionalTests: ['MICRO'],
      samples: [{ ...ORDER.samples[0], plantId: 'winter-wheat' }],
      farm: { ...ORDER.farm, crops: [{ ...ORDER.farm.crops[0], plantId: 'winter-wheat' }] },
      report: { ...ORDER.report, additionalTests: ['MICRO'] },
      client: {
        ...ORDER.client,
        email: 'bardzo.dlugi.adres.poczty.gospodarstwa.rolnego@przyklad.com.pl',
        address: {
          streetName: 'Ogrodowa',
          buildingNumber: '7',
          apartmentNumber: '2',
          postCode: '20-001',
          cityName: 'Lublin',
        },
      },
      statusHistory: [
        {
          status: 'PENDING_PAYMENT',
          from: null,
          updatedByUserId: ORDER.userId,
          updatedBy: { name: 'Jan Kowalski', role: 'USER' },
          changeDate: '2026-11-20T10:00:00.000Z',
        },
        {
          status: 'PAYMENT_CONFIRMED',
          from: 'PENDING_PAYMENT',
          updatedByUserId: null,
          updatedBy: null,
          changeDate: '2026-11-20T11:00:00.000Z',
        },
        {
          status: 'KIT_SENT',
          from: 'PAYMENT_CONFIRMED',
          updatedByUserId: 'da5654fd-7a8e-4a55-9d1a-3f1d2f7f0a09',
          updatedBy: { name: 'Ewa Laborantka', role: 'ADMIN' },
          changeDate: '2026-11-21T09:00:00.000Z',
        },
      ],
    };
    mockApi({
      'GET /farm-api/users/me': ADMIN,
      [`GET /farm-api/orders/${ID}`]: named,
      'GET /farm-api/shipments': emptyPage,
    });
    const { container } = renderApp(`/orders/${ID}`, { signedIn: true, mode: 'farm', lang: 'pl' });
    expect(await screen.findByRole('heading', { name: /ZF\/2026\/000001/ })).toBeTruthy();
    expect(screen.getAllByText('Pszenica ozima').length).toBe(2);
    expect(screen.getByText('Mikroelementy')).toBeTruthy();
    expect(screen.getByText('Jan Kowalski (klient)')).toBeTruthy();
    expect(screen.getByText('Ewa Laborantka (administrator)')).toBeTruthy();
    expect(screen.getByText('automatycznie (system)')).toBeTruthy();
    expect(screen.getByText('Ogrodowa 7/2, 20-001 Lublin')).toBeTruthy();
    const text = container.textContent ?? '';
    for (const raw of ['winter-wheat', 'MICRO', 'da5654fd']) expect(text).not.toContain(raw);
  });

  it('an unknown order shows the order-not-found page', async () => {
    mockApi({
      'GET /farm-api/users/me': ADMIN,
      [`GET /farm-api/orders/${ID}`]: errorBody(404, 'orderNotFound'),
    });
    renderApp(`/orders/${ID}`, { signedIn: true, mode: 'farm' });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
  });
});

describe('order detail numbers', () => {
  it('writes areas with a decimal comma in Polish and two decimals', async () => {
    const sample = { ...ORDER.samples[0]!, areaHa: 4.3514 };
    const crop = { ...ORDER.farm.crops[0]!, areaHa: 4.3514 };
    mockApi({
      'GET /farm-api/users/me': ADMIN,
      [`GET /farm-api/orders/${ID}`]: {
        ...ORDER,
        totalAreaHa: 4.3514,
        samples: [sample],
        farm: { totalAreaHa: 4.3514, crops: [crop] },
      },
      'GET /farm-api/shipments': emptyPage,
    });
    renderApp(`/orders/${ID}`, { signedIn: true, mode: 'farm', lang: 'pl' });
    expect(await screen.findByText('Powierzchnia: 4,35 ha')).toBeTruthy();
    expect(screen.getAllByText('4,35 ha')).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/4\.35/);
    // One word for the punctures in the samples table (the guide's: nakłucia).
    expect(screen.getByRole('columnheader', { name: 'Zaplanowane nakłucia' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Pobrane nakłucia' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/wkłu/i);
  });
});
