import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, location, mockApi, renderApp, type Handler } from '../../../testing/render-app';
import { buildOrdersQuery, DEFAULT_FILTERS } from '../api/orders';

const ORDER = {
  id: '7d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  kind: 'FARM',
  orderNumber: 'ZF/2026/000001',
  status: 'PAYMENT_CONFIRMED',
  type: 'STANDARD',
  paymentMethod: 'ONLINE_BANK_TRANSFER',
  paymentStatus: 'PAID',
  totalPrice: 12000,
  numberOfSamples: 4,
  customer: { firstName: 'Jan', lastName: 'Kowalski', email: 'jan@example.pl' },
  orderDate: '2026-11-20T10:00:00.000Z',
};

describe('orders query', () => {
  it('leaves out empty choices and joins the sort', () => {
    expect(buildOrdersQuery(DEFAULT_FILTERS)).toEqual({
      tab: 'ALL',
      page: 1,
      perPage: 20,
      orderBy: 'orderDate:desc',
    });
  });

  it('carries every filter, trims the search', () => {
    expect(
      buildOrdersQuery({
        ...DEFAULT_FILTERS,
        tab: 'TO_SEND',
        search: '  kowalski ',
        status: 'KIT_SENT',
        type: 'EXPRESS',
        paymentStatus: 'PENDING',
        dateFrom: '2026-11-01',
        dateTo: '2026-11-30',
        sort: 'totalPrice',
        dir: 'asc',
        page: 3,
      }),
    ).toEqual({
      tab: 'TO_SEND',
      page: 3,
      perPage: 20,
      orderBy: 'totalPrice:asc',
      search: 'kowalski',
      status: 'KIT_SENT',
      type: 'EXPRESS',
      paymentStatus: 'PENDING',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
    });
  });
});

describe('orders table', () => {
  function setup() {
    return mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/orders': (({ url }) => ({
        items: [ORDER],
        meta: { page: Number(url.searchParams.get('page')), perPage: 20, total: 45, next: 2, prev: null },
      })) satisfies Handler,
    });
  }
  const lastOrdersUrl = (calls: { path: string; url: URL }[]) =>
    [...calls].reverse().find((c) => c.path === '/farm-api/orders')!.url;

  it('shows skeleton rows while loading, then the orders', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/orders': async () => {
        await held;
        return { items: [ORDER], meta: { page: 1, perPage: 20, total: 45, next: 2, prev: null } };
      },
    });
    const view = renderApp('/orders', { signedIn: true, mode: 'farm' });
    await screen.findByRole('heading', { name: 'Orders' });
    expect(view.container.querySelectorAll('[data-skeleton-row]').length).toBe(5);
    release();
    expect(await screen.findByRole('link', { name: 'ZF/2026/000001' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3 (45)')).toBeTruthy();
  });

  it('builds the query from the tab, search, filters, sorting and page', async () => {
    const { calls } = setup();
    renderApp('/orders', { signedIn: true, mode: 'farm' });
    await screen.findByRole('link', { name: 'ZF/2026/000001' });

    await userEvent.click(screen.getByRole('tab', { name: 'To send' }));
    await waitFor(() => expect(lastOrdersUrl(calls).searchParams.get('tab')).toBe('TO_SEND'));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'kowalski');
    await userEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastOrdersUrl(calls).searchParams.get('search')).toBe('kowalski'));

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'KIT_SENT');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'EXPRESS');
    await userEvent.selectOptions(screen.getByLabelText('Payment'), 'PENDING');
    await waitFor(() => expect(lastOrdersUrl(calls).searchParams.get('paymentStatus')).toBe('PENDING'));

    await userEvent.click(screen.getByRole('button', { name: 'Sort by Total' }));
    await waitFor(() => expect(lastOrdersUrl(calls).searchParams.get('orderBy')).toBe('totalPrice:desc'));

    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastOrdersUrl(calls).searchParams.get('page')).toBe('2'));

    const q = Object.fromEntries(lastOrdersUrl(calls).searchParams);
    expect(q).toEqual({
      tab: 'TO_SEND',
      page: '2',
      perPage: '20',
      orderBy: 'totalPrice:desc',
      search: 'kowalski',
      status: 'KIT_SENT',
      type: 'EXPRESS',
      paymentStatus: 'PENDING',
    });
  });

  it('the 4-day rule: a Late badge on late orders and a filter for them', async () => {
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/orders': (({ url }) => ({
        items: [{ ...ORDER, status: 'KIT_SENT', isLate: url.searchParams.get('late') === 'true' }],
        meta: { page: 1, perPage: 20, total: 1, next: null, prev: null },
      })) satisfies Handler,
    });
    renderApp('/orders', { signedIn: true, mode: 'farm', lang: 'pl' });
    await screen.findByRole('link', { name: 'ZF/2026/000001' });
    expect(screen.queryByText('Spóźnione')).toBeNull();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Tylko spóźnione (próbki niewysłane w 4 dni)' }),
    );
    await waitFor(() => expect(lastOrdersUrl(calls).searchParams.get('late')).toBe('true'));
    expect((await screen.findByText('Spóźnione')).getAttribute('title')).toBe(
      'Minęły 4 dni, a próbki nie zostały wysłane.',
    );
  });

  it('puts the sort order on the column header, not on its button; the table scrolls from the keyboard', async () => {
    setup();
    renderApp('/orders', { signedIn: true, mode: 'farm' });
    await screen.findByRole('link', { name: 'ZF/2026/000001' });
    const button = screen.getByRole('button', { name: 'Sort by Total' });
    expect(button.hasAttribute('aria-sort')).toBe(false);
    expect(button.closest('th')!.getAttribute('aria-sort')).toBe('none');
    await userEvent.click(button);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Sort by Total' }).closest('th')!.getAttribute('aria-sort'),
      ).toBe('descending'),
    );
    expect(document.querySelectorAll('button[aria-sort]')).toHaveLength(0);
    const region = screen.getByRole('region', { name: 'Orders' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).toBeTruthy();
  });

  it('garden mode offers the garden test statuses', async () => {
    mockApi({
      'GET /garden-api/users/me': ADMIN,
      'GET /garden-api/orders': {
        items: [],
        meta: { page: 1, perPage: 20, total: 0, next: null, prev: null },
      },
    });
    renderApp('/orders', { signedIn: true, mode: 'garden' });
    const status = await screen.findByLabelText('Status');
    expect(within(status).getByRole('option', { name: 'waiting for shipment' })).toBeTruthy();
    expect(await screen.findByText('No orders match the criteria.')).toBeTruthy();
  });
});

describe('orders filters in the address', () => {
  it('are read from the URL and written back, so going back from an order keeps them', async () => {
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/orders': {
        items: [ORDER],
        meta: { page: 1, perPage: 20, total: 1, next: null, prev: null },
      },
    });
    renderApp('/orders?tab=ENDED&search=jan&sort=status&dir=asc', { signedIn: true, mode: 'farm' });
    await screen.findByRole('link', { name: 'ZF/2026/000001' });
    const first = calls.find((c) => c.path === '/farm-api/orders')!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({
      tab: 'ENDED',
      page: '1',
      perPage: '20',
      orderBy: 'status:asc',
      search: 'jan',
    });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('jan');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'EXPRESS');
    await waitFor(() =>
      expect(location()).toBe('/orders?tab=ENDED&search=jan&type=EXPRESS&sort=status&dir=asc'),
    );
  });
});
