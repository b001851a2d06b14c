import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, json, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const note = (id: string, seen: boolean) => ({
  id,
  type: 'SAMPLES_SENT',
  content: 'notifications.samplesSentInApp',
  params: { ref: id },
  seen,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('notifications page', () => {
  it('lists all or unread, marks one seen with a PATCH, then refetches the list and the count', async () => {
    let seen = false;
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': () => ({ unseenCount: seen ? 0 : 1 }),
      'GET /api/notifications/in-app': ({ url }: { url: URL }) => {
        const items =
          url.searchParams.get('filter') === 'unread'
            ? seen
              ? []
              : [note('n1', false)]
            : [note('n1', seen), note('n2', true)];
        return { items, meta: { page: 1, perPage: 10, total: items.length, next: null, prev: null } };
      },
      'PATCH /api/notifications/in-app/n1': () => {
        seen = true;
        return json(204);
      },
    });
    renderApp('/notifications', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Notifications (1)' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    const list = calls.find((c) => c.path === '/api/notifications/in-app')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      page: '1',
      perPage: '10',
      orderBy: 'createdAt:desc',
      filter: 'all',
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('No notifications.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    const order = calls.map((c) => `${c.method} ${c.path}${c.url.search}`);
    const patchAt = order.indexOf('PATCH /api/notifications/in-app/n1');
    expect(patchAt).toBeGreaterThan(0);
    expect(order.slice(patchAt + 1)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('GET /api/notifications/in-app?'),
        'GET /api/notifications/in-app/unseen/count',
      ]),
    );
  });
});

describe('notification texts', () => {
  it('names statuses in words and shows money in the language, with no placeholder left', async () => {
    const items = [
      {
        id: 'a1',
        type: 'ORDER_STATUS_CHANGED',
        content: 'notifications.statusChangedInApp',
        params: { ref: 'ZF/2026/000014', orderNumber: 'ZF/2026/000014', status: 'PENDING_PAYMENT' },
        seen: false,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      {
        id: 'a2',
        type: 'PAYMENT_RECEIVED',
        content: 'notifications.paymentReceivedInApp',
        params: { ref: 'ZF/2026/000014', orderNumber: 'ZF/2026/000014', amountGrosze: 18000 },
        seen: true,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ];
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 1 },
      'GET /api/notifications/in-app': {
        items,
        meta: { page: 1, perPage: 10, total: 2, next: null, prev: null },
      },
    });
    renderApp('/notifications', { signedIn: true, lang: 'pl' });
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    const texts = screen.getAllByTestId('notification').map((n) => n.textContent ?? '');
    expect(texts[0]).toContain('Status zamówienia ZF/2026/000014: oczekuje na płatność.');
    expect(texts[1]).toContain('Otrzymaliśmy płatność 180,00 zł za zamówienie ZF/2026/000014.');
    for (const t of texts) {
      expect(t).not.toMatch(/\{\w+\}/);
      expect(t).not.toContain('PENDING_PAYMENT');
    }
  });
});
