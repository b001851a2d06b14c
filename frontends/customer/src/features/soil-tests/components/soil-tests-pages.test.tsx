import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, json, location, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const TEST_ID = '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f';
const PLANTS = [{ id: 'TOMATO', name: 'Tomato' }];
const gardenTest = (status = 'WAITING_FOR_SHIPMENT') => ({
  id: TEST_ID,
  orderNumber: 'G-0001',
  userId: USER.id,
  kind: 'GARDEN',
  barcode: 'ABCDEF123456',
  barcodeLabelId: TEST_ID,
  status,
  orderDate: '2026-11-20T10:00:00.000Z',
  price: 0,
  gardenName: 'Back garden',
  plantId: 'TOMATO',
  gardenAreaAres: 2,
  punctures: 10,
  basicTestType: 'BASIC_TEST',
  additionalTestTypes: [],
  photo: null,
  samplesSentDate: null,
  statusHistory: [],
});

describe('my tests', () => {
  it('lists the Ordered tab, pages, and switches to Archive', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': ({ url }: { url: URL }) => {
        const tab = url.searchParams.get('tab');
        const page = Number(url.searchParams.get('page'));
        const item = {
          id: TEST_ID,
          kind: 'GARDEN',
          listKind: 'NO_ORDER',
          orderNumber: `${tab}-${page}`,
          name: 'Back garden',
          status: 'WAITING_FOR_SHIPMENT',
          barcode: 'ABCDEF123456',
          numberOfSamples: 1,
          samplerStatus: 'NO_ORDER',
          orderDate: '2026-11-20T10:00:00.000Z',
        };
        return {
          items: [item],
          meta: {
            page,
            perPage: 10,
            total: 25,
            next: page < 3 ? page + 1 : null,
            prev: page > 1 ? page - 1 : null,
          },
        };
      },
    });
    renderApp('/soil-tests', { signedIn: true });
    expect(await screen.findByText('ORDERED-1', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ORDERED-2')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Archive' }));
    expect(await screen.findByText('ARCHIVE-1')).toBeTruthy();
    expect(
      calls.some(
        (c) =>
          c.path === '/api/soil-tests' &&
          c.url.searchParams.get('tab') === 'ARCHIVE' &&
          c.url.searchParams.get('perPage') === '10',
      ),
    ).toBe(true);
  });
});

describe('add a test', () => {
  it('refuses a short code without calling the service, shows the service error translated, then checks the details', async () => {
    let verifications = 0;
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/plants': PLANTS,
      'POST /api/soil-tests/verify': () =>
        ++verifications === 1 ? errorBody(400, 'scanCannotBeVerified') : json(200, { ok: true }),
      'POST /api/soil-tests': json(201, gardenTest()),
      'GET /api/soil-tests/5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f': gardenTest(),
    });
    renderApp('/soil-tests/add', { signedIn: true });
    const code = await screen.findByLabelText('Test code');
    await userEvent.type(code, 'SHORT1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The test code is incorrect.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/soil-tests/verify')).toBe(false);

    await userEvent.clear(code);
    await userEvent.type(code, 'ABCDEF123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('The scan cannot be verified. Check the code and that the test was paid.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const form = await screen.findByRole('form', { name: 'Sample details' });
    await userEvent.type(within(form).getByLabelText('Garden or place name'), 'ab');
    await userEvent.type(within(form).getByLabelText('Area (ares, optional)'), '-3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name must have at least 3 characters.')).toBeTruthy();
    expect(screen.getByText('The area cannot be negative.')).toBeTruthy();
    expect(screen.getByText('Choose a plant.')).toBeTruthy();

    await userEvent.clear(within(form).getByLabelText('Area (ares, optional)'));
    await userEvent.type(within(form).getByLabelText('Area (ares, optional)'), '20000');
    expect(await screen.findByText('The area can be at most 10000 ares.')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Area (ares, optional)'));
    await userEvent.type(within(form).getByLabelText('Area (ares, optional)'), '2,5');
    await userEvent.type(within(form).getByLabelText('Garden or place name'), 'c garden');
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(within(form).getByLabelText('Plant'), 'TOMATO');
    // The garden's location: both coordinates in Poland, or neither.
    await userEvent.type(within(form).getByLabelText('Latitude'), '45');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give both coordinates or neither.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Longitude'), '21.0122');
    expect(await screen.findByText('This place is outside Poland.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/soil-tests')).toBe(false);
    await userEvent.clear(within(form).getByLabelText('Latitude'));
    await userEvent.type(within(form).getByLabelText('Latitude'), '52,2297');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(`/soil-tests/edit/${TEST_ID}`));
    const add = calls.find((c) => c.method === 'POST' && c.path === '/api/soil-tests')!;
    expect(add.body).toEqual({
      barcode: 'ABCDEF123456',
      gardenName: 'abc garden',
      plantId: 'TOMATO',
      gardenAreaAres: 2.5,
      location: { lat: 52.2297, lon: 21.0122 },
      punctures: 10,
    });
  });
});

describe('edit a test', () => {
  it('confirms the shipment only after the irreversible-warning dialog', async () => {
    let confirmed = false;
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/plants': PLANTS,
      [`GET /api/soil-tests/${TEST_ID}`]: () =>
        gardenTest(confirmed ? 'WAITING_FOR_RESULTS' : 'WAITING_FOR_SHIPMENT'),
      [`POST /api/soil-tests/${TEST_ID}/confirm-shipment`]: () => {
        confirmed = true;
        return gardenTest('WAITING_FOR_RESULTS');
      },
    });
    renderApp(`/soil-tests/edit/${TEST_ID}`, { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm shipment' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'This cannot be undone. After confirming you can no longer change the sample details.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(calls.some((c) => c.path.endsWith('/confirm-shipment'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, confirm' }),
    );
    expect(await screen.findByText('This test can no longer be edited.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send samples' }).getAttribute('href')).toBe(
      `/soil-tests/${TEST_ID}/send`,
    );
    expect(calls.filter((c) => c.path.endsWith('/confirm-shipment'))).toHaveLength(1);
  });

  it('cancels after a confirmation prompt', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/plants': PLANTS,
      'GET /api/soil-tests': { items: [], meta: { page: 1, perPage: 10, total: 0, next: null, prev: null } },
      [`GET /api/soil-tests/${TEST_ID}`]: gardenTest(),
      [`POST /api/soil-tests/${TEST_ID}/cancel`]: gardenTest('CANCELLED'),
    });
    renderApp(`/soil-tests/edit/${TEST_ID}`, { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the test' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(location()).toBe('/soil-tests'));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/cancel'))).toBe(true);
  });

  it('shows "order not found" when the API says so', async () => {
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      [`GET /api/soil-tests/${TEST_ID}`]: errorBody(404, 'orderNotFoundForTestId'),
    });
    renderApp(`/soil-tests/edit/${TEST_ID}`, { signedIn: true });
    expect(await screen.findByText('No order was found for this test id.')).toBeTruthy();
  });
});
