import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPosition } from '@gleba/contracts';
import { USER, mockApi } from '../../../testing/render-app';
import { renderFeature, viewport } from '../../../testing/render-feature';
import type { DrawSpec, SnapSettings } from '../../../lib/map/use-terra-draw';
import { FarmMapRoute } from './farm-map-route';

/** terra-draw needs a real map: the hook is replaced by one that returns what a test "drew". */
const draw = vi.hoisted(() => ({
  points: [] as TPosition[],
  finished: false,
  last: {
    key: null as string | null,
    spec: null as DrawSpec | null,
    snap: undefined as SnapSettings | undefined,
  },
}));
vi.mock('../map/use-terra-draw', () => ({
  useTerraDraw: (_map: unknown, key: string | null, spec: DrawSpec | null, snap?: SnapSettings) => {
    draw.last = { key, spec, snap };
    return {
      points: key ? draw.points : [],
      finished: key ? draw.finished : false,
      polygons: [],
      draw: null,
      setSubMode: () => {},
    };
  },
}));
vi.mock('maplibre-gl', async () => (await import('../../../testing/render-feature')).fakeMapLibre().module);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  draw.points = [];
  draw.finished = false;
});

const ring = (x: number): TPosition[] => [
  [x, 52],
  [x + 0.001, 52],
  [x + 0.001, 52.001],
  [x, 52.001],
  [x, 52],
];
const PLOT = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Pole A',
  areaHa: 7,
  geometry: { type: 'Polygon', coordinates: [ring(21)] },
  canUndo: false,
  canRedo: false,
  updatedAt: 't1',
};
const PLOT_B = {
  ...PLOT,
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Pole B',
  geometry: { type: 'Polygon', coordinates: [ring(21.001)] },
};
const CROP = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Pszenica',
  plantId: 'winter-wheat',
  plantName: 'Winter wheat',
  areaHa: 7,
  plotIds: [PLOT.id],
  geometry: PLOT.geometry,
  divided: false,
  hasTest: true,
  sectors: [],
  canUndo: false,
  canRedo: false,
  updatedAt: 't1',
};

const farmApi = (extra: Record<string, unknown> = {}) =>
  mockApi({
    'GET /api/users/me': USER,
    'GET /api/plots': [PLOT, PLOT_B],
    'GET /api/crops': [CROP],
    'GET /api/plants': [
      { id: 'maize', name: 'Maize', group: 'CEREALS', type: 'FARM', defaultYieldTPerHa: 8 },
    ],
    ...extra,
  });

async function open() {
  viewport(1280);
  renderFeature(<FarmMapRoute />);
  await screen.findByRole('button', { name: /^Pole A · / }, { timeout: 5000 });
}

describe('/map tools on the page', () => {
  it('draws with snapping to the other fields and sends the chosen tolerance with the plot', async () => {
    const { calls } = farmApi({
      'POST /api/plots': { ...PLOT, id: '44444444-4444-4444-8444-444444444444', name: 'Nowe' },
    });
    await open();
    draw.points = ring(21.002);
    draw.finished = true;
    await userEvent.selectOptions(screen.getByLabelText('Snap to other fields'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Draw a plot' }));
    expect(draw.last.spec).toEqual({ kind: 'polygon' });
    expect(draw.last.snap?.toleranceM).toBe(10);
    expect(draw.last.snap?.rings).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Plot name'), 'Nowe');
    await userEvent.click(screen.getByRole('button', { name: 'Save plot' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/plots')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/plots')?.body).toMatchObject({
      name: 'Nowe',
      snapToleranceM: 10,
    });
  });

  it('adds a crop with its own geometry on the drawn part of the selected plot', async () => {
    const { calls } = farmApi({
      'POST /api/crops': { ...CROP, id: '55555555-5555-4555-8555-555555555555', hasTest: false },
    });
    await open();
    await userEvent.click(screen.getByRole('button', { name: /^Pole A · / }));
    await userEvent.click(screen.getByRole('button', { name: 'Crop on a drawn part' }));
    expect(screen.getByText('Draw and close the shape on the map first.')).toBeTruthy();
    draw.points = [
      [21.0002, 52.0002],
      [21.0008, 52.0002],
      [21.0008, 52.0008],
      [21.0002, 52.0002],
    ];
    draw.finished = true;
    // The page reads the drawing on its next render: switching the snap tolerance re-renders it.
    await userEvent.selectOptions(screen.getByLabelText('Snap to other fields'), '2');
    await screen.findByText(/^Part: \d+\.\d\d ha \(preview\)$/);
    await userEvent.selectOptions(await screen.findByLabelText('Plant'), 'maize');
    await userEvent.click(screen.getByRole('button', { name: 'Save crop' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/crops')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/crops')?.body).toMatchObject({
      plantId: 'maize',
      plotIds: [PLOT.id],
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [21.0002, 52.0002],
            [21.0008, 52.0002],
            [21.0008, 52.0008],
            [21.0002, 52.0002],
          ],
        ],
      },
    });
  });

  it('offers the tools that fit the selection and says when a crop has a test', async () => {
    farmApi();
    await open();
    await userEvent.click(screen.getByRole('button', { name: /^Pole A · / }));
    for (const name of ['Add crop', 'Crop on a drawn part', 'Move', 'Divide by a line', 'Delete plot'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cut out a shape' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Pszenica/ }));
    for (const name of ['Cut out a shape', 'Edit crop', 'Edit sectors', 'Delete crop'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByText(/A test was ordered for this crop/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(draw.last.spec).toMatchObject({ kind: 'move', shape: CROP.geometry });
    await userEvent.click(screen.getByRole('button', { name: 'Divide by a line' }));
    expect(draw.last.spec).toEqual({ kind: 'line' });
  });

  it('merges the plots ticked in the list', async () => {
    const { calls } = farmApi({ 'POST /api/plots/merge': PLOT });
    await open();
    await userEvent.click(screen.getByRole('button', { name: /^Pole A · / }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge plots' }));
    expect((screen.getByRole('checkbox', { name: 'Merge: Pole A' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Merge: Pole B' }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge the ticked (2)' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/plots/merge')).toBe(true));
    expect(calls.find((c) => c.path === '/api/plots/merge')?.body).toEqual({ plotIds: [PLOT.id, PLOT_B.id] });
    expect(await screen.findByText('Plots merged.')).toBeTruthy();
  });
});
