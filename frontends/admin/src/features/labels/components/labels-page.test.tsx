import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, mockApi, renderApp } from '../../../testing/render-app';

const BATCH = {
  id: '9d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  retail: true,
  paid: false,
  labelCount: 24,
  kitOrderId: null,
  printedAt: null,
  paidAt: null,
  createdAt: '2026-11-21T09:00:00.000Z',
};
const KIT = {
  id: 'ad7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  orderNumber: 'ZK/2026/000001',
  userId: '1d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  quantity: 2,
  price: 6000,
  paymentMethod: 'TRADITIONAL_TRANSFER',
  paymentStatus: 'PENDING',
  orderDate: '2026-11-21T09:00:00.000Z',
  paidAt: null,
  barcodes: [],
};
const page = (items: unknown[]) => ({
  items,
  meta: { page: 1, perPage: 20, total: items.length, next: null, prev: null },
});

describe('barcode labels', () => {
  it('generates a batch, marks a retail batch paid and, in garden mode, a kit order', async () => {
    const { calls } = mockApi({
      'GET /garden-api/users/me': ADMIN,
      'GET /garden-api/barcode-labels/batches': page([BATCH]),
      'POST /garden-api/barcode-labels/batches': { ...BATCH, labelCount: 48, barcodes: [] },
      [`POST /garden-api/barcode-labels/batches/${BATCH.id}/mark-paid`]: { ...BATCH, paid: true },
      'GET /garden-api/kit-orders': page([KIT]),
      [`POST /garden-api/kit-orders/${KIT.id}/mark-paid`]: { ...KIT, paymentStatus: 'PAID' },
    });
    renderApp('/labels', { signedIn: true, mode: 'garden' });
    const count = await screen.findByLabelText('Number of labels');
    await userEvent.clear(count);
    await userEvent.type(count, '48');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('48 codes generated.')).toBeTruthy();
    expect(
      calls.find((c) => c.method === 'POST' && c.path === '/garden-api/barcode-labels/batches')?.body,
    ).toEqual({ count: 48, retail: true });

    const markButtons = await screen.findAllByRole('button', { name: 'Mark paid' });
    expect(markButtons).toHaveLength(2);
    await userEvent.click(markButtons[0]!);
    await waitFor(() =>
      expect(calls.some((c) => c.path.endsWith(`/batches/${BATCH.id}/mark-paid`))).toBe(true),
    );
    await userEvent.click(markButtons[1]!);
    await waitFor(() =>
      expect(calls.some((c) => c.path.endsWith(`/kit-orders/${KIT.id}/mark-paid`))).toBe(true),
    );
  });

  it('farm mode does not ask for kit orders', async () => {
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/barcode-labels/batches': page([]),
    });
    renderApp('/labels', { signedIn: true, mode: 'farm' });
    await screen.findByRole('heading', { name: 'Barcode labels' });
    await waitFor(() => expect(calls.some((c) => c.path === '/farm-api/barcode-labels/batches')).toBe(true));
    expect(calls.some((c) => c.path.includes('kit-orders'))).toBe(false);
  });
});
