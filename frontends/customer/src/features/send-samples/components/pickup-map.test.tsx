import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, mockApi, renderApp } from '../../../testing/render-app';

/** A stand-in for maplibre-gl (no WebGL in happy-dom): markers are put into the container as MapLibre does; the camera calls are recorded. */
const fake = vi.hoisted(() => {
  const state = { maps: [] as FakeMapRecord[], fail: false };
  interface FakeMapRecord {
    options: { style: { sources: Record<string, unknown> }; container: HTMLElement };
    camera: { kind: string; arg: unknown }[];
    removed: boolean;
  }
  class FakeMap implements FakeMapRecord {
    camera: { kind: string; arg: unknown }[] = [];
    removed = false;
    zoom = 6;
    constructor(public options: FakeMapRecord['options']) {
      if (state.fail) throw new Error('Failed to initialize WebGL');
      state.maps.push(this);
    }
    addControl() {}
    on() {}
    getZoom() {
      return this.zoom;
    }
    jumpTo(o: { zoom: number }) {
      this.zoom = o.zoom;
      this.camera.push({ kind: 'jumpTo', arg: o });
    }
    fitBounds(b: unknown) {
      this.zoom = 12;
      this.camera.push({ kind: 'fitBounds', arg: b });
    }
    easeTo(o: { zoom: number }) {
      this.zoom = o.zoom;
      this.camera.push({ kind: 'easeTo', arg: o });
    }
    remove() {
      this.removed = true;
    }
  }
  class FakeMarker {
    lngLat: [number, number] = [0, 0];
    constructor(public options: { element: HTMLElement }) {}
    setLngLat(at: [number, number]) {
      this.lngLat = at;
      return this;
    }
    addTo(map: FakeMap) {
      this.options.element.classList.add('maplibregl-marker');
      map.options.container.append(this.options.element);
      return this;
    }
    remove() {
      this.options.element.remove();
      return this;
    }
  }
  class Control {}
  return { state, module: { default: { Map: FakeMap, Marker: FakeMarker, NavigationControl: Control } } };
});
vi.mock('maplibre-gl', () => fake.module);

afterEach(() => {
  vi.unstubAllGlobals();
  fake.state.maps.length = 0;
  fake.state.fail = false;
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
const point = (id: string, name: string, street: string, lat: number, lng: number) => ({
  id,
  name,
  street,
  postCode: '00-238',
  city: 'Warszawa',
  lat,
  lng,
  distanceKm: null,
  openingHours: [],
});
const POINTS = [
  point('PL1', 'Kiosk Ruch', 'Długa 5', 52.2206, 21.0122),
  point('PL2', 'Sklep Żabka', 'Puławska 100', 52.1925, 21.0235),
  point('PL3', 'Stacja Orlen', 'Okopowa 1', 52.2537, 20.9851),
];
const address = {
  name: 'Anna Nowak',
  company: null,
  street: 'Polna 1',
  postCode: '00-001',
  city: 'Warszawa',
  phone: null,
  email: null,
};
const api = () =>
  mockApi({
    'GET /api/users/me': USER,
    'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
    'GET /api/shipments/shippable': shippable,
    // A postcode finds the one point there, the city all three.
    'GET /api/pickup-points': ({ url }: { url: URL }) => ({
      items: url.searchParams.get('postCode') ? [POINTS[0]] : POINTS,
    }),
    'POST /api/shipments/summary': ({ body }: { body: unknown }) => {
      const p = POINTS.find((x) => x.id === (body as { pickupPointId: string }).pickupPointId)!;
      return {
        shippableId: TEST_ID,
        orderNumber: 'G-0001',
        shipmentType: 'PICKUP',
        size: 'S',
        maxWeightKg: 5,
        sizeCm: [20, 20, 15],
        withLabel: true,
        sender: address,
        receiver: address,
        courier: null,
        pickupPoint: p,
        carrier: 'DPD',
      };
    },
  });
const cont = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

async function searchWarsaw() {
  renderApp(`/soil-tests/${TEST_ID}/send`, { signedIn: true });
  await userEvent.click(await screen.findByLabelText(/S — up to 5 kg/, undefined, { timeout: 8000 }));
  await cont();
  await userEvent.click(screen.getByLabelText('I will print a label'));
  await cont();
  await userEvent.click(screen.getByLabelText('I drop it off at a DPD Pickup point'));
  await userEvent.type(screen.getByLabelText('City or postcode'), 'Warszawa');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  return screen.findByRole('radiogroup', { name: 'Choose a point.' });
}

const marker = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^Choose the point ${name}, `) });
const option = (name: string) => screen.getByRole('radio', { name: new RegExp(name) });

describe('send samples: pickup point map search', () => {
  it('draws a marker per point; a marker selects its point in the list, the list centres the map; the summary gets the point', async () => {
    const { calls } = api();
    await searchWarsaw();
    const map = await screen.findByRole('region', { name: 'Map of DPD Pickup points' }, { timeout: 8000 });
    await waitFor(() => expect(map.querySelectorAll('.maplibregl-marker')).toHaveLength(3));
    expect(screen.getByText('Choose a point in the list or click its marker on the map.')).toBeTruthy();
    // The same configured style as the farm map (VITE_MAP_STYLE unset in tests: the Geoportal/OSM one), fitted to the three points.
    const fakeMap = fake.state.maps[0]!;
    expect(Object.keys(fakeMap.options.style.sources)).toContain('streets');
    expect(fakeMap.camera[0]).toEqual({
      kind: 'fitBounds',
      arg: [
        [20.9851, 52.1925],
        [21.0235, 52.2537],
      ],
    });
    expect(marker('Sklep Żabka').getAttribute('aria-label')).toBe(
      'Choose the point Sklep Żabka, Puławska 100, 00-238 Warszawa',
    );

    await userEvent.click(marker('Sklep Żabka'));
    expect((option('Sklep Żabka') as HTMLInputElement).checked).toBe(true);
    expect(option('Sklep Żabka').closest('label')!.className).toContain('wizard-option--selected');
    expect(marker('Sklep Żabka').getAttribute('aria-pressed')).toBe('true');
    expect(marker('Kiosk Ruch').getAttribute('aria-pressed')).toBe('false');
    expect(fakeMap.camera.at(-1)).toMatchObject({ kind: 'easeTo', arg: { center: [21.0235, 52.1925] } });

    // Keyboard in the list: the map follows.
    option('Sklep Żabka').focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect((option('Stacja Orlen') as HTMLInputElement).checked).toBe(true));
    expect(marker('Stacja Orlen').getAttribute('aria-pressed')).toBe('true');
    expect(marker('Sklep Żabka').getAttribute('aria-pressed')).toBe('false');
    expect(fakeMap.camera.at(-1)).toMatchObject({ kind: 'easeTo', arg: { center: [20.9851, 52.2537] } });
    // Markers are drawn once per search, not again at each selection.
    expect(fakeMap.camera.filter((c) => c.kind === 'fitBounds')).toHaveLength(1);

    await cont();
    expect(await screen.findByText('Point: Stacja Orlen, Okopowa 1, 00-238 Warszawa')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/shipments/summary')!.body).toMatchObject({
      method: 'PICKUP_POINT',
      pickupPointId: 'PL3',
    });
    // Leaving the step removes the map.
    expect(fakeMap.removed).toBe(true);
  });

  it('a new search replaces the markers; one point is centred', async () => {
    api();
    await searchWarsaw();
    const map = await screen.findByRole('region', { name: 'Map of DPD Pickup points' }, { timeout: 8000 });
    await waitFor(() => expect(map.querySelectorAll('.maplibregl-marker')).toHaveLength(3));
    await userEvent.clear(screen.getByLabelText('City or postcode'));
    await userEvent.type(screen.getByLabelText('City or postcode'), '00-238');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(map.querySelectorAll('.maplibregl-marker')).toHaveLength(1));
    expect(fake.state.maps[0]!.camera.at(-1)).toEqual({
      kind: 'jumpTo',
      arg: { center: [21.0122, 52.2206], zoom: 14 },
    });
  });

  it('without the map (it cannot start) says so, and the list alone still chooses the point', async () => {
    fake.state.fail = true;
    const { calls } = api();
    const group = await searchWarsaw();
    expect(
      await screen.findByText('The map could not be loaded. Choose a point from the list.', undefined, {
        timeout: 8000,
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Map of DPD Pickup points' })).toBeNull();
    expect(screen.queryByText('Choose a point in the list or click its marker on the map.')).toBeNull();
    await userEvent.click(within(group).getByLabelText(/Kiosk Ruch/));
    await cont();
    expect(await screen.findByText('Point: Kiosk Ruch, Długa 5, 00-238 Warszawa')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/shipments/summary')!.body).toMatchObject({
      pickupPointId: 'PL1',
    });
  });
});
