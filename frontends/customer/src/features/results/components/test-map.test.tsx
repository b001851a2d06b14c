import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, mockApi } from '../../../testing/render-app';
import {
  CROP,
  CROP_ID,
  ORDER_ID,
  SAMPLE_A,
  SAMPLE_B,
  SECTOR_A,
  SECTOR_B,
  UNDIVIDED,
  order,
  result,
} from '../../../testing/farm-fixtures';
import { renderPage } from '../../../testing/render-page';
import { LIMING_COLOURS, NO_DATA_COLOUR } from '../../../lib/results/layers';
import { NUTRIENT_COLOURS, PH_COLOURS } from '../../../lib/results/class-chart';
import { ResultsPage } from './results-page';

const fake = vi.hoisted(() => ({
  ref: null as null | ReturnType<typeof import('../../../testing/farm-fixtures').fakeClickableMapLibre>,
}));
vi.mock('maplibre-gl', async () => {
  const { fakeClickableMapLibre } = await import('../../../testing/farm-fixtures');
  fake.ref = fakeClickableMapLibre();
  return fake.ref.module;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fake.ref?.instances.splice(0);
  localStorage.clear();
});

const NEW = { orderId: ORDER_ID, orderNumber: 'ZF/2026/000007', updatedAt: '2026-11-20T10:00:00.000Z' };
const RESULT_A = result({
  ...NEW,
  testId: SAMPLE_A,
  ph: [4.2, 'VERY_ACIDIC'],
  p: [8, 'LOW'],
  k: [20, 'HIGH'],
  mg: [5, 'MEDIUM'],
  need: 'NECESSARY',
});
const RESULT_B = result({
  ...NEW,
  testId: SAMPLE_B,
  ph: [6.4, 'NEUTRAL'],
  p: [30, 'VERY_HIGH'],
  k: [9, 'LOW'],
  mg: [2, 'VERY_LOW'],
  need: 'NOT_NEEDED',
});

/** lab-import's sampleResultsView of a farm sample. */
function view(testId: string, r: typeof RESULT_A | null, over: Record<string, unknown> = {}) {
  return {
    testId,
    code: `S${testId.slice(-13).toUpperCase()}`,
    orderId: ORDER_ID,
    orderNumber: 'ZF/2026/000007',
    kind: 'FARM',
    fieldName: 'Pszenica 2026',
    plantId: 'winter-wheat',
    plantName: 'Winter wheat',
    cropId: CROP_ID,
    area: { value: 4, unit: 'ha' },
    cancelled: false,
    status: r ? 'READY_TO_DOWNLOAD' : 'IN_LAB',
    statusLabel: r ? 'Ready' : 'In the lab',
    expectedTests: ['BASIC_TEST'],
    results: r ? [r] : [],
    ...over,
  };
}

function farmApi(extra: Record<string, unknown> = {}) {
  return mockApi({
    [`GET /api/results/tests/${SAMPLE_A}`]: view(SAMPLE_A, RESULT_A),
    [`GET /api/results/orders/${ORDER_ID}`]: {
      orderId: ORDER_ID,
      orderNumber: 'ZF/2026/000007',
      status: 'PARTIAL_RESULTS',
      samples: [view(SAMPLE_A, RESULT_A), view(SAMPLE_B, RESULT_B)],
    },
    [`GET /api/crops/${CROP_ID}`]: CROP,
    [`GET /api/orders/${ORDER_ID}`]: { order: order({ status: 'ORDER_COMPLETED' }), payment: {} },
    ...extra,
  });
}

const open = (id: string, lang: 'pl' | 'en' | 'uk' = 'en') =>
  renderPage('/soil-tests/:id/results', `/soil-tests/${id}/results`, <ResultsPage />, lang);

async function mapColours(): Promise<Record<string, string>> {
  let out: Record<string, string> = {};
  await waitFor(() => {
    const map = fake.ref!.instances.at(-1)!;
    const data = map.data.get('nutrient-sectors') as GeoJSON.FeatureCollection | null | undefined;
    expect(data?.features.length).toBeGreaterThan(0);
    out = Object.fromEntries(
      data!.features.map((f) => [f.properties!.key as string, f.properties!.colour as string]),
    );
  });
  return out;
}

describe('a farm test detail: its field on the map', () => {
  it('colours the sectors of the test order by pH, marks this test, and switches class from the keyboard', async () => {
    const { calls } = farmApi();
    open(SAMPLE_A);
    const section = await screen.findByRole('region', { name: 'The field on the map' });
    expect(
      await within(section).findByText('This test is sector S1 of the field Pszenica 2026.'),
    ).toBeTruthy();
    expect(await mapColours()).toEqual({ [SECTOR_A]: PH_COLOURS[0], [SECTOR_B]: PH_COLOURS[3] });
    const map = fake.ref!.instances.at(-1)!;
    // This test's sector is outlined; the map opens on the field.
    expect(map.layers.get('nutrient-selected')!.filter).toEqual(['==', ['get', 'key'], SECTOR_A]);
    expect(map.fitted).toHaveLength(1);
    expect(
      within(section).getByRole('region', {
        name: 'Map of the field Pszenica 2026: sectors in class colours',
      }),
    ).toBeTruthy();

    const legend = within(section).getByRole('region', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['very acidic', 'acidic', 'slightly acidic', 'neutral', 'alkaline', 'no result']);
    const sectors = within(section).getByRole('region', { name: 'Sectors' });
    const rows = within(sectors).getAllByRole('listitem');
    expect(rows.map((li) => li.textContent)).toEqual([
      ' S1: very acidic (this test)',
      ' S2: neutral results of sector S2',
    ]);
    expect(rows[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe(`/soil-tests/${SAMPLE_B}/results`);

    // The class radios: one tab stop, arrows move through pH -> liming -> P -> K -> Mg.
    const ph = within(section).getByRole('radio', { name: 'Soil reaction (pH)' });
    ph.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(section).getByRole('radio', { name: 'Liming need' })).toHaveProperty('checked', true);
    expect(await mapColours()).toEqual({ [SECTOR_A]: LIMING_COLOURS[0], [SECTOR_B]: LIMING_COLOURS[4] });
    expect(within(section).getByRole('heading', { name: 'Legend: Liming need' })).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}');
    expect(await mapColours()).toEqual({ [SECTOR_A]: NUTRIENT_COLOURS[1], [SECTOR_B]: NUTRIENT_COLOURS[4] });
    await userEvent.keyboard('{ArrowRight}');
    expect(await mapColours()).toEqual({ [SECTOR_A]: NUTRIENT_COLOURS[3], [SECTOR_B]: NUTRIENT_COLOURS[1] });
    await userEvent.keyboard('{ArrowRight}');
    expect(await mapColours()).toEqual({ [SECTOR_A]: NUTRIENT_COLOURS[2], [SECTOR_B]: NUTRIENT_COLOURS[0] });
    expect(rows[1]!.textContent).toContain('S2: very low');

    // The base map: the field map's switcher, kept per browser.
    await userEvent.click(within(section).getByRole('radio', { name: 'Orthophoto' }));
    await waitFor(() => expect(map.layers.get('base-orthophoto')?.layout.visibility).toBe('visible'));
    expect(JSON.parse(localStorage.getItem('gleba.map.layers')!)).toMatchObject({ base: 'orthophoto' });
    expect(calls.some((c) => c.path === `/api/crops/${CROP_ID}`)).toBe(true);
  });

  it('a sector without a result yet is grey and says so; an undivided field is one shape', async () => {
    farmApi({
      [`GET /api/results/orders/${ORDER_ID}`]: {
        orderId: ORDER_ID,
        orderNumber: 'ZF/2026/000007',
        status: 'PARTIAL_RESULTS',
        samples: [view(SAMPLE_A, RESULT_A), view(SAMPLE_B, null)],
      },
    });
    open(SAMPLE_A);
    expect(await mapColours()).toEqual({ [SECTOR_A]: PH_COLOURS[0], [SECTOR_B]: NO_DATA_COLOUR });
    expect(await screen.findByText(/S2: no result/)).toBeTruthy();
    cleanup();
    fake.ref!.instances.splice(0);

    const undividedOrder = order({
      status: 'ORDER_COMPLETED',
      samples: [{ ...order().samples[0], cropId: UNDIVIDED.id, sectorId: null, sectorName: null }],
    });
    farmApi({
      [`GET /api/results/tests/${SAMPLE_A}`]: view(SAMPLE_A, RESULT_A, { cropId: UNDIVIDED.id }),
      [`GET /api/results/orders/${ORDER_ID}`]: {
        orderId: ORDER_ID,
        orderNumber: 'ZF/2026/000007',
        status: 'READY_TO_DOWNLOAD',
        samples: [view(SAMPLE_A, RESULT_A, { cropId: UNDIVIDED.id })],
      },
      [`GET /api/crops/${UNDIVIDED.id}`]: UNDIVIDED,
      [`GET /api/orders/${ORDER_ID}`]: { order: undividedOrder, payment: {} },
    });
    open(SAMPLE_A, 'pl');
    expect(await mapColours()).toEqual({ whole: PH_COLOURS[0] });
    expect(await screen.findByText('Ten test obejmuje całe pole Pszenica 2026.')).toBeTruthy();
  });

  it("an undivided field (geo's one sector, which the sample carries) is the whole field, coloured", async () => {
    // geo keeps an undivided crop as a single sector and orders gives the sample that sector's id.
    const ONLY = '99999999-9999-4999-8999-999999999991';
    const crop = {
      ...UNDIVIDED,
      name: 'Łąka',
      sectors: [{ id: ONLY, name: '1', areaHa: 2.5, geometry: UNDIVIDED.geometry, locked: true }],
    };
    const undividedOrder = order({
      status: 'ORDER_COMPLETED',
      samples: [
        {
          ...order().samples[0],
          cropId: UNDIVIDED.id,
          sectorId: ONLY,
          sectorName: '1',
          fieldName: 'Pole przy lesie',
        },
      ],
    });
    const sample = view(SAMPLE_A, RESULT_A, { cropId: UNDIVIDED.id, fieldName: 'Pole przy lesie / 1' });
    farmApi({
      [`GET /api/results/tests/${SAMPLE_A}`]: sample,
      [`GET /api/results/orders/${ORDER_ID}`]: {
        orderId: ORDER_ID,
        orderNumber: 'ZF/2026/000007',
        status: 'READY_TO_DOWNLOAD',
        samples: [sample],
      },
      [`GET /api/crops/${UNDIVIDED.id}`]: crop,
      [`GET /api/orders/${ORDER_ID}`]: { order: undividedOrder, payment: {} },
    });
    open(SAMPLE_A);
    expect(await mapColours()).toEqual({ whole: PH_COLOURS[0] });
    expect(await screen.findByText('This test covers the whole field Pole przy lesie.')).toBeTruthy();
    expect(screen.queryByText(/no longer on the map/)).toBeNull();
    expect(screen.queryByText(/Łąka/)).toBeNull();
  });

  it('says in words when the field is no longer on the map, and draws no map', async () => {
    farmApi({ [`GET /api/crops/${CROP_ID}`]: errorBody(404, 'cropNotFound') });
    open(SAMPLE_A, 'uk');
    const section = await screen.findByRole('region', { name: 'Поле на карті' });
    await waitFor(() => expect(section.textContent).toMatch(/немає/));
    expect(fake.ref!.instances).toHaveLength(0);
  });
});

describe('a garden test detail: where the garden is', () => {
  const GARDEN = '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f';
  const gardenView = view(GARDEN, RESULT_A, {
    kind: 'GARDEN',
    cropId: null,
    fieldName: 'Back garden',
    orderId: GARDEN,
  });
  const NO_COMPLAINTS = {
    window: { open: false, resultsAt: null, until: null, closedReason: 'NO_RESULTS' },
    items: [],
  };
  const test = (location: { lat: number; lon: number } | null) => ({
    id: GARDEN,
    kind: 'GARDEN',
    status: 'RESULTS_READY',
    gardenName: 'Back garden',
    location,
  });

  it('puts a marker where the user said the garden is, with the coordinates in words', async () => {
    mockApi({
      [`GET /api/results/tests/${GARDEN}`]: gardenView,
      [`GET /api/soil-tests/${GARDEN}`]: test({ lat: 52.2297, lon: 21.0122 }),
      [`GET /api/soil-tests/${GARDEN}/complaints`]: NO_COMPLAINTS,
    });
    open(GARDEN, 'pl');
    const section = await screen.findByRole('region', { name: 'Gdzie jest ogród' });
    expect(
      await within(section).findByText(
        'Ogród Back garden: szerokość 52,2297°, długość 21,0122° (znacznik na mapie).',
      ),
    ).toBeTruthy();
    await waitFor(() => {
      const map = fake.ref!.instances.at(-1)!;
      const data = map.data.get('garden-location') as GeoJSON.FeatureCollection;
      expect(data.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [21.0122, 52.2297] });
    });
    const map = fake.ref!.instances.at(-1)!;
    expect(map.layers.has('garden-marker')).toBe(true);
    // The map opens on the garden (a box of a few metres around it).
    const [w, south, e, n] = (map as unknown as { options: { bounds: number[] } }).options.bounds;
    expect(w! < 21.0122 && 21.0122 < e! && south! < 52.2297 && 52.2297 < n!).toBe(true);
    expect(e! - w!).toBeLessThan(0.01);
    expect(within(section).getByRole('radio', { name: 'Ortofotomapa' })).toBeTruthy();
  });

  it('says so in words when no location was given (no map)', async () => {
    mockApi({
      [`GET /api/results/tests/${GARDEN}`]: gardenView,
      [`GET /api/soil-tests/${GARDEN}`]: test(null),
      [`GET /api/soil-tests/${GARDEN}/complaints`]: NO_COMPLAINTS,
    });
    open(GARDEN, 'en');
    expect(
      await screen.findByText('No location was given for this garden, so it is not shown on a map.'),
    ).toBeTruthy();
    expect(fake.ref!.instances).toHaveLength(0);
  });
});
