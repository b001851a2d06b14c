import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const TEST_ID = '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f';
const garden = { kgPer100m2: 1.5, gPerM2: 15, kgPerHa: 150, totalKg: 3 };

/** A sample answer of `GET /api/results/tests/{id}` (lab-import's sampleResultsView, English). */
const PAYLOAD = {
  testId: TEST_ID,
  code: 'ABCDEF123456',
  orderId: TEST_ID,
  orderNumber: 'G-0001',
  kind: 'GARDEN',
  fieldName: 'Back garden',
  plantId: 'TOMATO',
  plantName: 'Tomato',
  cropId: null,
  area: { value: 2, unit: 'a' },
  cancelled: false,
  status: 'READY_TO_DOWNLOAD',
  statusLabel: 'Ready to download',
  expectedTests: ['BASIC_TEST'],
  results: [
    {
      testType: 'BASIC_TEST',
      testTypeLabel: 'Basic test',
      agronomicCategory: { value: 'MEDIUM', label: 'medium soil' },
      elements: [
        {
          key: 'PH_KCL',
          name: 'pH in KCl',
          symbol: 'pH KCl',
          unit: '-',
          value: 5.1,
          valueDescripted: null,
          class: 'ACIDIC',
          classLabel: 'acidic',
        },
        {
          key: 'P2O5',
          name: 'Phosphorus',
          symbol: 'P2O5',
          unit: 'mg/100 g',
          value: 8.2,
          valueDescripted: null,
          class: 'LOW',
          classLabel: 'low',
        },
        {
          key: 'K2O',
          name: 'Potassium',
          symbol: 'K2O',
          unit: 'mg/100 g',
          value: 25,
          valueDescripted: null,
          class: 'HIGH',
          classLabel: 'high',
        },
        {
          key: 'MG',
          name: 'Magnesium',
          symbol: 'Mg',
          unit: 'mg/100 g',
          value: 3,
          valueDescripted: null,
          class: 'VERY_LOW',
          classLabel: 'very low',
        },
      ],
      recommendation: {
        cropId: 'TOMATO',
        area: { value: 2, unit: 'a', hectares: 0.02 },
        classes: { ph: 'ACIDIC', p2o5: 'LOW', k2o: 'HIGH', mg: 'VERY_LOW' },
        liming: {
          need: 'NEEDED',
          noTable: false,
          products: [
            {
              product: 'CALCIUM_CARBONATE',
              caoEquivalentPercent: 50,
              now: { tonnesPerHa: 3, totalTonnes: 0.06, kgPer100m2: 30, gPerM2: 300 },
              later: { tonnesPerHa: 0, totalTonnes: 0, kgPer100m2: 0, gPerM2: 0 },
            },
          ],
        },
        fertilizer: {
          p2o5: {
            nutrient: 'P2O5',
            soilClass: 'LOW',
            factor: 1.2,
            dose: garden,
            products: [{ product: 'SUPERPHOSPHATE', percent: 40, amount: garden }],
          },
          k2o: { nutrient: 'K2O', soilClass: 'HIGH', factor: 0.8, dose: garden, products: [] },
          mgo: {
            nutrient: 'MgO',
            soilClass: 'VERY_LOW',
            factor: 1.5,
            dose: garden,
            products: [
              {
                product: 'KIESERITE',
                percent: 25,
                amount: { kgPer100m2: 0.4, gPerM2: 4, kgPerHa: 40, totalKg: 0.8 },
              },
            ],
          },
        },
        notesText: ['Lime in autumn.'],
        labels: {
          crop: 'Tomato',
          limingNeed: 'needed',
          classes: { ph: 'acidic', p2o5: 'low', k2o: 'high', mg: 'very low' },
          limeProducts: { CALCIUM_CARBONATE: 'Calcium carbonate lime' },
          fertilizerProducts: { SUPERPHOSPHATE: 'Superphosphate', KIESERITE: 'Kieserite' },
        },
      },
      recommendationError: null,
    },
  ],
};

const base = { 'GET /api/users/me': USER, 'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 } };

describe('results page', () => {
  it('renders every element with its class, the chart, legends and the garden doses', async () => {
    mockApi({ ...base, [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD });
    renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Basic test' }, { timeout: 5000 });
    const row = (key: string) => table.querySelector(`tr[data-element="${key}"]`) as HTMLElement;
    expect(within(row('PH_KCL')).getByText('acidic')).toBeTruthy();
    expect(within(row('P2O5')).getByText('low')).toBeTruthy();
    expect(within(row('K2O')).getByText('high')).toBeTruthy();
    expect(within(row('MG')).getByText('very low')).toBeTruthy();
    expect(within(row('CATEGORY')).getByText('medium soil')).toBeTruthy();

    const chart = screen.getByRole('img', { name: 'Results against their classes' });
    expect(
      [...chart.querySelectorAll('g[data-element]')].map(
        (g) => `${g.getAttribute('data-element')}:${g.getAttribute('data-class')}`,
      ),
    ).toEqual(['PH_KCL:ACIDIC', 'P2O5:LOW', 'K2O:HIGH', 'MG:VERY_LOW']);
    expect(screen.getByText('Soil reaction (pH)')).toBeTruthy();
    expect(screen.getByText('Nutrient content')).toBeTruthy();
    expect(screen.getByText('Agronomic soil category')).toBeTruthy();
    expect(document.querySelector('[aria-current="true"]')?.textContent).toBe('acidic');

    expect(screen.getByText('Need for liming: needed')).toBeTruthy();
    expect(screen.getByText('30 kg/100 m² (300 g/m²)')).toBeTruthy();
    expect(screen.getByText('60 kg')).toBeTruthy();
    expect(screen.getByText('Superphosphate')).toBeTruthy();
    expect(screen.getAllByText('1.5 kg/100 m² (15 g/m²)').length).toBeGreaterThan(0);
    expect(screen.getByText('Lime in autumn.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my tests' }).getAttribute('href')).toBe('/soil-tests');
    // the results page hides the menu (spec section 2)
    expect(screen.queryByRole('link', { name: 'My account' })).toBeNull();
  });

  it('shows the lime "later" column only when some product has a later dose', async () => {
    mockApi({ ...base, [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD });
    const first = renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true });
    const liming = await screen.findByRole('region', { name: 'Liming' }, { timeout: 5000 });
    expect(within(liming).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(liming).queryByText('0 kg/100 m² (0 g/m²)')).toBeNull();
    // On a phone the dose tables are cards, each value under its column's name (no column cut off).
    for (const name of ['Liming', 'Fertilizing']) {
      const table = within(screen.getByRole('region', { name })).getByRole('table');
      expect(table.classList.contains('gl-table--stack')).toBe(true);
      expect([...table.querySelectorAll('td')].every((td) => td.getAttribute('data-label'))).toBe(true);
    }
    first.unmount();

    const rec = PAYLOAD.results[0]!.recommendation;
    const product = rec.liming.products[0]!;
    mockApi({
      ...base,
      [`GET /api/results/tests/${TEST_ID}`]: {
        ...PAYLOAD,
        results: [
          {
            ...PAYLOAD.results[0]!,
            recommendation: {
              ...rec,
              liming: {
                ...rec.liming,
                products: [
                  { ...product, later: { tonnesPerHa: 1, totalTonnes: 0.02, kgPer100m2: 10, gPerM2: 100 } },
                ],
              },
            },
          },
        ],
      },
    });
    renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true });
    const withLater = await screen.findByRole('region', { name: 'Liming' }, { timeout: 5000 });
    expect(within(withLater).getAllByRole('columnheader')).toHaveLength(4);
    expect(within(withLater).getByText('10 kg/100 m² (100 g/m²)')).toBeTruthy();
  });

  it('every table sits in a named region a keyboard reaches, which scrolls it on a phone', async () => {
    mockApi({ ...base, [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD });
    renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true });
    await screen.findByRole('table', { name: 'Basic test' }, { timeout: 5000 });
    const tables = screen.getAllByRole('table');
    expect(tables.length).toBeGreaterThanOrEqual(3);
    for (const table of tables) {
      const region = table.closest('[role="region"]') as HTMLElement | null;
      expect(region?.tabIndex).toBe(0);
      expect(region?.classList.contains('gl-table-scroll')).toBe(true);
    }
    for (const name of ['Basic test', 'Liming', 'Fertilizing'])
      expect(screen.getByRole('region', { name }).querySelector('table')).toBeTruthy();
  });

  it("lists a farm order's samples when the id is the order's (the My tests and notification links)", async () => {
    const ORDER_ID = '7e2f1a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
    const sample = (n: number) => ({
      ...PAYLOAD,
      testId: `${TEST_ID.slice(0, -1)}${n}`,
      code: `S00000000000${n}`,
      orderId: ORDER_ID,
      orderNumber: 'ZF/2026/000007',
      kind: 'FARM',
      fieldName: `Field ${n}`,
    });
    mockApi({
      ...base,
      [`GET /api/results/tests/${ORDER_ID}`]: errorBody(404, 'resultsNotFound'),
      [`GET /api/results/orders/${ORDER_ID}`]: {
        orderId: ORDER_ID,
        orderNumber: 'ZF/2026/000007',
        status: 'READY_TO_DOWNLOAD',
        samples: [sample(1), sample(2)],
      },
    });
    renderApp(`/soil-tests/${ORDER_ID}/results`, { signedIn: true });
    expect(
      await screen.findByRole('heading', { name: 'Results: ZF/2026/000007' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Results' }).map((a) => a.getAttribute('href'))).toEqual([
      `/soil-tests/${sample(1).testId}/results`,
      `/soil-tests/${sample(2).testId}/results`,
    ]);
    expect(screen.getByText('S000000000002')).toBeTruthy();
  });

  it('opens a farm order linked as one (?order) without asking for it as a test first', async () => {
    const ORDER_ID = '7e2f1a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
    const { calls } = mockApi({
      ...base,
      [`GET /api/results/orders/${ORDER_ID}`]: {
        orderId: ORDER_ID,
        orderNumber: 'ZF/2026/000007',
        status: 'READY_TO_DOWNLOAD',
        samples: [PAYLOAD],
      },
      [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD,
    });
    renderApp(`/soil-tests/${ORDER_ID}/results?order`, { signedIn: true });
    expect(await screen.findByRole('table', { name: 'Basic test' }, { timeout: 5000 })).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain(`/api/results/tests/${ORDER_ID}`);
  });

  it('says the order was not found when a link as an order names none', async () => {
    const ORDER_ID = '7e2f1a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
    mockApi({ ...base, [`GET /api/results/orders/${ORDER_ID}`]: errorBody(404, 'resultsNotFound') });
    renderApp(`/soil-tests/${ORDER_ID}/results?order`, { signedIn: true });
    expect(
      await screen.findByText('No results were found for this test.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('opens the only sample of a farm order at once', async () => {
    const ORDER_ID = '7e2f1a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
    mockApi({
      ...base,
      [`GET /api/results/tests/${ORDER_ID}`]: errorBody(404, 'resultsNotFound'),
      [`GET /api/results/orders/${ORDER_ID}`]: {
        orderId: ORDER_ID,
        orderNumber: 'ZF/2026/000007',
        status: 'READY_TO_DOWNLOAD',
        samples: [PAYLOAD],
      },
      [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD,
    });
    renderApp(`/soil-tests/${ORDER_ID}/results`, { signedIn: true });
    expect(await screen.findByRole('table', { name: 'Basic test' }, { timeout: 5000 })).toBeTruthy();
  });

  it("names a farm sample's field and sector (not a garden) and says what ready results mean", async () => {
    mockApi({
      ...base,
      [`GET /api/results/tests/${TEST_ID}`]: {
        ...PAYLOAD,
        kind: 'FARM',
        cropId: null,
        fieldName: 'Pole przy lesie / 1',
        statusLabel: 'Wyniki gotowe, raport do pobrania',
      },
    });
    renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true, lang: 'pl' });
    const details = await screen.findByRole('region', { name: 'Dane próbki' }, { timeout: 5000 });
    expect(within(details).getByText('Pole / sektor')).toBeTruthy();
    expect(within(details).queryByText('Nazwa ogrodu lub miejsca')).toBeNull();
    expect(within(details).getByText('Pole przy lesie / 1')).toBeTruthy();
  });

  it('says so when there are no results for the test', async () => {
    mockApi({ ...base, [`GET /api/results/tests/${TEST_ID}`]: errorBody(404, 'resultsNotFound') });
    renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true });
    expect(
      await screen.findByText('No results were found for this test.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  describe('complaints', () => {
    const window = (open: boolean, closedReason: string | null = null) => ({
      open,
      resultsAt: '2026-11-01T09:00:00.000Z',
      until: '2026-11-15T09:00:00.000Z',
      closedReason,
    });
    const complaintsPath = `GET /api/soil-tests/${TEST_ID}/complaints`;

    it('files a complaint within 14 days: reason, text, checked before sending', async () => {
      let items: unknown[] = [];
      const { calls } = mockApi({
        ...base,
        [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD,
        [complaintsPath]: () => ({ window: window(true), items }),
        [`POST /api/soil-tests/${TEST_ID}/complaints`]: ({
          body,
        }: {
          body: { reason: string; text: string };
        }) => {
          items = [
            {
              id: '7a1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f',
              testId: TEST_ID,
              orderNumber: 'G-0001',
              barcode: 'ABCDEF123456',
              userId: USER.id,
              reason: body.reason,
              text: body.text,
              hasPhoto: false,
              status: 'OPEN',
              answer: null,
              retest: false,
              createdAt: '2026-11-05T09:00:00.000Z',
              answeredAt: null,
            },
          ];
          return items[0];
        },
      });
      renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true, lang: 'pl' });
      expect(await screen.findByText(/Reklamację wyników możesz złożyć do 15 listopada 2026/)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Złóż reklamację' }));
      await userEvent.click(screen.getByRole('button', { name: 'Wyślij reklamację' }));
      expect(await screen.findByText('Wybierz powód reklamacji.')).toBeTruthy();
      expect(screen.getByText('Opisz, czego dotyczy reklamacja.')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      await userEvent.selectOptions(screen.getByLabelText('Powód'), 'WRONG_SAMPLE');
      await userEvent.type(screen.getByLabelText('Opis'), 'To nie moja próbka.');
      await userEvent.click(screen.getByRole('button', { name: 'Wyślij reklamację' }));
      await waitFor(() => expect(screen.getAllByTestId('complaint')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        reason: 'WRONG_SAMPLE',
        text: 'To nie moja próbka.',
      });
      const item = screen.getByTestId('complaint');
      expect(within(item).getByText('Wyniki dotyczą innej próbki')).toBeTruthy();
      expect(within(item).getByText(/czeka na odpowiedź/)).toBeTruthy();
    });

    it("files a complaint about one sample of a farm order on that sample's results page", async () => {
      const { calls } = mockApi({
        ...base,
        [`GET /api/results/tests/${TEST_ID}`]: {
          ...PAYLOAD,
          kind: 'FARM',
          orderNumber: 'ZF/2026/000007',
          code: 'SK7M2P9QX4R8TW',
          fieldName: 'Pole za stodołą',
        },
        [complaintsPath]: { window: window(true), items: [] },
        [`POST /api/soil-tests/${TEST_ID}/complaints`]: ({ body }: { body: { reason: string } }) => ({
          id: '7a1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f',
          kind: 'FARM',
          testId: TEST_ID,
          orderId: '7e2f1a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
          orderNumber: 'ZF/2026/000007',
          barcode: 'SK7M2P9QX4R8TW',
          fieldName: 'Pole za stodołą',
          sectorName: 'S1',
          sampleNumber: 1,
          userId: USER.id,
          reason: body.reason,
          text: 'pH 4,2 po wapnowaniu?',
          hasPhoto: false,
          status: 'OPEN',
          answer: null,
          retest: false,
          createdAt: '2026-11-05T09:00:00.000Z',
          answeredAt: null,
        }),
      });
      renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true, lang: 'uk' });
      await userEvent.click(await screen.findByRole('button', { name: 'Подати скаргу' }, { timeout: 5000 }));
      await userEvent.selectOptions(screen.getByLabelText('Причина'), 'RESULTS_IMPLAUSIBLE');
      await userEvent.type(screen.getByLabelText('Опис'), 'pH 4,2 po wapnowaniu?');
      await userEvent.click(screen.getByRole('button', { name: 'Надіслати скаргу' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')?.path).toBe(`/api/soil-tests/${TEST_ID}/complaints`);
    });

    it('after 14 days the button is gone and the page says why, in each language', async () => {
      for (const [lang, text] of [
        ['pl', 'Reklamację można było złożyć do 15 listopada 2026 (14 dni od wyników).'],
        ['en', 'Complaints could be filed until 15 November 2026 (14 days after the results).'],
        ['uk', /Скаргу можна було подати до 15 листопада 2026/],
      ] as const) {
        mockApi({
          ...base,
          [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD,
          [complaintsPath]: { window: window(false, 'EXPIRED'), items: [] },
        });
        const view = renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true, lang });
        expect((await screen.findByTestId('complaint-closed')).textContent).toMatch(text);
        expect(screen.queryByRole('button', { name: /reklamację|complaint|скаргу/i })).toBeNull();
        view.unmount();
      }
    });

    it('while a complaint is pending there is no button and the page says why; the photo is noted', async () => {
      const filed = {
        id: '3c1f0a2b-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
        kind: 'GARDEN',
        testId: TEST_ID,
        orderId: TEST_ID,
        orderNumber: 'G-0001',
        barcode: 'G-0001',
        fieldName: 'Ogród',
        sectorName: null,
        sampleNumber: null,
        userId: USER.id,
        reason: 'WRONG_SAMPLE',
        text: 'To nie moja próbka.',
        hasPhoto: true,
        status: 'RETESTING',
        answer: 'Powtórzymy badanie.',
        retest: true,
        createdAt: '2026-11-02T09:00:00.000Z',
        answeredAt: '2026-11-03T09:00:00.000Z',
      };
      for (const [lang, pending, photo] of [
        ['pl', /jest jeszcze rozpatrywana/, 'Dołączono zdjęcie próbki.'],
        ['en', /still being handled/, 'A photo of the sample is attached.'],
        ['uk', /ще розглядається/, 'До скарги додано фото зразка.'],
      ] as const) {
        mockApi({
          ...base,
          [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD,
          [complaintsPath]: { window: window(false, 'PENDING'), items: [filed] },
        });
        const view = renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true, lang });
        expect(
          (await screen.findByTestId('complaint-closed', undefined, { timeout: 5000 })).textContent,
        ).toMatch(pending);
        expect(screen.getByText(photo)).toBeTruthy();
        expect(screen.queryByRole('button', { name: /reklamację|complaint|скаргу/i })).toBeNull();
        view.unmount();
      }
    });

    it('shows the server refusal in the form, in the reader language', async () => {
      mockApi({
        ...base,
        [`GET /api/results/tests/${TEST_ID}`]: PAYLOAD,
        [complaintsPath]: { window: window(true), items: [] },
        [`POST /api/soil-tests/${TEST_ID}/complaints`]: errorBody(409, 'complaintWindowClosed'),
      });
      renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true, lang: 'en' });
      await userEvent.click(await screen.findByRole('button', { name: 'File a complaint' }));
      await userEvent.selectOptions(screen.getByLabelText('Reason'), 'OTHER');
      await userEvent.type(screen.getByLabelText('Description'), 'Late.');
      await userEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
      expect(
        await screen.findByText('14 days have passed since the results: a complaint can no longer be filed.'),
      ).toBeTruthy();
    });
  });

  it('names each fertilizer once, with no nutrient code after it, and writes no raw MGO', async () => {
    const rec = PAYLOAD.results[0]!.recommendation;
    const labelled = {
      ...PAYLOAD,
      results: [
        {
          ...PAYLOAD.results[0]!,
          recommendation: {
            ...rec,
            labels: {
              ...rec.labels,
              fertilizerProducts: {
                SUPERPHOSPHATE: 'Superphosphate (19% P₂O₅)',
                KIESERITE: 'Kieserite (25% MgO)',
              },
            },
          },
        },
      ],
    };
    mockApi({ ...base, [`GET /api/results/tests/${TEST_ID}`]: labelled });
    renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true });
    const region = await screen.findByRole('region', { name: 'Recommendations' }, { timeout: 5000 });
    expect(within(region).getByText('Superphosphate (19% P₂O₅)')).toBeTruthy();
    expect(within(region).getByText('Kieserite (25% MgO)')).toBeTruthy();
    expect(region.textContent).not.toMatch(/\(P2O5\)|\(MgO\)\s*\(|MGO/);
  });

  it('a need with no lime in the dose table says no liming now, with no table of zeros', async () => {
    const rec = PAYLOAD.results[0]!.recommendation;
    const zero = { tonnesPerHa: 0, totalTonnes: 0, kgPer100m2: 0, gPerM2: 0 };
    const limited = {
      ...PAYLOAD,
      results: [
        {
          ...PAYLOAD.results[0]!,
          recommendation: {
            ...rec,
            liming: {
              need: 'LIMITED',
              noTable: false,
              products: [{ product: 'CALCIUM_CARBONATE', caoEquivalentPercent: 50, now: zero, later: zero }],
            },
            notesText: ['Liming is not needed.'],
            labels: { ...rec.labels, limingNeed: 'limited' },
          },
        },
      ],
    };
    mockApi({ ...base, [`GET /api/results/tests/${TEST_ID}`]: limited });
    renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true });
    const region = await screen.findByRole('region', { name: 'Recommendations' }, { timeout: 5000 });
    expect(within(region).getByText('Need for liming: limited')).toBeTruthy();
    expect(
      within(region).getByText('The dose table gives no lime at this pH: liming is not needed now.'),
    ).toBeTruthy();
    expect(within(region).queryByText('Calcium carbonate lime')).toBeNull();
    expect(within(region).queryByText('0 kg/100 m² (0 g/m²)')).toBeNull();
  });

  it('writes values and areas with a decimal comma in Polish and Ukrainian', async () => {
    for (const lang of ['pl', 'uk'] as const) {
      mockApi({
        ...base,
        [`GET /api/results/tests/${TEST_ID}`]: { ...PAYLOAD, area: { value: 2.5, unit: 'a' } },
      });
      const view = renderApp(`/soil-tests/${TEST_ID}/results`, { signedIn: true, lang });
      const table = await screen.findByRole('table', { name: 'Basic test' }, { timeout: 5000 });
      const row = (key: string) => table.querySelector(`tr[data-element="${key}"]`) as HTMLElement;
      expect(row('PH_KCL').textContent).toContain('5,1');
      expect(row('P2O5').textContent).toContain('8,2');
      expect(document.body.textContent).toContain('2,5 a');
      expect(document.body.textContent!.match(/\b\d+\.\d+\b/g) ?? []).toEqual([]);
      view.unmount();
    }
  });
});
