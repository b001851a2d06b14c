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
});
