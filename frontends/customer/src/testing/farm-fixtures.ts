import type { TFieldResultView } from '@gleba/contracts';
import { fakeMapLibre } from './render-feature';

/**
 * The field map's fake maplibre-gl, which also keeps the page's `click` handlers and answers
 * `queryRenderedFeatures` with what a test puts in `hits`: a click on a sector can be simulated.
 */
export function fakeClickableMapLibre() {
  const base = fakeMapLibre();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Base = base.module.default.Map as any;
  const instances: ClickableMap[] = [];
  type Click = (e: { point: { x: number; y: number } }) => void;
  class ClickableMap extends (Base as new (options: unknown) => {
    on(event: string, cb: () => void): void;
    data: Map<string, unknown>;
    layers: Map<string, { layout: Record<string, unknown>; filter?: unknown }>;
    fitted: unknown[];
  }) {
    clicks: Click[] = [];
    hits: { properties: Record<string, unknown>; layer: { id: string } }[] = [];
    constructor(options: unknown) {
      super(options);
      instances.push(this);
    }
    override on(event: string, cb: () => void) {
      if (event === 'click') this.clicks.push(cb as unknown as Click);
      super.on(event, cb);
    }
    queryRenderedFeatures() {
      return this.hits;
    }
    /** Clicks the map where `hits` are. */
    click() {
      for (const cb of this.clicks) cb({ point: { x: 10, y: 10 } });
    }
  }
  return { module: { default: { ...base.module.default, Map: ClickableMap } }, instances };
}

const ring = (x: number, y: number, d = 0.001) => [
  [
    [x, y],
    [x + d, y],
    [x + d, y + d],
    [x, y + d],
    [x, y],
  ],
];

export const CROP_ID = '22222222-2222-4222-8222-222222222222';
export const SECTOR_A = '33333333-3333-4333-8333-333333333331';
export const SECTOR_B = '33333333-3333-4333-8333-333333333332';
export const ORDER_ID = '44444444-4444-4444-8444-444444444441';
export const OLD_ORDER_ID = '44444444-4444-4444-8444-444444444440';
export const SAMPLE_A = '55555555-5555-4555-8555-555555555551';
export const SAMPLE_B = '55555555-5555-4555-8555-555555555552';
export const OLD_SAMPLE = '55555555-5555-4555-8555-555555555550';

export const CROP = {
  id: CROP_ID,
  name: 'Pszenica 2026',
  plantId: 'winter-wheat',
  plantName: 'Winter wheat',
  plantGroup: 'FIELD',
  plantType: 'CEREAL',
  cultivationFrom: '2026-03-01',
  cultivationTo: '2026-08-31',
  estimatedYieldTPerHa: null,
  plotIds: ['11111111-1111-4111-8111-111111111111'],
  areaHa: 8,
  geometry: { type: 'Polygon', coordinates: ring(21, 52, 0.002) },
  divided: true,
  hasTest: false,
  sectors: [
    {
      id: SECTOR_A,
      name: 'S1',
      areaHa: 4,
      geometry: { type: 'Polygon', coordinates: ring(21, 52) },
      locked: false,
    },
    {
      id: SECTOR_B,
      name: 'S2',
      areaHa: 4,
      geometry: { type: 'Polygon', coordinates: ring(21.001, 52) },
      locked: true,
    },
  ],
  canUndo: false,
  canRedo: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const UNDIVIDED = {
  ...CROP,
  id: '22222222-2222-4222-8222-222222222223',
  name: 'Rzepak',
  plantName: 'Rapeseed',
  areaHa: 2.5,
  divided: false,
  sectors: [],
};

export const PRICES = {
  version: 1,
  currency: 'PLN',
  farm: {
    basicTestPerSample: { STANDARD: 3000, EXPRESS: 4500 },
    additionalTestPerSample: {
      EGNER: 1500,
      ORCHARD: 2500,
      MICRO: 4000,
      NITROGEN: 3500,
      UNIVERSAL_METHOD: 2000,
      HUMUS: 2000,
      SULFUR: 2500,
      ABSORBABLE_CALCIUM: 2000,
    },
    equipment: { SAMPLER: 6000, SAMPLE_BAGS: 0, STRING_BAGS: 0 },
    volumeDiscounts: [{ minSamples: 10, percent: 5 }],
  },
  garden: { kit: 3000, additionalTest: {} },
};

export const ADDRESS = {
  voivodeship: 'MASOVIAN',
  cityName: 'Mińsk Mazowiecki',
  postCode: '05-300',
  streetName: 'Polna',
  buildingNumber: '7',
  apartmentNumber: null,
};

export const PROFILE = {
  serviceRole: 'PERSONAL',
  personalData: {
    firstName: 'Anna',
    lastName: 'Nowak',
    genderType: 'WOMAN',
    phoneNumber: '+48600100200',
    taxNumber: null,
    address: ADDRESS,
  },
  businessData: null,
  correspondenceAddress: null,
  isDataComplete: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export function order(over: Record<string, unknown> = {}) {
  return {
    id: ORDER_ID,
    orderNumber: 'ZF/2026/000007',
    userId: '0b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a01',
    kind: 'FARM',
    type: 'STANDARD',
    status: 'PENDING_PAYMENT',
    orderDate: '2026-11-22T08:00:00.000Z',
    paymentMethod: 'ONLINE_BANK_TRANSFER',
    paymentStatus: 'PENDING',
    paymentDueDate: null,
    paidAt: null,
    numberOfSamples: 2,
    totalAreaHa: 8,
    basicTests: ['BASIC_TEST'],
    additionalTests: [],
    equipment: [],
    sampler: false,
    samplerStatus: 'NO_ORDER',
    basicTestsPrice: 6000,
    additionalTestsPrice: 0,
    equipmentPrice: 0,
    basicTestsDiscount: 0,
    totalPrice: 6000,
    deliveryAddress: { ...ADDRESS, recipient: 'Anna Nowak' },
    samplesSentDate: null,
    samples: [
      {
        id: SAMPLE_A,
        sampleNumber: 1,
        code: 'SAAAAAAAAAAAA1',
        cropId: CROP_ID,
        sectorId: SECTOR_A,
        fieldName: 'Pszenica 2026',
        sectorName: 'S1',
        plantId: 'winter-wheat',
        plotNumbers: [],
        areaHa: 4,
        punctures: 16,
      },
      {
        id: SAMPLE_B,
        sampleNumber: 2,
        code: 'SAAAAAAAAAAAA2',
        cropId: CROP_ID,
        sectorId: SECTOR_B,
        fieldName: 'Pszenica 2026',
        sectorName: 'S2',
        plantId: 'winter-wheat',
        plotNumbers: [],
        areaHa: 4,
        punctures: 16,
      },
    ],
    statusHistory: [],
    ...over,
  };
}

const el = (key: string, symbol: string, value: number, cls: string) => ({
  key,
  name: key,
  symbol,
  unit: key === 'PH_KCL' ? '-' : 'mg/100 g',
  value,
  valueDescripted: null,
  class: cls,
  classLabel: cls,
});

export function result(over: {
  testId: string;
  orderId: string;
  orderNumber: string;
  updatedAt: string;
  ph: [number, string];
  p: [number, string];
  k: [number, string];
  mg: [number, string];
  need?: string | null;
}): TFieldResultView {
  const view = {
    testId: over.testId,
    code: `S${over.testId.slice(-13).toUpperCase()}`,
    orderId: over.orderId,
    orderNumber: over.orderNumber,
    fieldName: 'Pszenica 2026',
    cropId: CROP_ID,
    plantId: 'winter-wheat',
    testType: 'BASIC_TEST',
    testTypeLabel: 'Basic test',
    version: 1,
    importedAt: over.updatedAt,
    updatedAt: over.updatedAt,
    agronomicCategory: { value: 'MEDIUM', label: 'medium' },
    elements: [
      el('PH_KCL', 'pH KCl', ...over.ph),
      el('P2O5', 'P2O5', ...over.p),
      el('K2O', 'K2O', ...over.k),
      el('MG', 'Mg', ...over.mg),
    ],
    recommendation:
      over.need === null
        ? null
        : {
            cropId: 'winter-wheat',
            area: { value: 4, unit: 'ha', hectares: 4 },
            classes: { ph: over.ph[1], p2o5: over.p[1], k2o: over.k[1], mg: over.mg[1] },
            liming: {
              need: over.need ?? 'NEEDED',
              noTable: false,
              caoTonnesPerHa: 1.5,
              products: [
                {
                  product: 'CARBONATE',
                  caoEquivalentPercent: 50,
                  now: { tonnesPerHa: 3, totalTonnes: 12 },
                  later: { tonnesPerHa: 0 },
                },
              ],
            },
            fertilizer: {
              p2o5: {
                nutrient: 'P2O5',
                soilClass: over.p[1],
                dose: { kgPerHa: 90 },
                products: [
                  { product: 'SUPERPHOSPHATE_TRIPLE', percent: 46, amount: { kgPerHa: 196, totalKg: 784 } },
                ],
              },
              k2o: { nutrient: 'K2O', soilClass: over.k[1], dose: { kgPerHa: 60 }, products: [] },
              mgo: { nutrient: 'MgO', soilClass: over.mg[1], dose: { kgPerHa: 0 }, products: [] },
            },
            notesText: ['Lime in autumn after the harvest.'],
            labels: {
              crop: 'Winter wheat',
              limingNeed: `need ${over.need ?? 'NEEDED'}`,
              classes: { ph: over.ph[1], p2o5: over.p[1], k2o: over.k[1], mg: over.mg[1] },
              limeProducts: { CARBONATE: 'Carbonate lime' },
              fertilizerProducts: { SUPERPHOSPHATE_TRIPLE: 'Triple superphosphate' },
            },
          },
    recommendationError: over.need === null ? 'noCrop' : null,
    rulesets: null,
  };
  return view as unknown as TFieldResultView;
}
