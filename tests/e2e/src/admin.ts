// What the admin panel's suite works on, set up through the real APIs as a customer would (a new
// account with complete data, a farm order, a garden test on a fresh label batch, a DPD parcel),
// and the checks of what the panel hands out (PDFs, the results workbook).
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import type { TCrop, TPlot } from '@gleba/contracts';
import { api, uniqueEmail, DEMO_ADMIN, type ApiOptions, type ApiResponse } from './api';
import { linkIn, waitForMail } from './mail';
import { system } from './system';

export type AdminMode = 'farm' | 'garden';

/** The admin API base of a mode (what the panel's mode switch chooses). */
export const adminBase = (mode: AdminMode) => (mode === 'garden' ? '/garden-api' : '/farm-api');

/** Calls the admin API of a mode: `adminApi(token, 'garden', '/orders?search=x')`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many endpoints; callers narrow them
export function adminApi<T = any>(
  token: string,
  mode: AdminMode,
  pathname: string,
  options: Omit<ApiOptions, 'token'> = {},
): Promise<ApiResponse<T>> {
  return api<T>(`${adminBase(mode)}${pathname}`, { ...options, token });
}

/** The demo admin's token, from the admin login the panel uses. */
export async function adminToken(): Promise<string> {
  const res = await api('/farm-api/auth/admin/login', { body: DEMO_ADMIN });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.accessToken;
}

/** Repeats `fn` until `done` accepts its value (read models and jobs are asynchronous). */
export async function eventually<T>(
  what: string,
  fn: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await fn();
    if (done(last)) return last;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not reached within ${timeoutMs} ms; last: ${JSON.stringify(last)?.slice(0, 800)}`,
      );
    await new Promise((r) => setTimeout(r, 400));
  }
}

export interface Customer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * A new customer: registered, activated from the e-mail in the capture inbox, with complete
 * personal data (Lublin, a postcode DPD knows), so orders and shipments accept them.
 */
export async function newCustomer(label: string, language: 'pl' | 'en' | 'uk' = 'en'): Promise<Customer> {
  const email = uniqueEmail(label);
  const password = 'Gleba1234!';
  const firstName = 'Zofia';
  const lastName = `Ogrodnik${Math.random().toString(36).slice(2, 6)}`;
  const reg = await api('/api/auth/register', {
    body: {
      firstName,
      lastName,
      email,
      phoneNumber: '+48600200300',
      genderType: 'WOMAN',
      password,
      confirmPassword: password,
      termsAccepted: true,
      privacyPolicyAccepted: true,
      language,
    },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBeLessThan(300);
  const link = linkIn(await waitForMail(email, /activ|aktyw|актив/i), /\/activate\//);
  const activated = await api(`/api/auth/activate/${new URL(link).pathname.split('/').pop()}`);
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  const { accessToken, refreshToken } = activated.body;
  const address = {
    voivodeship: 'LUBLIN',
    cityName: 'Lublin',
    postCode: '20-001',
    streetName: 'Ogrodowa',
    buildingNumber: '7',
    apartmentNumber: null,
  };
  const profile = await api('/api/users/profile', {
    token: accessToken,
    body: {
      serviceRole: 'PERSONAL',
      personalData: {
        firstName,
        lastName,
        genderType: 'WOMAN',
        phoneNumber: '+48600200300',
        taxNumber: null,
        address,
      },
      businessData: null,
      correspondenceAddress: { addressSource: 'PERSONAL_DATA', address: null },
    },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBeLessThan(300);
  const me = await api('/api/users/me', { token: accessToken });
  return { email, password, firstName, lastName, userId: me.body.id, accessToken, refreshToken };
}

/**
 * A farm order of one undivided crop (one sample), paid by deferred transfer, so orders accepts it
 * at once: PAYMENT_CONFIRMED, its sample registered with the lab. Waits for orders' read models
 * (the customer's complete data, the crop) to catch up with identity's and geo's events.
 */
export async function placeFarmOrder(
  customer: Customer,
): Promise<{ id: string; orderNumber: string; status: string }> {
  // About 5 ha near Lublin.
  const [lng, lat] = [22.55 + Math.random() * 0.05, 51.2 + Math.random() * 0.05];
  const ring = [
    [lng, lat],
    [lng + 0.0036, lat],
    [lng + 0.0036, lat + 0.0018],
    [lng, lat + 0.0018],
    [lng, lat],
  ];
  const plot = await api<TPlot>('/api/plots', {
    token: customer.accessToken,
    body: { name: 'Pole za stodołą', geometry: { type: 'Polygon', coordinates: [ring] } },
  });
  expect(plot.status, JSON.stringify(plot.body)).toBe(201);
  const crop = await api<TCrop>('/api/crops', {
    token: customer.accessToken,
    body: {
      plantId: 'winter-wheat',
      cultivationFrom: '2026-09-20',
      cultivationTo: '2027-07-31',
      plotIds: [plot.body.id],
    },
  });
  expect(crop.status, JSON.stringify(crop.body)).toBe(201);
  const placed = await eventually(
    'farm order accepted',
    () =>
      api('/api/orders', {
        token: customer.accessToken,
        body: {
          type: 'STANDARD',
          crops: [{ cropId: crop.body.id }],
          paymentMethod: 'DEFERRED_BANK_TRANSFER',
          confirmUserData: true,
        },
      }),
    (r) => r.status === 201 || (r.status !== 409 && r.status !== 404 && r.status !== 422),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order;
}

/** A fresh, paid (non-retail) batch of garden kit codes made through the admin API; its codes. */
export async function newKitCodes(token: string, count: number): Promise<string[]> {
  const batch = await adminApi(token, 'garden', '/barcode-labels/batches', {
    body: { count, retail: false },
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  const labels = await adminApi(token, 'garden', `/barcode-labels?batchId=${batch.body.id}&perPage=${count}`);
  expect(labels.status, JSON.stringify(labels.body)).toBe(200);
  return labels.body.items.map((l: { barcode?: string; code?: string }) => l.barcode ?? l.code);
}

/** A garden test added with a kit code and, unless told otherwise, confirmed for shipment (WAITING_FOR_RESULTS). */
export async function addGardenTest(
  customer: Customer,
  barcode: string,
  options: { confirm?: boolean; gardenName?: string } = {},
): Promise<{ id: string; orderNumber: string; status: string; barcode: string }> {
  const added = await api('/api/soil-tests', {
    token: customer.accessToken,
    body: {
      barcode,
      gardenName: options.gardenName ?? 'Ogród przy domu',
      plantId: 'oats',
      gardenAreaAres: 2.5,
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  if (options.confirm === false) return added.body;
  const confirmed = await api(`/api/soil-tests/${added.body.id}/confirm-shipment`, {
    token: customer.accessToken,
    method: 'POST',
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body;
}

/**
 * The customer sends a confirmed garden test by DPD from a pickup point with a label: a waybill
 * from the DPD simulator. Waits for shipping to learn of the confirmation (an event).
 */
export async function bookPickupShipment(
  customer: Customer,
  shippableId: string,
): Promise<{ id: string; waybill: string; orderNumber: string }> {
  const shippables = await eventually(
    'the test is shippable',
    () => api('/api/shipments/shippable', { token: customer.accessToken }),
    (r) => r.status === 200 && JSON.stringify(r.body).includes(shippableId),
  );
  expect(shippables.status).toBe(200);
  const points = await api('/api/pickup-points?city=Lublin', { token: customer.accessToken });
  expect(points.status, JSON.stringify(points.body)).toBe(200);
  const pickupPointId = points.body.items[0].id;
  const body = { shippableId, size: 'S', withLabel: true, method: 'PICKUP_POINT', pickupPointId };
  // The sender's contact comes from identity's event; it may arrive after the test's.
  const created = await eventually(
    'shipment created',
    () => api('/api/shipments', { token: customer.accessToken, body }),
    (r) => r.status !== 422,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

export interface DpdEvent {
  businessCode: string;
  description: string;
  eventTime: string;
  depot: string | null;
}

/** DPD's tracking history of a waybill grows (the simulator answers getEventsForWaybill with it). */
export async function pushTracking(waybill: string, events: DpdEvent[]): Promise<void> {
  const res = await fetch(`${system().simulators.dpd}/__sim/tracking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ waybill, events }),
  });
  if (!res.ok) throw new Error(`DPD simulator answered ${res.status}`);
}

/** A file from the admin API, as bytes. */
export async function adminFile(token: string, mode: AdminMode, pathname: string): Promise<Buffer> {
  const res = await fetch(`${system().gateway}${adminBase(mode)}${pathname}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * What a downloaded PDF holds: it starts with `%PDF-`, pdf-lib opens it, and its page count
 * (pdf-lib's, which also reads merged files whose page objects sit in compressed object streams;
 * `/Type /Page` counted in the plain bytes beside it).
 */
export async function inspectPdf(
  bytes: Buffer,
): Promise<{ header: string; pages: number; plainPageObjects: number; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const latin = bytes.toString('latin1');
  return {
    header: latin.slice(0, 5),
    pages: doc.getPageCount(),
    plainPageObjects: (latin.match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length,
    text: latin,
  };
}

/**
 * Fills the lab's import template (downloaded from the admin API) with rows: the sample's label
 * (farm sample code or garden barcode), the test type and values by parameter key (PH_KCL,
 * P2O5, K2O, MG, CATEGORY, ...). Columns are found from the template's legend sheet (key, Polish
 * name, symbol, unit), the way the template names them; the template's example row is replaced.
 */
export async function fillResultsTemplate(
  template: Buffer,
  rows: { label: string; testType: string; values: Record<string, string | number> }[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
  const sheet = wb.worksheets[0]!;
  const legend = wb.getWorksheet('Legenda');
  if (!legend) throw new Error('the template has no Legenda sheet');
  const headers = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => headers.set(String(cell.value).trim(), col));
  const columnOf = new Map<string, number>();
  legend.eachRow((row, n) => {
    if (n === 1) return;
    const [key, name, , symbol, unit] = [1, 2, 3, 4, 5].map((c) =>
      row.getCell(c).value === null ? '' : String(row.getCell(c).value).trim(),
    );
    if (!key || !name) return;
    const header = unit === '-' || !unit ? name : `${name} ${symbol} [${unit}]`;
    const col = headers.get(header);
    if (col) columnOf.set(key, col);
  });
  sheet.spliceRows(2, sheet.rowCount - 1);
  rows.forEach((r, i) => {
    const row = sheet.getRow(2 + i);
    row.getCell(1).value = r.label;
    row.getCell(2).value = r.testType;
    for (const [key, value] of Object.entries(r.values)) {
      const col = columnOf.get(key);
      if (!col)
        throw new Error(`no column for ${key} in the template (headers: ${[...headers.keys()].join(' | ')})`);
      row.getCell(col).value = value;
    }
    row.commit();
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The lab's basic-test results for `labels` (farm sample codes or garden barcodes), imported in one
 * pass (check and apply) through the admin API of `mode`; waits until the import is applied.
 */
export async function importBasicResults(
  token: string,
  mode: AdminMode,
  labels: string[],
  ph = 5.8,
): Promise<string> {
  const workbook = await fillResultsTemplate(
    await adminFile(token, mode, '/imports/template'),
    labels.map((label) => ({
      label,
      testType: 'BASIC_TEST',
      values: { PH_KCL: ph, P2O5: 14.2, K2O: 11.5, MG: 5.1, CATEGORY: 'średnia' },
    })),
  );
  const res = await fetch(
    `${system().gateway}${adminBase(mode)}/imports?testType=BASIC_TEST&step=apply&fileName=wyniki.xlsx`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      body: new Uint8Array(workbook),
    },
  );
  const body = (await res.json()) as { id?: string };
  if (res.status !== 202 || !body.id)
    throw new Error(`import answered ${res.status} ${JSON.stringify(body)}`);
  const done = await eventually(
    'import applied',
    () => adminApi(token, mode, `/imports/${body.id}`),
    (r) => ['APPLIED', 'FAILED', 'REJECTED'].includes(r.body.status),
    120_000,
  );
  expect(done.body.status, JSON.stringify(done.body)).toBe('APPLIED');
  return body.id;
}

/**
 * The customer complains about a sample (a garden test or a farm order's sample) once its results
 * reached orders (the 14 days have begun); the complaint.
 */
export async function fileComplaint(
  customer: Customer,
  testId: string,
  body: { reason: string; text: string },
): Promise<{ id: string }> {
  await eventually(
    'complaint window open',
    () => api(`/api/soil-tests/${testId}/complaints`, { token: customer.accessToken }),
    (r) => r.status === 200 && r.body.window.open === true,
  );
  const filed = await api(`/api/soil-tests/${testId}/complaints`, { token: customer.accessToken, body });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return filed.body;
}
