import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TParcel, TPosition } from '@gleba/contracts';
import { USER, errorBody, mockApi } from '../../../testing/render-app';
import { renderFeature, viewport } from '../../../testing/render-feature';
import { FarmMapRoute } from './farm-map-route';
import { SelectParcelPanel } from './select-parcel-panel';

const fake = vi.hoisted(() => ({
  ref: null as null | ReturnType<typeof import('../../../testing/render-feature').fakeMapLibre>,
}));
vi.mock('maplibre-gl', async () => {
  const { fakeMapLibre: make } = await import('../../../testing/render-feature');
  fake.ref = make();
  return fake.ref.module;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STRIP = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [21.6012, 52.1523],
      [21.6021, 52.1523],
      [21.6021, 52.1577],
      [21.6012, 52.1577],
      [21.6012, 52.1523],
    ],
  ],
};
const PARCEL: TParcel = {
  terytId: '141207_2.0021.112',
  plotNumber: '112',
  precinct: 'Stojadła',
  commune: 'Mińsk Mazowiecki (gmina wiejska)',
  county: 'miński',
  voivodeship: 'mazowieckie',
  lookup: { voivodeship: 'MASOVIAN', county: '1412', commune: '141207_2', precinct: '141207_2.0021' },
  areaHa: 3.6,
  geometry: STRIP,
};
const PLOT = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Stojadła 112',
  areaHa: 3.6,
  geometry: STRIP,
  canUndo: false,
  canRedo: false,
  updatedAt: 't1',
};
const CLICK: TPosition = [21.6015, 52.155];
const alert = async () => (await screen.findByRole('alert')).textContent;

function panel(point: TPosition | null, lang: 'en' | 'pl' = 'en') {
  const onParcel = vi.fn();
  const onAdded = vi.fn();
  renderFeature(
    <SelectParcelPanel point={point} onParcel={onParcel} onAdded={onAdded} onClose={() => {}} />,
    lang,
  );
  return { onParcel, onAdded };
}

describe('select on map: the panel', () => {
  it('looks up the clicked point, names the parcel and adds it through the cadastral call', async () => {
    const { calls } = mockApi({ 'GET /api/cadastre/parcels/at': PARCEL, 'POST /api/plots/cadastral': PLOT });
    const { onParcel, onAdded } = panel(CLICK);
    expect(await screen.findByText('Parcel 112')).toBeTruthy();
    expect(
      screen.getByText('Precinct Stojadła (0021), commune Mińsk Mazowiecki (gmina wiejska)'),
    ).toBeTruthy();
    expect(screen.getByText('Area: 3.60 ha')).toBeTruthy();
    const lookup = calls.find((c) => c.path === '/api/cadastre/parcels/at')!;
    expect(Object.fromEntries(lookup.url.searchParams)).toEqual({ lon: '21.6015000', lat: '52.1550000' });
    expect(onParcel).toHaveBeenCalledWith(PARCEL);
    await userEvent.click(screen.getByRole('button', { name: 'Add this parcel as a plot' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(expect.objectContaining({ id: PLOT.id })));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      voivodeship: 'MASOVIAN',
      county: '1412',
      commune: '141207_2',
      precinct: '141207_2.0021',
      plotNumber: '112',
      name: 'Parcel 112, precinct Stojadła',
    });
    expect(await screen.findByText('Plot added.')).toBeTruthy();
  });

  it('waits for a click before asking anything', () => {
    const { calls } = mockApi({});
    panel(null);
    expect(screen.getByText(/^Click the map where your field is/)).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add this parcel as a plot' })).toBeNull();
  });

  it('says when there is no parcel under the click', async () => {
    mockApi({
      'GET /api/cadastre/parcels/at': errorBody(
        404,
        'noParcelAtPoint',
        'There is no cadastral parcel at this point.',
      ),
    });
    const { onParcel } = panel(CLICK);
    expect(await alert()).toBe('There is no cadastral parcel at this point.');
    expect(onParcel).toHaveBeenCalledWith(null);
    expect(screen.queryByRole('button', { name: 'Add this parcel as a plot' })).toBeNull();
  });

  it('says so in Polish too', async () => {
    mockApi({ 'GET /api/cadastre/parcels/at': errorBody(404, 'noParcelAtPoint') });
    panel(CLICK, 'pl');
    expect(await alert()).toBe('W tym miejscu nie ma działki ewidencyjnej.');
  });

  it('names the failed look-up when ULDK cannot be reached', async () => {
    mockApi({ 'GET /api/cadastre/parcels/at': errorBody(502, 'fetchPlotsFailed') });
    panel(CLICK);
    expect(await alert()).toBe('Could not fetch plots.');
  });

  it.each([
    [409, 'plotAlreadyExists', 'This plot has already been added.'],
    [409, 'plotOverlapLimitExceeded', 'The plot overlaps an existing one by more than 5%.'],
  ])("shows the server's refusal (%s %s) and keeps the parcel", async (status, code, text) => {
    mockApi({
      'GET /api/cadastre/parcels/at': PARCEL,
      'POST /api/plots/cadastral': errorBody(status, code, text),
    });
    const { onAdded } = panel(CLICK);
    await userEvent.click(await screen.findByRole('button', { name: 'Add this parcel as a plot' }));
    expect(await alert()).toBe(text);
    expect(onAdded).not.toHaveBeenCalled();
    expect(screen.getByText('Parcel 112')).toBeTruthy();
  });

  it('offers no adding for a parcel id the form codes cannot express', async () => {
    mockApi({
      'GET /api/cadastre/parcels/at': {
        ...PARCEL,
        terytId: '146502_8.0101.AR_12.54',
        plotNumber: '54',
        lookup: null,
      },
    });
    panel(CLICK);
    expect(await screen.findByText(/^This parcel cannot be added from the map/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add this parcel as a plot' })).toBeNull();
  });
});

describe('select on map: on the page', () => {
  it('sends a map click to the look-up, outlines the parcel, adds it and lists the plot', async () => {
    let added = false;
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/plots': () => (added ? [PLOT] : []),
      'GET /api/crops': [],
      'GET /api/cadastre/parcels/at': PARCEL,
      'POST /api/plots/cadastral': () => {
        added = true;
        return PLOT;
      },
    });
    viewport(1280);
    renderFeature(<FarmMapRoute />);
    await screen.findByText('You have no plots yet. Draw a plot or add one from the cadastre.', undefined, {
      timeout: 30000,
    });
    const map = fake.ref!.instances.at(-1)!;
    await waitFor(() => expect(map.data.has('candidate')).toBe(true));
    // Before the tool is chosen, a click on the map looks nothing up.
    act(() => map.fire('click', { lngLat: { lng: CLICK[0], lat: CLICK[1] }, point: { x: 10, y: 10 } }));
    await userEvent.click(screen.getByRole('button', { name: 'Select on map' }));
    act(() => map.fire('click', { lngLat: { lng: CLICK[0], lat: CLICK[1] }, point: { x: 10, y: 10 } }));
    expect(await screen.findByText('Parcel 112')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/cadastre/parcels/at')).toHaveLength(1);
    await waitFor(() =>
      expect(map.data.get('candidate')).toEqual({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: STRIP }],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add this parcel as a plot' }));
    expect(await screen.findByRole('button', { name: /^Stojadła 112 · 3\.60 ha$/ })).toBeTruthy();
    // The tool closed: the outline is gone, the new plot is selected and the map fitted to it.
    expect(screen.queryByRole('region', { name: 'Select on map' })).toBeNull();
    expect(map.data.get('candidate')).toEqual({ type: 'FeatureCollection', features: [] });
    expect(map.fitted.length).toBeGreaterThan(0);
  });
});
