import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCrop, TPlot, TPosition } from '@gleba/contracts';
import { errorBody, mockApi } from '../../../testing/render-app';
import { renderFeature } from '../../../testing/render-feature';
import {
  CutPanel,
  DividePanel,
  MergePanel,
  MovePanel,
  RulerPanel,
  SectorEditor,
  sectorsBody,
} from './tool-panels';

afterEach(() => vi.unstubAllGlobals());

const ring = (x: number): TPosition[] => [
  [x, 52],
  [x + 0.001, 52],
  [x + 0.001, 52.001],
  [x, 52.001],
  [x, 52],
];
const PLOT = {
  id: 'a1111111-1111-4111-8111-111111111111',
  name: 'Pole A',
  geometry: { type: 'Polygon', coordinates: [ring(21)] },
} as unknown as TPlot;
const PLOT_B = { ...PLOT, id: 'b2222222-2222-4222-8222-222222222222', name: 'Pole B' } as TPlot;
const CROP = {
  id: 'c3333333-3333-4333-8333-333333333333',
  name: 'Pszenica',
  divided: false,
  sectors: [],
  geometry: PLOT.geometry,
} as unknown as TCrop;
const alert = async () => (await screen.findByRole('alert')).textContent;
const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('ruler', () => {
  it('shows each segment and the total in metres', () => {
    renderFeature(
      <RulerPanel
        points={[
          [21.5, 52.2],
          [21.50147, 52.2],
          [21.50147, 52.2009],
        ]}
        onClear={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Distance: 20\d\.\d m$/);
    expect(screen.getByText(/^Segment 1: 10\d\.\d m$/)).toBeTruthy();
    expect(screen.getByText(/^Segment 2: 10\d\.\d m$/)).toBeTruthy();
  });
});

describe('divide by a line', () => {
  const line: TPosition[] = [
    [20.9995, 52.0005],
    [21.0015, 52.0005],
  ];
  const panel = (points: TPosition[], finished: boolean, onDone = vi.fn(async () => {})) => {
    renderFeature(
      <DividePanel
        target={{ kind: 'plots', item: PLOT }}
        line={points}
        finished={finished}
        onDone={onDone}
        onRedraw={() => {}}
        onClose={() => {}}
      />,
    );
    return onDone;
  };

  it('asks for the line until it is finished, without calling the server', async () => {
    const { calls } = mockApi({});
    panel(line.slice(0, 1), false);
    await click('Divide');
    expect(await alert()).toBe('Draw the line on the map first.');
    expect(calls).toHaveLength(0);
  });

  it('sends the drawn line (repeated cursor points dropped) and reports the parts', async () => {
    const { calls } = mockApi({ [`POST /api/plots/${PLOT.id}/divide`]: [PLOT, PLOT_B] });
    const onDone = panel([...line, line[1]!], true);
    await click('Divide');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ line: { type: 'LineString', coordinates: line } });
    expect(await screen.findByText('Divided into 2 parts.')).toBeTruthy();
  });

  it.each([
    ['divideLineMustCross', 'The division line must cross the whole shape from edge to edge.'],
    ['wrongCoordinateCount', 'The division line must have exactly 2 points.'],
  ])('shows the server error %s', async (code, text) => {
    mockApi({ [`POST /api/plots/${PLOT.id}/divide`]: errorBody(400, code, text) });
    const onDone = panel(line, true);
    await click('Divide');
    expect(await alert()).toBe(text);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('cut out', () => {
  const hole: TPosition[] = [
    [21.0002, 52.0002],
    [21.0004, 52.0002],
    [21.0004, 52.0004],
    [21.0002, 52.0002],
  ];
  const panel = (points: TPosition[], closed: boolean) => {
    const onDone = vi.fn(async () => {});
    renderFeature(
      <CutPanel
        crop={CROP}
        ring={points}
        closed={closed}
        onDone={onDone}
        onRedraw={() => {}}
        onClose={() => {}}
      />,
    );
    return onDone;
  };

  it('needs a closed shape first', async () => {
    const { calls } = mockApi({});
    panel(hole.slice(0, 2), false);
    await click('Cut out');
    expect(await alert()).toBe('Draw and close the shape on the map first.');
    expect(calls).toHaveLength(0);
  });

  it('sends the open ring to the crop cut and confirms', async () => {
    const { calls } = mockApi({ [`POST /api/crops/${CROP.id}/cut`]: CROP });
    const onDone = panel(hole, true);
    await click('Cut out');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ ring: hole.slice(0, 3) });
    expect(await screen.findByText('The shape was cut out.')).toBeTruthy();
  });

  it.each([
    ['cutOutsideCrop', 'The cut-out must lie inside the crop.'],
    ['cropCannotDeleteAll', 'The whole crop area cannot be removed.'],
    ['cutTooFewVertices', 'The cut-out needs at least 3 vertices.'],
  ])('shows the server error %s', async (code, text) => {
    mockApi({ [`POST /api/crops/${CROP.id}/cut`]: errorBody(400, code, text) });
    panel(hole, true);
    await click('Cut out');
    expect(await alert()).toBe(text);
  });
});

describe('merge', () => {
  it('needs two ticked plots, then merges them; the server refuses plots apart', async () => {
    let answer: unknown = errorBody(400, 'mergeNotAdjacent', 'Only adjacent plots can be merged.');
    const { calls } = mockApi({ 'POST /api/plots/merge': () => answer });
    const onTick = vi.fn();
    const onDone = vi.fn(async () => {});
    const view = renderFeature(
      <MergePanel
        plots={[PLOT, PLOT_B]}
        ticked={[PLOT.id]}
        onTick={onTick}
        onDone={onDone}
        onClose={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Merge: Pole B' }));
    expect(onTick).toHaveBeenCalledWith(PLOT_B.id);
    await click('Merge the ticked (1)');
    expect(await alert()).toBe('Tick at least two plots.');
    expect(calls).toHaveLength(0);

    view.rerender(
      <MergePanel
        plots={[PLOT, PLOT_B]}
        ticked={[PLOT.id, PLOT_B.id]}
        onTick={onTick}
        onDone={onDone}
        onClose={() => {}}
      />,
    );
    await click('Merge the ticked (2)');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Only adjacent plots can be merged.'),
    );
    answer = PLOT;
    await click('Merge the ticked (2)');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(PLOT));
    expect(calls.map((c) => c.body)).toEqual([
      { plotIds: [PLOT.id, PLOT_B.id] },
      { plotIds: [PLOT.id, PLOT_B.id] },
    ]);
  });
});

describe('move', () => {
  it('refuses a bad distance or direction, then moves by the typed vector', async () => {
    const { calls } = mockApi({ [`POST /api/crops/${CROP.id}/move`]: CROP });
    const onDone = vi.fn(async () => {});
    renderFeature(<MovePanel target={{ kind: 'crops', item: CROP }} onDone={onDone} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Distance (m)'), '-5');
    await click('Move');
    expect(await alert()).toBe('Enter a distance from 0 to 10,000 m and a direction from 0 to 360°.');
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Distance (m)'));
    await userEvent.type(screen.getByLabelText('Distance (m)'), '12,5');
    await userEvent.clear(screen.getByLabelText('Direction (degrees from north)'));
    await userEvent.type(screen.getByLabelText('Direction (degrees from north)'), '90');
    await click('Move');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ distanceM: 12.5, bearingDeg: 90 });
    expect(await screen.findByText('Moved by 12.5 m.')).toBeTruthy();
  });

  it('shows the overlap refusal of a moved plot', async () => {
    mockApi({
      [`POST /api/plots/${PLOT.id}/move`]: errorBody(
        409,
        'plotOverlapLimitExceeded',
        'The plot overlaps an existing one by more than 5%.',
      ),
    });
    renderFeature(
      <MovePanel target={{ kind: 'plots', item: PLOT }} onDone={async () => {}} onClose={() => {}} />,
    );
    await userEvent.type(screen.getByLabelText('Distance (m)'), '30');
    await click('Move');
    expect(await alert()).toBe('The plot overlaps an existing one by more than 5%.');
  });
});

describe('manual sectors', () => {
  const S1 = 'd4444444-4444-4444-8444-444444444444';

  it('puts the parts of one sector back together and sends new ones without an id', () => {
    expect(
      sectorsBody([
        { sectorId: S1, ring: ring(21) },
        { sectorId: S1, ring: ring(21.01) },
        { sectorId: null, ring: ring(21.02) },
        { sectorId: null, ring: ring(21.03).slice(0, 2) },
      ]),
    ).toEqual({
      sectors: [
        { id: S1, geometry: { type: 'MultiPolygon', coordinates: [[ring(21)], [ring(21.01)]] } },
        { geometry: { type: 'Polygon', coordinates: [ring(21.02)] } },
      ],
    });
  });

  it('asks for a sector before saving none', async () => {
    const { calls } = mockApi({});
    renderFeature(
      <SectorEditor
        crop={CROP}
        polygons={[]}
        onSubMode={() => {}}
        onDone={async () => {}}
        onClose={() => {}}
      />,
    );
    await click('Save sectors (0)');
    expect(await alert()).toBe('Draw at least one sector.');
    expect(calls).toHaveLength(0);
  });

  it('saves the drawn sectors, shows a refusal, and goes back to automatic division', async () => {
    let put: unknown = errorBody(
      400,
      'sectorsInvalid',
      'Sectors must lie inside the crop and must not overlap.',
    );
    const { calls } = mockApi({
      [`PUT /api/crops/${CROP.id}/sectors`]: () => put,
      [`POST /api/crops/${CROP.id}/sectors/revert`]: CROP,
      [`POST /api/crops/${CROP.id}/sectors/auto-divide`]: { ...CROP, divided: true, sectors: [{}, {}, {}] },
    });
    const onDone = vi.fn(async () => {});
    const onSubMode = vi.fn();
    const crop = { ...CROP, divided: true } as TCrop;
    renderFeature(
      <SectorEditor
        crop={crop}
        polygons={[{ sectorId: null, ring: ring(21) }]}
        onSubMode={onSubMode}
        onDone={onDone}
        onClose={() => {}}
      />,
    );
    await click('Draw a sector');
    expect(onSubMode).toHaveBeenCalledWith('polygon');
    await click('Save sectors (1)');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Sectors must lie inside the crop and must not overlap.',
      ),
    );
    put = { ...CROP, divided: true, sectors: [{}] };
    await click('Save sectors (1)');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      sectors: [{ geometry: { type: 'Polygon', coordinates: [ring(21)] } }],
    });

    await click('Back to automatic division');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    expect(calls.slice(-2).map((c) => c.path)).toEqual([
      `/api/crops/${CROP.id}/sectors/revert`,
      `/api/crops/${CROP.id}/sectors/auto-divide`,
    ]);
    expect(await screen.findByText('The crop was divided into 3 sectors.')).toBeTruthy();
  });
});
