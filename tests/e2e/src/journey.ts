// Helpers of the long journeys: the admin's side through the gateway, the simulators' control
// routes (DPD tracking events), the lab's results workbook built from the service's own template,
// polling, the Polish texts of the apps (from @gleba/i18n, so a selector follows the catalogue),
// and a browser context that never leaves 127.0.0.1 / localhost.
import ExcelJS from 'exceljs';
import type { BrowserContext } from 'playwright-core';
import { t } from '@gleba/i18n';
import { api, DEMO_ADMIN } from './api';
import { textPattern } from './customer';
import { system } from './system';

/** A catalogue text in Polish (`pl('farmMap.drawPlot')`), with its parameters. */
export function pl(key: string, params?: Record<string, string | number>): string {
  return t('pl', key, params);
}

/** `text` as a regular expression matching it literally. */
export function literal(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\{}/]/g, '\\$&');
}

/** A catalogue text as an exact-match regular expression, `{param}` placeholders matching anything. */
export function plPattern(key: string): RegExp {
  return textPattern('pl', key);
}

/** Aborts every request that would leave the machine (map tiles, fonts): tests stay on 127.0.0.1. */
export async function stayLocal(context: BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await context.route(
    (url) => url.protocol.startsWith('http') && url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      blocked.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return blocked;
}

/** Polls `fn` until `ok` accepts its value (or throws with the last value after `timeoutMs`). */
export async function until<T>(
  what: string,
  fn: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 60_000,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await fn();
    if (ok(last)) return last;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not reached within ${timeoutMs} ms (last: ${JSON.stringify(last)?.slice(0, 500)})`,
      );
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

let adminToken: { token: string; at: number } | undefined;

/** The seeded admin's access token (admin login of identity), renewed before its 15 minutes end. */
export async function adminAccess(): Promise<string> {
  if (adminToken && Date.now() - adminToken.at < 10 * 60_000) return adminToken.token;
  const res = await api('/farm-api/auth/admin/login', { body: DEMO_ADMIN });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  adminToken = { token: res.body.accessToken, at: Date.now() };
  return adminToken.token;
}

/** A call of the admin API (`/farm-api/...`) as the seeded admin. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many endpoints; callers narrow them
export async function adminApi<T = any>(pathname: string, options: { method?: string; body?: unknown } = {}) {
  return api<T>(pathname, { ...options, token: await adminAccess() });
}

export interface DpdEvent {
  businessCode: string;
  description: string;
  eventTime: string;
  depot: string;
}

/** Appends tracking events to a waybill in the DPD simulator (its `POST /__sim/tracking`). */
export async function pushDpdEvents(waybill: string, events: DpdEvent[]): Promise<void> {
  const res = await fetch(`${system().simulators.dpd}/__sim/tracking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ waybill, events }),
  });
  if (!res.ok) throw new Error(`DPD simulator answered ${res.status}`);
}

/** DPD's way of a parcel from the farm to the laboratory: picked up, in a depot, delivered. */
export function dpdWayToLab(start = new Date()): DpdEvent[] {
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
  return [
    {
      businessCode: '040101',
      description: 'Przesyłka odebrana przez kuriera',
      eventTime: at(0),
      depot: '1495',
    },
    {
      businessCode: '170301',
      description: 'Przyjęcie przesyłki w oddziale',
      eventTime: at(90),
      depot: '1301',
    },
    { businessCode: '190102', description: 'Przesyłka doręczona', eventTime: at(240), depot: '1301' },
  ];
}

export interface BasicResultRow {
  code: string;
  ph: number;
  p2o5: number;
  k2o: number;
  mg: number;
  /** A category word the lab writes: `bardzo lekka`, `lekka`, `średnia`, `ciężka`, `organiczna`. */
  category: string;
}

/**
 * The lab's results file: the template the admin downloads (`GET /farm-api/imports/template`),
 * filled below its header row with one basic-test row per sample, as a lab would.
 */
export async function basicResultsWorkbook(rows: BasicResultRow[]): Promise<Buffer> {
  const res = await fetch(`${system().gateway}/farm-api/imports/template`, {
    headers: { authorization: `Bearer ${await adminAccess()}` },
  });
  if (!res.ok) throw new Error(`template download answered ${res.status}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  let headerRow = 0;
  const columns = new Map<string, number>();
  for (let r = 1; r <= 10 && !headerRow; r += 1) {
    sheet.getRow(r).eachCell((cell, col) => {
      const text = String(cell.value ?? '').trim();
      if (text === 'Etykieta') headerRow = r;
      columns.set(text, col);
    });
    if (!headerRow) columns.clear();
  }
  if (!headerRow) throw new Error('the template has no "Etykieta" header in its first 10 rows');
  const column = (prefix: string) => {
    for (const [text, col] of columns) if (text.startsWith(prefix) && !text.endsWith(' opis')) return col;
    throw new Error(`the template has no column "${prefix}…" (${[...columns.keys()].join(' | ')})`);
  };
  // The template's example rows below the header are the lab's to replace.
  if (sheet.rowCount > headerRow) sheet.spliceRows(headerRow + 1, sheet.rowCount - headerRow);
  const col = {
    label: column('Etykieta'),
    type: column('Rodzaj badania'),
    ph: column('pH w KCl'),
    p: column('Fosfor'),
    k: column('Potas'),
    mg: column('Magnez'),
    category: column('Kategoria agronomiczna'),
  };
  rows.forEach((row, i) => {
    const r = sheet.getRow(headerRow + 1 + i);
    r.getCell(col.label).value = row.code;
    r.getCell(col.type).value = 'BASIC_TEST';
    r.getCell(col.ph).value = row.ph;
    r.getCell(col.p).value = row.p2o5;
    r.getCell(col.k).value = row.k2o;
    r.getCell(col.mg).value = row.mg;
    r.getCell(col.category).value = row.category;
    r.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Uploads a results workbook as the admin (check, then apply at once); returns the import id. */
export async function importResults(file: Buffer, testType = 'BASIC_TEST'): Promise<string> {
  const res = await fetch(
    `${system().gateway}/farm-api/imports?testType=${testType}&step=apply&fileName=wyniki-laboratorium.xlsx`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await adminAccess()}`,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      body: new Uint8Array(file),
    },
  );
  const body = (await res.json()) as { id?: string };
  if (res.status !== 202 || !body.id)
    throw new Error(`import upload answered ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}
