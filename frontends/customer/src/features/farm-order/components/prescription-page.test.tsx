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
  order,
  result,
} from '../../../testing/farm-fixtures';
import { renderPage } from '../../../testing/render-page';
import { RATE_COLOURS } from '../rules/prescription';
import { PrescriptionPage } from './prescription-page';

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
const acid = result({
  ...NEW,
  testId: SAMPLE_A,
  ph: [4.2, 'VERY_ACIDIC'],
  p: [8, 'LOW'],
  k: [9, 'LOW'],
  mg: [2, 'LOW'],
});
const rich = {
  ...result({
    ...NEW,
    testId: SAMPLE_B,
    ph: [6.6, 'NEUTRAL'],
    p: [30, 'HIGH'],
    k: [20, 'HIGH'],
    mg: [8, 'HIGH'],
  }),
};
// The second sector needs less lime and potassium than the first.
(rich.recommendation as unknown as { liming: { caoTonnesPerHa: number } }).liming.caoTonnesPerHa = 0.5;
(
  rich.recommendation as unknown as { fertilizer: { k2o: { dose: { kgPerHa: number } } } }
).fertilizer.k2o.dose.kgPerHa = 30;

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    [`GET /api/crops/${CROP_ID}`]: CROP,
    'GET /api/results/fields/history': { items: [acid, rich] },
    [`GET /api/orders/${ORDER_ID}`]: { order: order({ status: 'ORDER_COMPLETED' }), payment: {} },
    ...extra,
  });
}
const open = (lang: 'pl' | 'en' | 'uk' = 'en') =>
  renderPage('/fields/:cropId/prescription', `/fields/${CROP_ID}/prescription`, <PrescriptionPage />, lang);

async function mapColours(): Promise<Record<string, string>> {
  let out: Record<string, string> = {};
  await waitFor(() => {
    const data = fake.ref!.instances.at(-1)!.data.get('nutrient-sectors') as
      GeoJSON.FeatureCollection | undefined;
    expect(data?.features.length).toBeGreaterThan(0);
    out = Object.fromEntries(
      data!.features.map((f) => [f.properties!.key as string, f.properties!.colour as string]),
    );
  });
  return out;
}

describe('/fields/{cropId}/prescription: the variable-rate map', () => {
  it('colours the sectors by rate with a text legend, the table and the total; switching products changes them', async () => {
    api();
    open();
    await screen.findByRole('heading', { name: 'Rate map: Pszenica 2026' });
    // Carbonate lime (40 %): 1.5 t CaO -> 3800 kg/ha; 0.5 t CaO -> 1300 kg/ha; 4 ha each.
    await waitFor(async () =>
      expect(await mapColours()).toEqual({ [SECTOR_A]: RATE_COLOURS[6], [SECTOR_B]: RATE_COLOURS[0] }),
    );
    const legend = screen.getByRole('region', { name: 'Legend: rate of product' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1,300 kg/ha', '3,800 kg/ha']);
    const total = screen.getByRole('region', { name: 'Total to buy' });
    expect(total.textContent).toContain('Carbonate lime: 40% CaO: 20.40 t for 8.00 ha');

    await userEvent.click(screen.getByRole('radio', { name: 'Potassium fertilizer (K₂O)' }));
    // Potassium salt 60 %: 60 kg K2O -> 100 kg/ha, 30 -> 50 kg/ha.
    await waitFor(() =>
      expect(
        within(legend)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['50 kg/ha', '100 kg/ha']),
    );
    expect(total.textContent).toContain('600 kg for 8.00 ha');
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'POTASSIUM_SULFATE');
    // 50 %: 120 and 60 kg/ha.
    await waitFor(() => expect(total.textContent).toContain('720 kg for 8.00 ha'));
    const rows = within(screen.getByRole('region', { name: 'Rates per sector' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.getAttribute('data-rate'))).toEqual(['120', '60']);
  });

  it('asks geo for a file with the rates and says what was downloaded, or why not', async () => {
    const { calls } = api({
      [`POST /api/crops/${CROP_ID}/prescription/geojson`]: () =>
        new Response('{}', {
          status: 200,
          headers: {
            'content-type': 'application/geo+json',
            'content-disposition': 'attachment; filename="gleba-pole-carbonate.geojson"',
          },
        }),
      [`POST /api/crops/${CROP_ID}/prescription/isoxml`]: errorBody(400, 'prescriptionZonesInvalid'),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    open();
    await mapColours();
    await userEvent.click(screen.getByRole('button', { name: 'GeoJSON' }));
    expect(await screen.findByText('Downloaded gleba-pole-carbonate.geojson.')).toBeTruthy();
    const sent = calls.find((c) => c.path.endsWith('/prescription/geojson'))!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({
      kind: 'LIME',
      productId: 'CARBONATE',
      zones: [
        { sectorId: SECTOR_A, rateKgPerHa: 3800 },
        { sectorId: SECTOR_B, rateKgPerHa: 1300 },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'ISOXML (TaskData, ISO 11783-10)' }));
    expect(
      await screen.findByText(
        /Could not prepare the file\. Each sector of the rate map must belong to this crop/,
      ),
    ).toBeTruthy();
  });

  it('says when the field has no results yet', async () => {
    api({ 'GET /api/results/fields/history': { items: [] } });
    open('pl');
    expect(
      await screen.findByText('To pole nie ma jeszcze wyników, z których można wyliczyć dawki.'),
    ).toBeTruthy();
  });
});
