import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, location, mockApi, renderApp } from '../../../testing/render-app';
import { viewport } from '../../../testing/render-feature';
import { CROP_ID, OLD_ORDER_ID, ORDER_ID, order } from '../../../testing/farm-fixtures';
import { renderPage } from '../../../testing/render-page';
import { OrdersPage } from './orders-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = (
  items: unknown[],
  meta: { page: number; perPage: number; total: number; next: number | null; prev: number | null } = {
    page: 1,
    perPage: 20,
    total: items.length,
    next: null,
    prev: null,
  },
) => ({ items, meta });

describe('/orders', () => {
  it('lists the orders with their payment and the results map of each tested field', async () => {
    const { calls } = mockApi({
      'GET /api/orders': page([
        order(),
        order({
          id: OLD_ORDER_ID,
          orderNumber: 'ZF/2025/000003',
          status: 'ORDER_COMPLETED',
          paymentStatus: 'PAID',
          paymentMethod: 'TRADITIONAL_TRANSFER',
        }),
      ]),
    });
    renderPage('/orders', '/orders', <OrdersPage />);
    const table = await screen.findByRole('table', { name: 'Soil test orders' });
    // A phone shows each order as a card (no table scrolling sideways with its actions off-screen).
    expect(table.classList.contains('gl-table--stack')).toBe(true);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('ZF/2026/000007');
    expect(rows[0]!.textContent).toContain('Pending payment');
    expect(
      within(rows[0]!)
        .getByRole('link', { name: 'Online payment (Przelewy24): pending' })
        .getAttribute('href'),
    ).toBe(`/orders/${ORDER_ID}/payment`);
    expect(within(rows[0]!).queryByRole('link', { name: /Results map/ })).toBeNull();
    expect(
      within(rows[1]!).getByRole('link', { name: 'Results map: Pszenica 2026' }).getAttribute('href'),
    ).toBe(`/fields/${CROP_ID}/results?order=${OLD_ORDER_ID}`);
    expect(within(rows[1]!).getByRole('link', { name: 'Traditional bank transfer: paid' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order a soil test' }).getAttribute('href')).toBe('/orders/new');
    expect(calls.find((c) => c.path === '/api/orders')!.url.searchParams.get('page')).toBe('1');
  });

  it('shows the order a message links to first (?order=), whichever page it is on', async () => {
    mockApi({
      'GET /api/orders': page([order()]),
      [`GET /api/orders/${OLD_ORDER_ID}`]: {
        order: order({
          id: OLD_ORDER_ID,
          orderNumber: 'ZF/2025/000003',
          status: 'ORDER_COMPLETED',
          paymentStatus: 'PAID',
          paymentMethod: 'TRADITIONAL_TRANSFER',
        }),
        payment: { method: 'TRADITIONAL_TRANSFER', redirectUrl: null, bankTransfer: null, error: null },
      },
    });
    renderPage('/orders', `/orders?order=${OLD_ORDER_ID}`, <OrdersPage />);
    const card = await screen.findByTestId('linked-order');
    expect(within(card).getByRole('heading', { name: 'Order ZF/2025/000003' })).toBeTruthy();
    expect(card.textContent).toContain('Order completed');
    expect(
      within(card).getByRole('link', { name: 'Traditional bank transfer: paid' }).getAttribute('href'),
    ).toBe(`/orders/${OLD_ORDER_ID}/payment`);
    expect(within(card).getByRole('link', { name: 'Results map: Pszenica 2026' }).getAttribute('href')).toBe(
      `/fields/${CROP_ID}/results?order=${OLD_ORDER_ID}`,
    );
  });

  it('pages through the orders', async () => {
    const { calls } = mockApi({
      'GET /api/orders': ({ url }: { url: URL }) =>
        url.searchParams.get('page') === '2'
          ? page([order({ id: OLD_ORDER_ID, orderNumber: 'ZF/2025/000003' })], {
              page: 2,
              perPage: 20,
              total: 21,
              next: null,
              prev: 1,
            })
          : page([order()], { page: 1, perPage: 20, total: 21, next: 2, prev: null }),
    });
    renderPage('/orders', '/orders', <OrdersPage />);
    await screen.findByText('ZF/2026/000007');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ZF/2025/000003')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/orders')).toHaveLength(2);
  });

  it('says when there are none, and when they could not be loaded', async () => {
    mockApi({ 'GET /api/orders': page([]) });
    const view = renderPage('/orders', '/orders', <OrdersPage />);
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
    view.unmount();
    mockApi({ 'GET /api/orders': errorBody(503, 'serviceUnavailable', 'down') });
    renderPage('/orders', '/orders', <OrdersPage />);
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });

  it('is routed in the app with its title and back link, and leads to the wizard', async () => {
    viewport(1280);
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/orders': page([]),
      'GET /api/crops': [],
      'GET /api/prices': {},
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
    });
    const view = renderApp('/orders', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Soil test orders' }, { timeout: 5000 })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Order a soil test' })).getAttribute('href')).toBe(
      '/orders/new',
    );
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
    view.unmount();
    renderApp('/orders/new', { signedIn: true });
    expect(await screen.findByText('Step 1 of 6: Crops', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Order a soil test' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/orders');
    expect(location()).toBe('/orders/new');
  });
});

describe('the field map link to the orders', () => {
  it('is a router link inside the app and a plain link outside it', async () => {
    const { OrdersLink } = await import('../../../lib/components/orders-link');
    const { renderFeature } = await import('../../../testing/render-feature');
    const view = renderPage('/map', '/map', <OrdersLink />);
    await userEvent.click(screen.getByRole('link', { name: 'Test orders and results maps' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/orders');
    view.unmount();
    renderFeature(<OrdersLink />);
    expect(screen.getByRole('link', { name: 'Test orders and results maps' }).getAttribute('href')).toBe(
      '/orders',
    );
  });
});
