import { randomUUID } from 'node:crypto';
import type { Endpoint } from '../endpoints';
import { SQUARE, type World } from './fixtures';
import { PASSWORD, profileBody, registerBody } from './stack';

/** A valid body per endpoint (the fuzzer's starting point); checked against the endpoint's schema by the caller. */
export function validBody(e: Endpoint, w: World): unknown {
  const p = e.path.replace(/^\/(api|farm-api|garden-api)/, '');
  const line = {
    type: 'LineString',
    coordinates: [
      [16.901, 52.3995],
      [16.901, 52.4025],
    ],
  };
  const address = { cityName: 'Poznań', postCode: '60-101', streetName: 'Polna', buildingNumber: '12' };
  const table: Record<string, unknown> = {
    'POST /auth/register': registerBody('fuzz@example.com'),
    'POST /auth/activation-link': { email: 'nobody@example.com' },
    'POST /auth/login': { email: 'nobody@example.com', password: PASSWORD },
    'POST /auth/refresh-token': { refreshToken: 'x'.repeat(43) },
    'POST /auth/logout': { refreshToken: 'x'.repeat(43) },
    'POST /auth/forgot-password': { email: 'nobody@example.com' },
    'POST /auth/set-password/{token}': { password: PASSWORD, confirmPassword: PASSWORD },
    'PATCH /users/me': { language: 'en' },
    'POST /users/me/password': { currentPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD },
    'PUT /users/me/survey': { answers: [{ questionKey: 'grows', answerKey: 'cereals' }] },
    'POST /users/profile': profileBody(),
    'PATCH /users/profile': { serviceRole: 'PERSONAL' },
    // Never the right password: the matrix and the fuzzer must not erase their own callers.
    'POST /users/me/privacy-requests/erasure': { password: `not-${PASSWORD}` },
    'POST /users/me/privacy-requests/erasure/confirm': { token: 'x'.repeat(43) },
    'POST /auth/admin/login': { email: 'nobody@example.com', password: PASSWORD },
    'POST /auth/admin/forgot-password': { email: 'nobody@example.com' },
    'POST /users/{userId}/suspend': { reason: 'x' },
    'PUT /farm': {
      farmingActivity: true,
      totalAreaM2: 1000,
      address: { ...address, voivodeship: 'GREATER_POLAND' },
    },
    'POST /plots': { name: 'P', geometry: SQUARE, plotNumber: '12/3', precinct: 'Obręb', snapToleranceM: 1 },
    'POST /plots/cadastral': {
      voivodeship: 'GREATER_POLAND',
      county: '3064',
      commune: '306401_1',
      precinct: '306401_1.0001',
      plotNumber: '12/3',
    },
    'POST /plots/import': { format: 'geojson', content: '{"type":"FeatureCollection","features":[]}' },
    'POST /plots/import/preview': { format: 'gml', content: '<x/>' },
    'POST /plots/merge': { plotIds: [randomUUID(), randomUUID()] },
    'PATCH /plots/{plotId}': { name: 'P', snapToleranceM: 0 },
    'POST /plots/{plotId}/move': { distanceM: 1, bearingDeg: 90 },
    'POST /plots/{plotId}/divide': { line },
    'POST /crops': {
      name: 'C',
      plantId: w.plantId,
      cultivationFrom: '2026-03-01',
      cultivationTo: '2026-09-30',
      estimatedYieldTPerHa: 3,
      plotIds: [w.ids.plotId],
    },
    'PATCH /crops/{cropId}': { name: 'C', estimatedYieldTPerHa: 2 },
    'POST /crops/{cropId}/move': { distanceM: 1, bearingDeg: 90 },
    'POST /crops/{cropId}/cut': {
      ring: [
        [16.9005, 52.4005],
        [16.901, 52.4005],
        [16.901, 52.401],
      ],
    },
    'POST /crops/{cropId}/divide': { line },
    'PUT /crops/{cropId}/sectors': { sectors: [{ name: 'S1', geometry: SQUARE }] },
    'POST /crops/{cropId}/sectors/auto-divide': { maxAreaHa: 1 },
    'POST /crops/{cropId}/prescription/isoxml': {
      kind: 'K2O',
      productId: 'POTASSIUM_SALT',
      zones: [{ sectorId: w.ids.sectorId, rateKgPerHa: 350 }],
    },
    'POST /crops/{cropId}/prescription/shp': {
      kind: 'K2O',
      productId: 'POTASSIUM_SALT',
      zones: [{ sectorId: w.ids.sectorId, rateKgPerHa: 350 }],
    },
    'POST /crops/{cropId}/prescription/geojson': {
      kind: 'K2O',
      productId: 'POTASSIUM_SALT',
      zones: [{ sectorId: w.ids.sectorId, rateKgPerHa: 350 }],
    },
    'POST /orders/quote': {
      crops: [{ cropId: w.ids.cropId }],
      additionalTests: [],
      equipment: [],
      puncturesPerSector: 15,
    },
    'POST /orders/kits': { quantity: 1, paymentMethod: 'TRADITIONAL_TRANSFER', deliveryAddress: address },
    'POST /orders': {
      crops: [{ cropId: w.ids.cropId }],
      paymentMethod: 'TRADITIONAL_TRANSFER',
      confirmUserData: true,
      deliveryAddress: address,
    },
    'POST /orders/{uuid}/status': { status: 'COLLECTING_STARTED' },
    'POST /orders/{orderId}/payment-method': { paymentMethod: 'TRADITIONAL_TRANSFER' },
    'POST /orders/{orderId}/samples/{sampleId}/punctures': {
      punctures: [
        {
          id: randomUUID(),
          pointIndex: 0,
          lng: 16.9005,
          lat: 52.4005,
          accuracyM: 5,
          takenAt: '2026-11-26T09:00:00.000Z',
        },
      ],
    },
    'POST /soil-tests/verify': { barcode: w.barcodes[0] ?? 'G123456789012' },
    'POST /soil-tests': {
      barcode: w.barcodes[0] ?? 'G123456789012',
      gardenName: 'Ogród',
      plantId: w.plantId,
      gardenAreaAres: 2,
      punctures: 15,
    },
    'PATCH /soil-tests/{testId}': { gardenName: 'Ogród', gardenAreaAres: 3, punctures: 15 },
    'POST /soil-tests/{testId}/complaints': { reason: 'RESULTS_IMPLAUSIBLE', text: 'Za niskie pH.' },
    'POST /complaints/{uuid}/answer': { answer: 'Wynik jest poprawny.', retest: false },
    'POST /payments/p24/notify': {
      merchantId: 1,
      posId: 1,
      sessionId: 's',
      amount: 1,
      originAmount: 1,
      currency: 'PLN',
      orderId: 1,
      methodId: 1,
      statement: 's',
      sign: 'x',
    },
    'POST /orders/{uuid}/status#admin': { status: 'ORDER_CANCELLED' },
    'POST /barcode-labels/batches': { count: 1, retail: true },
    'POST /shipments/summary': {
      shippableId: randomUUID(),
      size: 'S',
      withLabel: true,
      method: 'PICKUP_POINT',
      pickupPointId: 'PL123',
    },
    'POST /shipments': {
      shippableId: randomUUID(),
      size: 'S',
      withLabel: true,
      method: 'PICKUP_POINT',
      pickupPointId: 'PL123',
    },
    'POST /shipments/labels': { shipmentIds: [randomUUID()], format: 'A4' },
    'PUT /notifications/preferences': { items: [{ type: 'PAYMENT_RECEIVED', isEmailEnabled: true }] },
    'POST /newsletter/subscribe': { email: 'news@example.com', language: 'pl' },
  };
  return table[`${e.method} ${p}`] ?? {};
}

/** A valid query per endpoint (strings, as in a URL). */
export function validQuery(e: Endpoint): Record<string, string> {
  const p = e.path.replace(/^\/(api|farm-api|garden-api)/, '');
  const table: Record<string, Record<string, string>> = {
    '/admin-units/counties': { voivodeship: 'GREATER_POLAND' },
    '/admin-units/communes': { county: '3064' },
    '/admin-units/precincts': { commune: '306401_1' },
    '/cadastre/parcels': { precinct: '306401_1.0001', number: '12/3' },
    // Outside Poland: answered (404 noParcelAtPoint) without a ULDK call, so no cell depends on ULDK running.
    '/cadastre/parcels/at': { lon: '13.4050', lat: '52.5200' },
    // A map tile of the cadastral overlay over Poznań (z 15), as MapLibre asks it.
    '/cadastre/wms': {
      SERVICE: 'WMS',
      REQUEST: 'GetMap',
      VERSION: '1.1.1',
      LAYERS: 'dzialki,numery_dzialek',
      STYLES: '',
      FORMAT: 'image/png',
      TRANSPARENT: 'true',
      SRS: 'EPSG:3857',
      BBOX: '1886140.5,6870879.6,1887363.5,6872102.6',
      WIDTH: '256',
      HEIGHT: '256',
    },
    '/cities': { q: 'Poz' },
    '/plots/export': { format: 'shp' },
    '/shipments/courier/availability': { date: '2026-12-01', postCode: '60-101' },
    '/pickup-points': { city: 'Poznań' },
    '/soil-tests':
      e.access === 'admin' ? { page: '1', perPage: '20' } : { tab: 'ORDERED', page: '1', perPage: '20' },
  };
  return table[p] ?? { page: '1', perPage: '20' };
}
