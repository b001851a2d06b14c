import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, mockApi } from '../../../testing/render-app';
import { viewport } from '../../../testing/render-feature';
import { browser } from '../../../lib/api/farm-order';
import {
  CROP,
  CROP_ID,
  ORDER_ID,
  PRICES,
  PROFILE,
  SECTOR_A,
  UNDIVIDED,
  order,
} from '../../../testing/farm-fixtures';
import { renderPage, where } from '../../../testing/render-page';
import { PENDING_PAYMENT_KEY, WIZARD_STORAGE_KEY } from '../rules/wizard';
import { OrderWizardRoute } from './order-wizard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const QUOTE = {
  currency: 'PLN',
  priceListVersion: 1,
  type: 'EXPRESS',
  numberOfSamples: 1,
  totalAreaHa: 4,
  puncturesPerSector: 10,
  basicTests: { type: 'BASIC_TEST', orderType: 'EXPRESS', pricePerSample: 4500, price: 4500 },
  additionalTests: [{ type: 'EGNER', pricePerSample: 1500, price: 1500 }],
  equipment: [
    { item: 'SAMPLE_BAGS', price: 0 },
    { item: 'SAMPLER', price: 6000 },
  ],
  basicTestsPrice: 4500,
  additionalTestsPrice: 1500,
  equipmentPrice: 6000,
  discountPercent: 0,
  basicTestsDiscount: 0,
  totalPrice: 12000,
  samples: [
    {
      cropId: CROP_ID,
      sectorId: SECTOR_A,
      fieldName: 'Pszenica 2026',
      sectorName: 'S1',
      plantId: 'winter-wheat',
      plotNumbers: [],
      areaHa: 4,
    },
  ],
};

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/users/me': { ...USER, isDataComplete: true },
    'GET /api/users/profile': PROFILE,
    'GET /api/crops': [CROP, UNDIVIDED],
    'GET /api/prices': PRICES,
    'POST /api/orders/quote': QUOTE,
    ...extra,
  });
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const alert = async (text: string) =>
  expect((await screen.findAllByRole('alert')).some((a) => a.textContent?.includes(text))).toBe(true);

function renderWizard(lang: 'pl' | 'en' | 'uk' = 'en') {
  viewport(1280);
  return renderPage('/orders/new', '/orders/new', <OrderWizardRoute />, lang);
}

/** Crops (S1 of the divided crop), express with Egner-Riehm, a sampler, confirmed data: the summary. */
async function toSummary() {
  await userEvent.click(await screen.findByRole('checkbox', { name: /Pszenica 2026 \(Winter wheat\)/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /S2/ }));
  await next();
  await userEvent.click(screen.getByRole('radio', { name: /Express test/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Egner-Riehm/ }));
  await next();
  await userEvent.click(screen.getByRole('checkbox', { name: /Soil sampler/ }));
  await next();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'I confirm that my data are correct' }));
  await next();
  await next();
}

describe('/orders/new on a phone', () => {
  it('shows that ordering needs a computer and loads nothing', () => {
    viewport(500);
    const { calls } = api();
    renderPage('/orders/new', '/orders/new', <OrderWizardRoute />);
    expect(screen.getByRole('status').textContent).toContain('Ordering soil tests needs a computer');
    expect(calls.filter((c) => c.path === '/api/crops')).toHaveLength(0);
  });

  it('says so in Polish and Ukrainian too', () => {
    viewport(400);
    api();
    renderPage('/orders/new', '/orders/new', <OrderWizardRoute />, 'pl');
    expect(screen.getByRole('status').textContent).toContain('Zamawianie badań wymaga komputera');
  });
});

describe('/orders/new: the steps and their rules', () => {
  it('needs a crop, and a sector of a divided crop, before going on; counts the samples', async () => {
    api();
    renderWizard();
    expect(await screen.findByText('Step 1 of 6: Crops')).toBeTruthy();
    await next();
    await alert('Choose at least one crop.');
    await userEvent.click(screen.getByRole('checkbox', { name: /Pszenica 2026/ }));
    expect(screen.getByText('Samples: 2')).toBeTruthy();
    expect(screen.getByText(/tested before/)).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /S1/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /S2/ }));
    await next();
    await alert('Choose at least one sector of Pszenica 2026.');
    await userEvent.click(screen.getByRole('checkbox', { name: /Rzepak/ }));
    expect(screen.getByText('Undivided: one sample from the whole crop')).toBeTruthy();
    expect(screen.getByText('Samples: 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /S1/ }));
    await next();
    expect(screen.getByRole('heading', { name: 'Step 2 of 6: Test' })).toBeTruthy();
  });

  it('announces the new step in the live region and moves focus to its heading', async () => {
    api();
    renderWizard();
    await screen.findByText('Step 1 of 6: Crops');
    const live = screen.getByTestId('step-announcement');
    expect(live.getAttribute('role')).toBe('status');
    expect(live.textContent).toBe('');
    await userEvent.click(screen.getByRole('checkbox', { name: /Rzepak/ }));
    await next();
    expect(live.textContent).toBe('Step 2 of 6: Test');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Step 2 of 6: Test' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(live.textContent).toBe('Step 1 of 6: Crops');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Step 1 of 6: Crops' }));
  });

  it('shows prices from the price list and refuses Egner-Riehm together with the universal method', async () => {
    api();
    renderWizard();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Rzepak/ }));
    await next();
    expect(screen.getByRole('radio', { name: /Basic test/ }).closest('label')!.textContent).toContain(
      'per sample',
    );
    expect(screen.getByRole('radio', { name: /Express test/ }).closest('label')!.textContent).toMatch(/45/);
    await userEvent.click(screen.getByRole('checkbox', { name: /Egner-Riehm/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Universal method|Mehlich/i }));
    await next();
    await alert('Choose either the Egner-Riehm method or the universal method (Mehlich 3), not both.');
    await userEvent.click(screen.getByRole('checkbox', { name: /Universal method|Mehlich/i }));
    await next();
    expect(screen.getByRole('heading', { name: 'Step 3 of 6: Equipment' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Sample bags · free/ })).toBeTruthy();
  });

  it('with incomplete data sends to the account page, keeps the order, and goes on once the data are complete', async () => {
    let complete = false;
    api({
      'GET /api/users/profile': () => ({ ...PROFILE, isDataComplete: complete }),
      'GET /api/users/me': () => ({ ...USER, isDataComplete: complete }),
    });
    const view = renderWizard();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Rzepak/ }));
    await next();
    await next();
    await next();
    await alert('Your data are incomplete.');
    const link = screen.getByRole('link', { name: 'Complete my data' });
    expect(link.getAttribute('href')).toBe('/my-account?returnTo=%2Forders%2Fnew');
    await next();
    await alert('Complete your data before ordering.');
    expect(JSON.parse(sessionStorage.getItem(WIZARD_STORAGE_KEY)!)).toMatchObject({
      step: 'data',
      crops: { [UNDIVIDED.id]: [] },
    });

    // Back from the account page with the data completed: the wizard resumes at the same step.
    view.unmount();
    complete = true;
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 4 of 6: Your data' })).toBeTruthy();
    const confirm = await screen.findByRole('checkbox', { name: 'I confirm that my data are correct' });
    expect(screen.getByText('Polna 7, 05-300 Mińsk Mazowiecki')).toBeTruthy();
    await next();
    await alert('Confirm your data to continue.');
    await userEvent.click(confirm);
    await next();
    expect(screen.getByRole('heading', { name: 'Step 5 of 6: Delivery address' })).toBeTruthy();
  });

  it('checks another delivery address field by field and sends it with the order', async () => {
    const { calls } = api({
      'POST /api/orders': () =>
        new Response(
          JSON.stringify({
            order: order({ paymentMethod: 'TRADITIONAL_TRANSFER' }),
            payment: { method: 'TRADITIONAL_TRANSFER', redirectUrl: null, bankTransfer: null, error: null },
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
    });
    renderWizard();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Rzepak/ }));
    await next();
    await next();
    await next();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'I confirm that my data are correct' }),
    );
    await next();
    await userEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    await next();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(4);
    await userEvent.type(screen.getByLabelText('Street'), 'Lipowa');
    await userEvent.type(screen.getByLabelText('Building no.'), '12');
    await userEvent.type(screen.getByLabelText('City'), 'Siedlce');
    await userEvent.type(screen.getByLabelText('Post code'), '08110');
    await next();
    expect(screen.getByText('The post code must look like 00-000.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Post code'));
    await userEvent.type(screen.getByLabelText('Post code'), '08-110');
    await next();
    expect(await screen.findByText('The kit will be sent to: Lipowa 12, 08-110 Siedlce')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Traditional bank transfer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(where()).toBe(`/orders/${ORDER_ID}/payment`));
    const placed = calls.find((c) => c.method === 'POST' && c.path === '/api/orders')!;
    expect(placed.body).toMatchObject({
      paymentMethod: 'TRADITIONAL_TRANSFER',
      confirmUserData: true,
      crops: [{ cropId: UNDIVIDED.id }],
      deliveryAddress: {
        streetName: 'Lipowa',
        buildingNumber: '12',
        cityName: 'Siedlce',
        postCode: '08-110',
        apartmentNumber: null,
        voivodeship: null,
      },
    });
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
  });

  it('shows the messages in Polish', async () => {
    api();
    renderWizard('pl');
    await screen.findByRole('checkbox', { name: /Pszenica 2026/ });
    await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
    await alert('Wybierz co najmniej jedną uprawę.');
  });

  it('without crops sends to the field map', async () => {
    api({ 'GET /api/crops': [] });
    renderWizard();
    expect(await screen.findByText(/You have no crops yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the field map' }).getAttribute('href')).toBe('/map');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('shows why the crops could not be loaded', async () => {
    api({ 'GET /api/crops': errorBody(503, 'serviceUnavailable', 'down') });
    renderWizard();
    await alert('Your crops could not be loaded.');
  });
});

describe('/orders/new: summary, order and pay', () => {
  it('prices the order with the quote endpoint, places it and goes to Przelewy24', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { calls } = api({
      'POST /api/orders': () =>
        new Response(
          JSON.stringify({
            order: order(),
            payment: {
              method: 'ONLINE_BANK_TRANSFER',
              redirectUrl: 'http://127.0.0.1:4102/trnRequest/TOKEN-1',
              bankTransfer: null,
              error: null,
            },
          }),
          {
            status: 201,
            headers: { 'content-type': 'application/json' },
          },
        ),
    });
    renderWizard();
    await toSummary();
    const prices = await screen.findByRole('table', { name: 'Order summary' });
    expect(within(prices).getByText('Express test: 1 × PLN 45')).toBeTruthy();
    expect(within(prices).getByText('Egner-Riehm method: 1 × PLN 15')).toBeTruthy();
    expect(within(prices).getByText('Soil sampler')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent?.replace(/\s/g, ' ')).toBe('PLN 120');
    expect(screen.getByRole('cell', { name: 'S1' })).toBeTruthy();
    expect(screen.getByText('The kit will be sent to: Polna 7, 05-300 Mińsk Mazowiecki')).toBeTruthy();
    const quote = calls.find((c) => c.path === '/api/orders/quote')!;
    expect(quote.body).toEqual({
      type: 'EXPRESS',
      crops: [{ cropId: CROP_ID, sectorIds: [SECTOR_A] }],
      additionalTests: ['EGNER'],
      equipment: ['SAMPLE_BAGS', 'SAMPLER'],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Order and pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:4102/trnRequest/TOKEN-1'));
    expect(screen.getByText('Redirecting to Przelewy24…')).toBeTruthy();
    const placed = calls.find((c) => c.method === 'POST' && c.path === '/api/orders')!;
    expect(placed.body).toEqual({
      ...(quote.body as object),
      paymentMethod: 'ONLINE_BANK_TRANSFER',
      confirmUserData: true,
    });
    expect(sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBe(ORDER_ID);
  });

  it('goes to the payment page with the error when Przelewy24 could not register the payment', async () => {
    api({
      'POST /api/orders': {
        order: order(),
        payment: {
          method: 'ONLINE_BANK_TRANSFER',
          redirectUrl: null,
          bankTransfer: null,
          error: 'paymentFailed',
        },
      },
    });
    renderWizard();
    await toSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Order and pay' }));
    await waitFor(() => expect(where()).toBe(`/orders/${ORDER_ID}/payment?error=paymentFailed`));
  });

  it('shows the quote error in the user language and keeps the order button off', async () => {
    api({
      'POST /api/orders/quote': errorBody(404, 'orderSectorNotFound', 'Sector of this crop not found.'),
    });
    renderWizard();
    await toSummary();
    await alert('The price could not be calculated. Sector of this crop not found.');
    expect((screen.getByRole('button', { name: 'Order and pay' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the order errors of the spec: incomplete data (with the way to the account page), a sector already ordered, a connection problem', async () => {
    const answers = [
      errorBody(409, 'incompleteUserData', 'Incomplete user data: complete your profile before ordering'),
      errorBody(409, 'sectorAlreadyOrdered', 'Sector x is already tested in an active order'),
    ];
    api({ 'POST /api/orders': () => answers.shift() ?? Promise.reject(new TypeError('Failed to fetch')) });
    renderWizard();
    await toSummary();
    const button = await screen.findByRole('button', { name: 'Order and pay' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    await alert('Complete your data before ordering.');
    expect(screen.getByRole('link', { name: 'Complete my data' })).toBeTruthy();
    await userEvent.click(button);
    await alert('This sector is already tested in another order.');
    expect(screen.queryByRole('link', { name: 'Complete my data' })).toBeNull();
    await userEvent.click(button);
    await alert('Connection problem.');
    expect(where()).toBe('/orders/new');
  });
});
