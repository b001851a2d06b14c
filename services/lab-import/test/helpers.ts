import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { SampleRegisteredV1, TestShipmentConfirmedV1, type EventData } from '@gleba/contracts';
import { http, publishTestEvent, waitFor } from '@gleba/testkit';
import type { TImportDetail } from '@gleba/contracts';

export type Cell = string | number | null;

/** The headers a lab would write: a subset of the template's, in pl or en. */
export const PL_HEADERS = [
  'Etykieta',
  'Rodzaj badania',
  'pH w KCl',
  'Fosfor P2O5 [mg/100 g]',
  'Potas K2O [mg/100 g]',
  'Magnez Mg [mg/100 g]',
  'Kategoria agronomiczna',
  'pH w KCl opis',
];
export const EN_HEADERS = [
  'LABEL',
  'test type',
  'pH KCl',
  'Phosphorus (P2O5) [mg/100 g]',
  'potassium K2O',
  'MAGNESIUM',
  'Agronomic category',
  'Phosphorus P2O5 description',
];

export async function workbook(
  rows: Cell[][],
  headers: string[] = PL_HEADERS,
  extraSheet = false,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Wyniki');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  if (extraSheet) wb.addWorksheet('Notes').addRow(['not read']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A code of 12-16 characters, unique per call. */
export function code(prefix = 'GL'): string {
  return `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

export function sampleData(
  overrides: Partial<EventData<typeof SampleRegisteredV1>> = {},
): EventData<typeof SampleRegisteredV1> {
  return {
    sampleId: randomUUID(),
    code: code(),
    orderId: randomUUID(),
    orderNumber: `ORD-${Math.floor(Math.random() * 1e6)}`,
    userId: randomUUID(),
    kind: 'FARM',
    basicTestType: 'BASIC_TEST',
    additionalTestTypes: [],
    fieldName: 'Pole za stodołą',
    plantId: 'winter-wheat',
    cropId: randomUUID(),
    sectorId: null,
    areaHa: 2.5,
    areaAres: null,
    ...overrides,
  };
}

export async function registerSample(exchange: string, data: EventData<typeof SampleRegisteredV1>) {
  return publishTestEvent(exchange, SampleRegisteredV1, data);
}

export async function upload(
  base: string,
  token: string,
  file: Buffer,
  query = 'testType=BASIC_TEST',
  mode: 'farm' | 'garden' = 'farm',
  contentType = 'application/octet-stream',
) {
  const res = await fetch(`${base}/${mode}-api/imports?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: file,
  });
  return {
    status: res.status,
    body: (await res.json()) as TImportDetail & { code?: string; message?: string },
  };
}

export async function uploadMultipart(
  base: string,
  token: string,
  file: Buffer,
  fileName: string,
  query = 'testType=BASIC_TEST',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const res = await fetch(`${base}/farm-api/imports?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as TImportDetail & { code?: string } };
}

export async function importDetail(
  base: string,
  token: string,
  id: string,
  mode: 'farm' | 'garden' = 'farm',
) {
  return (await http<TImportDetail>(base, 'GET', `/${mode}-api/imports/${id}`, { token })).body;
}

export async function waitForStatus(
  base: string,
  token: string,
  id: string,
  statuses: string[],
  mode: 'farm' | 'garden' = 'farm',
  timeoutMs = 30_000,
) {
  return waitFor(
    async () => {
      const d = await importDetail(base, token, id, mode);
      return statuses.includes(d.status) ? d : null;
    },
    { timeoutMs, intervalMs: 100, message: `import ${id} did not reach ${statuses.join('/')}` },
  );
}

/** The customer confirmed sending a garden test's sample (orders' `orders.test.shipment-confirmed`). */
export async function confirmShipment(exchange: string, data: EventData<typeof SampleRegisteredV1>) {
  return publishTestEvent(exchange, TestShipmentConfirmedV1, {
    testId: data.sampleId,
    orderId: data.orderId,
    orderNumber: data.orderNumber,
    userId: data.userId,
    kind: 'GARDEN',
    barcode: data.code,
    confirmedAt: new Date().toISOString(),
  });
}
