import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, json, location, mockApi, renderApp } from '../../../testing/render-app';
import { OFFLINE_QUEUE_KEY, readQueue } from '../../../lib/offline/offline-queue';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TEST_ID = '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f';
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('adding a test while offline', () => {
  it('queues the test with a toast, shows the offline notice, and sends it when `online` fires (Polish)', async () => {
    let online = false;
    const posted: unknown[] = [];
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/plants': [{ id: 'TOMATO', name: 'Pomidor' }],
      'GET /api/soil-tests': { items: [], meta: { page: 1, perPage: 10, total: 0, next: null, prev: null } },
      'POST /api/soil-tests/verify': () => (online ? json(200, { ok: true }) : offline()),
      'POST /api/soil-tests': ({ body }: { body: unknown }) => {
        if (!online) return offline();
        posted.push(body);
        return json(201, { id: TEST_ID });
      },
    });
    renderApp('/soil-tests/add', { signedIn: true, lang: 'pl' });
    await userEvent.type(
      await screen.findByLabelText('Kod testu', undefined, { timeout: 8000 }),
      'ABCDEF123456',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
    const form = await screen.findByRole('form', { name: 'Szczegóły próbki' });
    await userEvent.type(within(form).getByLabelText('Nazwa ogrodu lub miejsca'), 'Warzywnik');
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(within(form).getByLabelText('Roślina'), 'TOMATO');
    await userEvent.click(within(form).getByRole('button', { name: 'Zapisz' }));

    expect(
      await screen.findByText('Brak połączenia. Badanie ABCDEF123456 zostanie dodane, gdy wrócisz do sieci.'),
    ).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/soil-tests'));
    expect(readQueue().map((q) => q.barcode)).toEqual(['ABCDEF123456']);

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/Jesteś offline/)).toBeTruthy();

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Połączenie wróciło. Dodano badania zapisane offline: 1.')).toBeTruthy();
    expect(posted).toEqual([
      expect.objectContaining({ barcode: 'ABCDEF123456', gardenName: 'Warzywnik', plantId: 'TOMATO' }),
    ]);
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toBeNull();
    expect(screen.queryByText(/Jesteś offline/)).toBeNull();
  });

  it('reports a queued test the server refuses, in English', async () => {
    localStorage.setItem(
      OFFLINE_QUEUE_KEY,
      JSON.stringify([
        {
          barcode: 'ZZZZ00000000',
          userId: USER.id,
          body: { barcode: 'ZZZZ00000000', gardenName: 'Plot', plantId: 'TOMATO' },
          queuedAt: '2026-11-22T08:00:00Z',
        },
      ]),
    );
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': [],
      'GET /api/plots': [],
      'GET /api/weather': {},
      'POST /api/soil-tests': json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'x',
        code: 'testCodeIncorrect',
      }),
    });
    renderApp('/', { signedIn: true });
    expect(
      await screen.findByText(
        /Test ZZZZ00000000 saved offline could not be added: The test code is incorrect/,
        undefined,
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(readQueue()).toEqual([]);
  });
});

describe('the offline notice on the sampling screen', () => {
  it('speaks of punctures, not tests (Polish)', async () => {
    const ORDER = '44444444-4444-4444-8444-444444444441';
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/plants': [],
      [`GET /api/orders/${ORDER}/sampling`]: {
        orderId: ORDER,
        orderNumber: 'ZF/2026/000007',
        status: 'ORDER_PAID',
        open: true,
        samples: [],
      },
    });
    renderApp(`/orders/${ORDER}/sampling`, { signedIn: true, lang: 'pl' });
    await screen.findByText('Zamówienie ZF/2026/000007', undefined, { timeout: 8000 });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(
      await screen.findByText('Jesteś offline. Zapisane teraz nakłucia wyślemy, gdy wróci połączenie.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Dodane teraz badania/)).toBeNull();
    act(() => void window.dispatchEvent(new Event('online')));
  });
});
