import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, mockApi, renderApp } from '../../../testing/render-app';
import { distanceKm, osmLink, withDistances } from '../rules/pickup-points';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

const TEST_ID = '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f';
const shippable = [
  {
    shippableId: TEST_ID,
    orderId: TEST_ID,
    testId: TEST_ID,
    orderNumber: 'G-0001',
    kind: 'GARDEN',
    barcode: 'ABCDEF123456',
    confirmedAt: '2026-11-20T10:00:00.000Z',
    shipmentId: null,
  },
];
const point = (id: string, name: string, lat: number, lng: number, distance: number | null) => ({
  id,
  name,
  street: 'Długa 5',
  postCode: '00-238',
  city: 'Warszawa',
  lat,
  lng,
  distanceKm: distance,
  openingHours: [],
});
const base = {
  'GET /api/users/me': USER,
  'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
  'GET /api/shipments/shippable': shippable,
};
const cont = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

async function toPickupStep() {
  renderApp(`/soil-tests/${TEST_ID}/send`, { signedIn: true });
  await userEvent.click(await screen.findByLabelText(/S — up to 5 kg/, undefined, { timeout: 8000 }));
  await cont();
  await userEvent.click(screen.getByLabelText('Without a label (drop-off code at a point)'));
  await cont();
  await userEvent.click(screen.getByLabelText('I drop it off at a DPD Pickup point'));
}

describe('send samples: pickup point search', () => {
  it('has a title and a back link to /soil-tests, and links the sampling guide', async () => {
    mockApi(base);
    renderApp(`/soil-tests/${TEST_ID}/send`, { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Send samples' }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/soil-tests');
    expect(screen.getByRole('link', { name: 'How to take samples?' }).getAttribute('href')).toBe(
      '/how-to-sample',
    );
  });

  it('finds points near the user, nearest first with the distance and an OpenStreetMap link', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
          ok({ coords: { latitude: 52.2297, longitude: 21.0122 } }),
      },
    });
    const { calls } = mockApi({
      ...base,
      'GET /api/pickup-points': {
        items: [point('PL2', 'Far kiosk', 52.25, 21.05, 3.4), point('PL1', 'Near kiosk', 52.23, 21.01, 0.4)],
      },
    });
    await toPickupStep();
    await userEvent.click(screen.getByRole('button', { name: 'Points near me' }));
    const group = await screen.findByRole('radiogroup', { name: 'Choose a point.' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')!.textContent)).toEqual([
      expect.stringContaining('Near kiosk'),
      expect.stringContaining('Far kiosk'),
    ]);
    expect(within(group).getByText(/0\.4 km away/)).toBeTruthy();
    const map = within(group).getAllByRole('link', { name: 'Show on the map (OpenStreetMap)' })[0]!;
    expect(map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=52.23000&mlon=21.01000#map=17/52.23000/21.01000',
    );
    const asked = calls.find((c) => c.path === '/api/pickup-points')!.url.searchParams;
    expect([asked.get('lat'), asked.get('lng')]).toEqual(['52.2297', '21.0122']);
  });

  it('says so when the location is refused, and the city search still works', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (_ok: unknown, fail: () => void) => fail() },
    });
    mockApi({
      ...base,
      'GET /api/pickup-points': { items: [point('PL1', 'Kiosk Ruch', 52.23, 21.01, null)] },
    });
    await toPickupStep();
    await userEvent.click(screen.getByRole('button', { name: 'Points near me' }));
    expect(
      await screen.findByText('Your location could not be determined. Enter a city or postcode.'),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('City or postcode'), 'Warszawa');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByLabelText(/Kiosk Ruch/)).toBeTruthy());
    expect(screen.queryByText(/km away/)).toBeNull();
  });
});

describe('pickup point rules', () => {
  it('measures distances and sorts nearest first, unknown last', () => {
    expect(distanceKm({ lat: 52.2297, lng: 21.0122 }, { lat: 50.0647, lng: 19.945 })).toBeCloseTo(252, 0);
    const rows = withDistances(
      [point('a', 'A', 52.3, 21.0, null), point('b', 'B', 52.24, 21.01, null), point('c', 'C', 0, 0, null)],
      { lat: 52.23, lng: 21.01 },
    );
    expect(rows.map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(
      withDistances([point('x', 'X', 1, 1, null), point('y', 'Y', 1, 1, 2)], null).map((r) => [r.id, r.km]),
    ).toEqual([
      ['y', 2],
      ['x', null],
    ]);
    expect(osmLink({ lat: 52.1, lng: 21 })).toContain('mlat=52.10000&mlon=21.00000');
  });
});
