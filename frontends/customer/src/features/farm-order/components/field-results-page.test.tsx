import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, mockApi } from '../../../testing/render-app';
import { NUTRIENT_COLOURS, PH_COLOURS } from '../../../lib/results/class-chart';
import {
  CROP,
  CROP_ID,
  OLD_ORDER_ID,
  OLD_SAMPLE,
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
import { FieldResultsPage, ordersWithResults } from './field-results-page';
import { phSeries } from './field-history';

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
});

const NEW = { orderId: ORDER_ID, orderNumber: 'ZF/2026/000007', updatedAt: '2026-11-20T10:00:00.000Z' };
const OLD = { orderId: OLD_ORDER_ID, orderNumber: 'ZF/2025/000003', updatedAt: '2025-10-01T10:00:00.000Z' };
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
const RESULT_OLD = result({
  ...OLD,
  testId: OLD_SAMPLE,
  ph: [5.0, 'ACIDIC'],
  p: [12, 'MEDIUM'],
  k: [12, 'MEDIUM'],
  mg: [4, 'MEDIUM'],
  need: null,
});
const OLD_ORDER = order({
  id: OLD_ORDER_ID,
  orderNumber: 'ZF/2025/000003',
  status: 'ORDER_COMPLETED',
  samples: [{ ...order().samples[0], id: OLD_SAMPLE, sectorId: SECTOR_A, sectorName: 'S1' }],
});

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    [`GET /api/crops/${CROP_ID}`]: CROP,
    'GET /api/results/fields/history': { items: [RESULT_OLD, RESULT_A, RESULT_B] },
    [`GET /api/orders/${ORDER_ID}`]: { order: order({ status: 'ORDER_COMPLETED' }), payment: {} },
    [`GET /api/orders/${OLD_ORDER_ID}`]: { order: OLD_ORDER, payment: {} },
    ...extra,
  });
}

const open = (query = '', lang: 'pl' | 'en' | 'uk' = 'en') =>
  renderPage('/fields/:cropId/results', `/fields/${CROP_ID}/results${query}`, <FieldResultsPage />, lang);

/** The colour each sector has on the map now. */
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

describe('/fields/{cropId}/results: the nutrient map', () => {
  it('colours the sectors of the latest order by pH class with the legend of the agronomy classes', async () => {
    const { calls } = api();
    open();
    expect(await screen.findByRole('heading', { name: 'Results of Pszenica 2026' })).toBeTruthy();
    await waitFor(async () =>
      expect(await mapColours()).toEqual({ [SECTOR_A]: PH_COLOURS[0], [SECTOR_B]: PH_COLOURS[3] }),
    );
    const legend = screen.getByRole('region', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['very acidic', 'acidic', 'slightly acidic', 'neutral', 'alkaline', 'no result']);
    expect(calls.find((c) => c.path === '/api/results/fields/history')!.url.searchParams.get('cropId')).toBe(
      CROP_ID,
    );
    const map = fake.ref!.instances.at(-1)!;
    expect(map.fitted).toHaveLength(1);
  });

  it('switches the map to the liming need and to the P, K and Mg classes', async () => {
    api();
    open();
    await mapColours();
    await userEvent.click(screen.getByRole('radio', { name: 'Liming need' }));
    await waitFor(async () =>
      expect(await mapColours()).toEqual({ [SECTOR_A]: LIMING_COLOURS[0], [SECTOR_B]: LIMING_COLOURS[4] }),
    );
    expect(within(screen.getByRole('region', { name: 'Legend' })).getByText('necessary')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Phosphorus (P₂O₅)' }));
    await waitFor(async () =>
      expect(await mapColours()).toEqual({
        [SECTOR_A]: NUTRIENT_COLOURS[1],
        [SECTOR_B]: NUTRIENT_COLOURS[4],
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Potassium (K₂O)' }));
    await waitFor(async () =>
      expect(await mapColours()).toEqual({
        [SECTOR_A]: NUTRIENT_COLOURS[3],
        [SECTOR_B]: NUTRIENT_COLOURS[1],
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Magnesium (Mg)' }));
    await waitFor(async () =>
      expect(await mapColours()).toEqual({
        [SECTOR_A]: NUTRIENT_COLOURS[2],
        [SECTOR_B]: NUTRIENT_COLOURS[0],
      }),
    );
    const list = screen.getByRole('region', { name: 'Sectors' });
    expect(within(list).getByRole('button', { name: /S2: very low/ })).toBeTruthy();
  });

  it('opens a sector recommendations with a click on the map, and closes them', async () => {
    api();
    open();
    await mapColours();
    const map = fake.ref!.instances.at(-1)!;
    map.hits = [{ properties: { key: SECTOR_A }, layer: { id: 'nutrient-fill' } }];
    map.click();
    const panel = await screen.findByRole('complementary', { name: 'Recommendations: S1' });
    expect(within(panel).getByText('Liming need: need NECESSARY')).toBeTruthy();
    expect(within(panel).getByText('Liming (Carbonate lime): 3,000 kg/ha')).toBeTruthy();
    expect(within(panel).getByText(/^Triple superphosphate: /)).toBeTruthy();
    expect(panel.textContent).not.toMatch(/\(P2O5\)/);
    expect(within(panel).getByText('Lime in autumn after the harvest.')).toBeTruthy();
    expect(within(panel).getByText(/4\.2 · very acidic/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Full results and PDF' }).getAttribute('href')).toBe(
      `/soil-tests/${SAMPLE_A}/results`,
    );
    await waitFor(() =>
      expect(map.layers.get('nutrient-selected')?.filter).toEqual(['==', ['get', 'key'], SECTOR_A]),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('opens them from the list of sectors too', async () => {
    api();
    open();
    await userEvent.click(await screen.findByRole('button', { name: /S2: neutral/ }));
    const panel = screen.getByRole('complementary', { name: 'Recommendations: S2' });
    expect(within(panel).getByText('Liming need: need NOT_NEEDED')).toBeTruthy();
  });

  it('shows an earlier order chosen in the address, its sector without a result in grey, and no advice when there is none', async () => {
    api();
    open(`?order=${OLD_ORDER_ID}`);
    await waitFor(async () =>
      expect(await mapColours()).toEqual({ [SECTOR_A]: PH_COLOURS[1], [SECTOR_B]: NO_DATA_COLOUR }),
    );
    expect((screen.getAllByRole('combobox')[0]! as HTMLSelectElement).value).toBe(OLD_ORDER_ID);
    await userEvent.click(screen.getByRole('button', { name: /S1: acidic/ }));
    expect(screen.getByText('No fertilizer recommendation for this sample.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /S2: no result/ }));
    expect(within(screen.getByRole('complementary')).getByText('no result')).toBeTruthy();
    await userEvent.selectOptions(screen.getAllByRole('combobox')[0]!, ORDER_ID);
    await waitFor(async () =>
      expect(await mapColours()).toEqual({ [SECTOR_A]: PH_COLOURS[0], [SECTOR_B]: PH_COLOURS[3] }),
    );
  });

  it('colours an undivided field as a whole', async () => {
    const whole = result({
      ...NEW,
      testId: SAMPLE_A,
      ph: [7.4, 'ALKALINE'],
      p: [8, 'LOW'],
      k: [20, 'HIGH'],
      mg: [5, 'MEDIUM'],
    });
    mockApi({
      [`GET /api/crops/${CROP_ID}`]: { ...UNDIVIDED, id: CROP_ID },
      'GET /api/results/fields/history': { items: [whole] },
      [`GET /api/orders/${ORDER_ID}`]: {
        order: order({ samples: [{ ...order().samples[0], sectorId: null, sectorName: null }] }),
        payment: {},
      },
    });
    open();
    await waitFor(async () => expect(await mapColours()).toEqual({ whole: PH_COLOURS[4] }));
    expect(screen.getByRole('button', { name: /Whole field: alkaline/ })).toBeTruthy();
  });

  it('lists the results of a field no longer on the map, without a map', async () => {
    api({ [`GET /api/crops/${CROP_ID}`]: errorBody(404, 'cropNotFound', 'Crop not found') });
    open();
    expect(
      await screen.findByText('This field is no longer on your map; its results are listed below.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: /S1: very acidic/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Map of sector classes' })).toBeNull();
  });

  it('says when the field has no results yet', async () => {
    api({ 'GET /api/results/fields/history': { items: [] } });
    open();
    expect(await screen.findByText(/This field has no results yet./)).toBeTruthy();
  });

  it('says when the results could not be loaded', async () => {
    api({ 'GET /api/results/fields/history': errorBody(503, 'serviceUnavailable', 'down') });
    open('', 'uk');
    expect((await screen.findByRole('alert')).textContent).toContain('Не вдалося завантажити результати.');
  });

  it('names the classes in Polish', async () => {
    api();
    open('', 'pl');
    const legend = await screen.findByRole('region', { name: 'Legenda' });
    expect(within(legend).getByText('bardzo kwaśny')).toBeTruthy();
  });
});

describe('/fields/{cropId}/results: the history', () => {
  it('tables every sample of every order, newest first, and charts the pH per order', async () => {
    api();
    open();
    const history = await screen.findByRole('region', { name: 'Result history of the field' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(4));
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-order'))).toEqual([
      'ZF/2026/000007',
      'ZF/2026/000007',
      'ZF/2025/000003',
    ]);
    expect(rows[2]!.textContent).toContain('S1');
    expect(rows[2]!.textContent).toContain('5');
    const chart = within(history).getByRole('img', { name: 'pH in successive tests' });
    expect(
      [...chart.querySelectorAll('g[data-order]')].map((g) => [
        g.getAttribute('data-order'),
        g.getAttribute('data-mean'),
      ]),
    ).toEqual([
      ['ZF/2025/000003', '5'],
      ['ZF/2026/000007', '5.3'],
    ]);
  });

  it('writes the values with a decimal comma in Polish and Ukrainian', async () => {
    const decimal = result({
      ...OLD,
      testId: OLD_SAMPLE,
      ph: [6.3, 'SLIGHTLY_ACIDIC'],
      p: [15.4, 'MEDIUM'],
      k: [14.8, 'MEDIUM'],
      mg: [5.7, 'MEDIUM'],
      need: null,
    });
    for (const [lang, name] of [
      ['pl', 'Historia wyników pola'],
      ['uk', null],
    ] as const) {
      api({ 'GET /api/results/fields/history': { items: [decimal] } });
      open('', lang);
      const history = name
        ? await screen.findByRole('region', { name })
        : (await screen.findAllByRole('region')).find((r) => r.classList.contains('farm-order__history'))!;
      await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(2));
      const row = within(history).getAllByRole('row')[1]!;
      const values = within(row)
        .getAllByRole('cell')
        .slice(3, 7)
        .map((c) => c.textContent!.trim());
      expect(values).toEqual(['6,3', '15,4', '14,8', '5,7']);
      cleanup();
    }
  });

  it('phSeries and ordersWithResults order the orders by time', () => {
    expect(phSeries([RESULT_A, RESULT_OLD, RESULT_B]).map((p) => p.orderNumber)).toEqual([
      'ZF/2025/000003',
      'ZF/2026/000007',
    ]);
    expect(ordersWithResults([RESULT_OLD, RESULT_A]).map((o) => o.orderId)).toEqual([ORDER_ID, OLD_ORDER_ID]);
  });
});
