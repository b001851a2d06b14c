import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { swrConfig } from '@gleba/api-client';
import { api } from '../../../lib/api-client';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, mockApi, renderApp } from '../../../testing/render-app';
import { renderFeature, viewport } from '../../../testing/render-feature';
import { FarmMapRoute } from './farm-map-route';

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

const square = (x: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 52],
      [x + 0.001, 52],
      [x + 0.001, 52.001],
      [x, 52.001],
      [x, 52],
    ],
  ],
});
const PLOT = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Pole przy lesie',
  areaHa: 1.23,
  geometry: square(21),
  canUndo: true,
  canRedo: false,
};
const CROP = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Pszenica 2026',
  plantName: 'Wheat',
  areaHa: 1.23,
  geometry: square(21),
  divided: false,
  sectors: [],
  canUndo: false,
  canRedo: false,
};

const farmApi = (extra: Record<string, unknown> = {}) =>
  mockApi({
    'GET /api/users/me': USER,
    'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
    'GET /api/plots': [PLOT],
    'GET /api/crops': [CROP],
    ...extra,
  });

describe('/map', () => {
  it('below 768 px shows that adding plots is desktop only, without loading the map', async () => {
    viewport(500);
    const { calls } = farmApi();
    renderFeature(<FarmMapRoute />);
    expect(screen.getByRole('status').textContent).toContain(
      'Adding plots and crops is available only in the desktop version.',
    );
    expect(screen.queryByRole('region', { name: 'Map of plots and crops' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/plots')).toHaveLength(0);
  });

  it('shows the notice in Polish too', () => {
    viewport(400);
    farmApi();
    renderFeature(<FarmMapRoute />, 'pl');
    expect(screen.getByRole('status').textContent).toContain('tylko w wersji na komputer');
  });

  it('is linked from the sidebar on a desktop and lists plots and crops beside the map', async () => {
    viewport(1280);
    farmApi();
    renderApp('/', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Field map' }));
    expect(
      await screen.findByRole('region', { name: 'Map of plots and crops' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Pole przy lesie · 1\.23 ha/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pszenica 2026 \(Wheat\)/ })).toBeTruthy();
  });

  it('highlights the plot chosen on the list, switches the base map and the cadastral overlay', async () => {
    viewport(1280);
    farmApi();
    renderFeature(<FarmMapRoute />);
    const item = await screen.findByRole('button', { name: /Pole przy lesie/ }, { timeout: 5000 });
    const map = fake.ref!.instances.at(-1)!;
    await waitFor(() =>
      expect(map.data.get('plots')).toMatchObject({ features: [{ properties: { id: PLOT.id } }] }),
    );
    await userEvent.click(item);
    expect(item.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(map.layers.get('plots-selected')?.filter).toEqual(['==', ['get', 'id'], PLOT.id]),
    );
    // Opened on the plots, then fitted to the chosen one.
    await waitFor(() => expect(map.fitted).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });
});

describe('/map controls in the page language', () => {
  it.each([
    ['pl', 'Mapa', 'Przybliż', 'Oddal'],
    ['uk', 'Карта', 'Наблизити', 'Віддалити'],
    ['en', 'Map', 'Zoom in', 'Zoom out'],
  ] as const)('%s: MapLibre gets the texts of its controls', async (lang, title, zoomIn, zoomOut) => {
    viewport(1280);
    farmApi();
    renderFeature(<FarmMapRoute />, lang);
    await waitFor(() => expect(fake.ref!.instances.length).toBeGreaterThan(0), { timeout: 5000 });
    const { locale } = fake.ref!.instances.at(-1)!.options as unknown as { locale: Record<string, string> };
    expect(locale).toMatchObject({
      'Map.Title': title,
      'NavigationControl.ZoomIn': zoomIn,
      'NavigationControl.ZoomOut': zoomOut,
    });
    // Every MapLibre string is given, none left to its English default.
    expect(Object.keys(locale)).toHaveLength(25);
    expect(Object.values(locale).every((text) => text && !text.startsWith('farmMap.'))).toBe(true);
  });
});

describe('/map tools', () => {
  it('auto-divides the selected crop and shows the server error when it is already divided', async () => {
    viewport(1280);
    let divided = false;
    const { calls } = farmApi({
      'POST /api/crops/22222222-2222-4222-8222-222222222222/sectors/auto-divide': () => {
        if (divided)
          return errorBody(
            409,
            'sectorsAlreadyDivided',
            'The crop is already divided. Revert it to a single sector first.',
          );
        divided = true;
        return { ...CROP, divided: true, sectors: [{ id: 's1' }, { id: 's2' }] };
      },
    });
    renderFeature(<FarmMapRoute />);
    await userEvent.click(await screen.findByRole('button', { name: /Pszenica 2026/ }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Divide into sectors' }));
    expect(await screen.findByText('The crop was divided into 2 sectors.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Divide into sectors' }));
    expect(
      await screen.findByText('The crop is already divided. Revert it to a single sector first.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/sectors/auto-divide'))).toHaveLength(2);
  });

  it('Ctrl+Z and Ctrl+Shift+Z call the server undo and redo of the selected plot, then refetch', async () => {
    viewport(1280);
    const { calls } = farmApi({
      [`POST /api/plots/${PLOT.id}/undo`]: PLOT,
      [`POST /api/plots/${PLOT.id}/redo`]: PLOT,
    });
    renderFeature(<FarmMapRoute />);
    await userEvent.click(await screen.findByRole('button', { name: /Pole przy lesie/ }, { timeout: 5000 }));
    const before = calls.filter((c) => c.path === '/api/plots').length;
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/api/plots/${PLOT.id}/undo`)).toBe(true),
    );
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/api/plots/${PLOT.id}/redo`)).toBe(true),
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/plots').length).toBeGreaterThan(before));
  });

  it('creates a crop on the selected plot with the plant, period and yield', async () => {
    viewport(1280);
    const { calls } = farmApi({
      'GET /api/plants': [
        { id: 'winter-wheat', name: 'Winter wheat', group: 'CEREALS', type: 'FARM', defaultYieldTPerHa: 6 },
      ],
      'POST /api/crops': ({ body }: { body: Record<string, unknown> }) => ({ ...CROP, ...body }),
    });
    renderFeature(<FarmMapRoute />);
    await userEvent.click(await screen.findByRole('button', { name: /Pole przy lesie/ }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Add crop' }));
    await screen.findByRole('option', { name: 'Winter wheat' });
    await userEvent.selectOptions(screen.getByLabelText('Plant'), 'winter-wheat');
    expect((screen.getByLabelText('Estimated yield (t/ha)') as HTMLInputElement).value).toBe('6');
    await userEvent.click(screen.getByRole('button', { name: 'Save crop' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/crops')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.path === '/api/crops')!.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ plantId: 'winter-wheat', estimatedYieldTPerHa: 6, plotIds: [PLOT.id] });
    expect(body.cultivationFrom).toMatch(/^\d{4}-03-01$/);
  });
});

describe('/map layers', () => {
  it('draws the sectors of a divided crop on the map', async () => {
    viewport(1280);
    const sector = (id: string, x: number) => ({
      id,
      name: id,
      areaHa: 0.6,
      geometry: square(x),
      locked: false,
    });
    farmApi({
      'GET /api/crops': [{ ...CROP, divided: true, sectors: [sector('S1', 21), sector('S2', 21.0005)] }],
    });
    renderFeature(<FarmMapRoute />);
    await screen.findByRole('button', { name: /Pszenica 2026/ }, { timeout: 5000 });
    const map = fake.ref!.instances.at(-1)!;
    await waitFor(() =>
      expect(map.data.get('sectors')).toMatchObject({
        features: [{ properties: { id: 'S1' } }, { properties: { id: 'S2' } }],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Pszenica 2026/ }));
    expect(screen.getByText('Sectors: 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revert to one sector' })).toBeTruthy();
  });
});

describe('/map view, base map and layer switcher', () => {
  it("opens on the user's plots instead of the country view", async () => {
    viewport(1280);
    farmApi({ 'GET /api/plots': [PLOT, { ...PLOT, id: 'p2', name: 'Drugie', geometry: square(21.01) }] });
    renderFeature(<FarmMapRoute />);
    await screen.findByRole('button', { name: /Drugie/ }, { timeout: 5000 });
    const map = fake.ref!.instances.at(-1)!;
    await waitFor(() => expect(map.fitted).toHaveLength(1));
    const [w, s, e, n] = map.fitted[0] as number[];
    expect([w, s, e, n].map((v) => v!.toFixed(6))).toEqual([
      '21.000000',
      '52.000000',
      '21.011000',
      '52.001000',
    ]);
  });

  it('stays on the country view for a user without plots', async () => {
    viewport(1280);
    farmApi({ 'GET /api/plots': [], 'GET /api/crops': [] });
    renderFeature(<FarmMapRoute />);
    await screen.findByText(/You have no plots yet/, undefined, { timeout: 5000 });
    const map = fake.ref!.instances.at(-1)!;
    await waitFor(() => expect(map.data.has('plots')).toBe(true));
    expect(map.fitted).toHaveLength(0);
    expect(map.options).toMatchObject({ center: [19.4, 52.1], zoom: 6 });
  });

  it('says in Polish that the base map is unavailable while its tiles fail, the tools still there', async () => {
    viewport(1280);
    farmApi();
    renderFeature(<FarmMapRoute />, 'pl');
    await screen.findByRole('button', { name: /Pole przy lesie/ }, { timeout: 5000 });
    const map = fake.ref!.instances.at(-1)!;
    await waitFor(() => expect(map.data.has('plots')).toBe(true));
    expect(screen.queryByText(/Podkład mapy jest teraz niedostępny/)).toBeNull();
    // A failed tile of another source (the overlay) is not the base map.
    act(() => map.fire('error', { sourceId: 'cadastre', error: new Error('Failed to fetch') }));
    expect(screen.queryByText(/Podkład mapy jest teraz niedostępny/)).toBeNull();
    act(() => map.fire('error', { sourceId: 'streets', error: new Error('Failed to fetch') }));
    expect(await screen.findByText(/Podkład mapy jest teraz niedostępny/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spróbuj teraz' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Narysuj działkę' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    // A tile arrives again: the notice goes.
    act(() => map.fire('data', { sourceId: 'streets', dataType: 'source', tile: {} }));
    await waitFor(() => expect(screen.queryByText(/Podkład mapy jest teraz niedostępny/)).toBeNull());
  });

  it('keeps the layer choice of this browser for the next visit', async () => {
    viewport(1280);
    farmApi();
    const first = renderFeature(<FarmMapRoute />);
    await screen.findByRole('button', { name: /Pole przy lesie/ }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('radio', { name: 'Orthophoto' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cadastral parcels' }));
    const map = fake.ref!.instances.at(-1)!;
    await waitFor(() => expect(map.layers.get('base-orthophoto')?.layout.visibility).toBe('visible'));
    expect(map.layers.get('base-streets')?.layout.visibility).toBe('none');
    expect(map.layers.get('overlay-cadastre')?.layout.visibility).toBe('visible');
    expect(JSON.parse(localStorage.getItem('gleba.map.layers')!)).toEqual({
      base: 'orthophoto',
      cadastre: true,
    });
    first.unmount();

    render(
      <SWRConfig value={{ ...swrConfig(api), provider: () => new Map() }}>
        <FarmMapRoute />
      </SWRConfig>,
    );
    await screen.findByRole('button', { name: /Pole przy lesie/ }, { timeout: 5000 });
    expect((screen.getByRole('radio', { name: 'Orthophoto' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Cadastral parcels' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const again = fake.ref!.instances.at(-1)!;
    await waitFor(() => expect(again.layers.get('base-orthophoto')?.layout.visibility).toBe('visible'));
  });

  it('brings an opened tool panel into view and focuses its heading', async () => {
    viewport(1280);
    farmApi({ 'GET /api/admin-units/voivodeships': [] });
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderFeature(<FarmMapRoute />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add a plot from the cadastre' }, { timeout: 5000 }),
    );
    const heading = await screen.findByRole('heading', { name: 'Add a plot from the cadastre' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled).toHaveBeenCalled();
    expect(heading.closest('[data-tool-panel]')).toBeTruthy();
  });

  it('says what an undo and a redo changed', async () => {
    viewport(1280);
    farmApi({
      [`POST /api/plots/${PLOT.id}/undo`]: { ...PLOT, areaHa: 0.98 },
      [`POST /api/plots/${PLOT.id}/redo`]: PLOT,
    });
    renderFeature(<FarmMapRoute />, 'pl');
    await userEvent.click(await screen.findByRole('button', { name: /Pole przy lesie/ }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Cofnij' }));
    expect(await screen.findByText('Cofnięto zmianę kształtu: Pole przy lesie, teraz 0,98 ha.')).toBeTruthy();
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(
      await screen.findByText('Ponowiono zmianę kształtu: Pole przy lesie, teraz 1,23 ha.'),
    ).toBeTruthy();
  });
});
