import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { USER, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const row = (id: string, kind: 'FARM' | 'GARDEN', status: string, orderNumber: string) => ({
  id,
  kind,
  listKind: kind === 'FARM' ? 'ORDERED' : 'NO_ORDER',
  orderNumber,
  name: `Test ${orderNumber}`,
  status,
  barcode: null,
  numberOfSamples: 2,
  samplerStatus: 'NO_ORDER',
  orderDate: '2026-11-20T10:00:00.000Z',
});

describe('my tests table', () => {
  it('offers sending the samples of a farm order whose samples are collected, not before', async () => {
    const ready = row(
      '11111111-2222-4333-8444-555555555555',
      'FARM',
      'SAMPLES_COLLECTION_COMPLETED',
      'ZF/2026/000001',
    );
    const collecting = row(
      '11111111-2222-4333-8444-666666666666',
      'FARM',
      'SAMPLES_COLLECTING',
      'ZF/2026/000002',
    );
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': {
        items: [ready, collecting],
        meta: { page: 1, perPage: 10, total: 2, next: null, prev: null },
      },
    });
    renderApp('/soil-tests', { signedIn: true });
    const first = (await screen.findByText('ZF/2026/000001', undefined, { timeout: 5000 })).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'Send samples' }).getAttribute('href')).toBe(
      `/soil-tests/${ready.id}/send`,
    );
    const second = screen.getByText('ZF/2026/000002').closest('tr')!;
    expect(within(second).queryByRole('link', { name: 'Send samples' })).toBeNull();
  });

  it('links a farm order to its samples as an order (no failing test request), and a cancelled garden test to its details, not to editing', async () => {
    const farm = row('11111111-2222-4333-8444-777777777777', 'FARM', 'ORDER_COMPLETED', 'ZF/2026/000003');
    const waiting = row('11111111-2222-4333-8444-888888888888', 'GARDEN', 'WAITING_FOR_SHIPMENT', 'G-1');
    const cancelled = row('11111111-2222-4333-8444-999999999999', 'GARDEN', 'CANCELLED', 'G-2');
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': {
        items: [farm, waiting, cancelled],
        meta: { page: 1, perPage: 10, total: 3, next: null, prev: null },
      },
    });
    renderApp('/soil-tests', { signedIn: true });
    const first = (await screen.findByText('ZF/2026/000003', undefined, { timeout: 5000 })).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'Results' }).getAttribute('href')).toBe(
      `/soil-tests/${farm.id}/results?order`,
    );
    const open = screen.getByText('G-1').closest('tr')!;
    expect(within(open).getByRole('link', { name: 'Edit' })).toBeTruthy();
    const gone = screen.getByText('G-2').closest('tr')!;
    expect(within(gone).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(gone).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      `/soil-tests/edit/${cancelled.id}`,
    );
  });
});
