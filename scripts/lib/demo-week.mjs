// The demo's "lab week": work waiting in every tab of the admin panel, made through the running
// system's own API (as the demo farmer and the demo admin), so every read model, event and job
// is the real one. Farm orders and garden tests in every status, samples waiting for results
// (the downloaded template fills for them), parcels on their way (the DPD simulator moves them),
// and three seasons of results on one field (history and trends). Idempotent: a second run sees
// the demo field and does nothing. Refuses to run in production.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';

export const DEMO_HISTORY_FIELD = 'Pole przy lesie';
/** The divided field with two seasons of results per sector: the variable-rate map. */
export const DEMO_PRESCRIPTION_FIELD = 'Pole za wsią';
const FARMER = { email: 'farmer@gleba.local', password: 'Farmer123!' };
const ADMIN = { email: 'admin@gleba.local', password: 'Admin123!' };

export class DemoRefused extends Error {}

/** Throws in production: the demo must never write into real data. */
export function refuseInProduction(env = process.env) {
  const stage = [env.NODE_ENV, env.GLEBA_ENV, env.APP_ENV].map((v) => (v ?? '').toLowerCase());
  if (stage.includes('production') || stage.includes('prod'))
    throw new DemoRefused('the demo week is never seeded in production (NODE_ENV/GLEBA_ENV says production)');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function client(gateway) {
  async function call(path, { token, body, method, form } = {}) {
    const headers = { accept: 'application/json', 'x-gleba-lang': 'pl' };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload;
    if (form) payload = form;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${gateway}${path}`, {
      method: method ?? (payload ? 'POST' : 'GET'),
      headers,
      body: payload,
    });
    const type = res.headers.get('content-type') ?? '';
    const data = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: data };
  }
  /** Repeats while the answer is one of `retry` (read models catching up with events). */
  async function until(what, fn, ok, { tries = 60, waitMs = 250 } = {}) {
    let last;
    for (let i = 0; i < tries; i += 1) {
      last = await fn();
      if (ok(last)) return last;
      await sleep(waitMs);
    }
    throw new Error(`demo week: ${what}: ${last?.status} ${JSON.stringify(last?.body)?.slice(0, 300)}`);
  }
  return { call, until };
}

/** A small rectangle (about 4 ha) at a point; plots of the demo farm around Poznań. */
function ring(lng, lat) {
  return [
    [
      [lng, lat],
      [lng + 0.0032, lat],
      [lng + 0.0032, lat + 0.0018],
      [lng, lat + 0.0018],
      [lng, lat],
    ],
  ];
}

/** The next working day after `days` days, as YYYY-MM-DD (courier pickups are on weekdays). */
function workingDay(days) {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Seeds the week. `gateway`: the system's gateway URL; `dpd`: the DPD simulator's URL (parcels
 * get their journeys there); `sql(service, text, params)`: runs a statement in a service's
 * database (dates of the older seasons). Returns what it did.
 */
export async function seedDemoWeek({ gateway, dpd, sql, log = () => undefined, env = process.env }) {
  refuseInProduction(env);
  const { call, until } = client(gateway);
  const farmer = (
    await until(
      'farmer login',
      () => call('/api/auth/login', { body: FARMER }),
      (r) => r.status === 200,
    )
  ).body.accessToken;
  const admin = (
    await until(
      'admin login',
      () => call('/farm-api/auth/admin/login', { body: ADMIN }),
      (r) => r.status === 200,
    )
  ).body.accessToken;

  const plots = await call('/api/plots', { token: farmer });
  const plotList = Array.isArray(plots.body) ? plots.body : (plots.body?.items ?? []);
  if (plotList.some((p) => p.name === DEMO_HISTORY_FIELD)) return { created: false };

  const asAdmin = (mode, path, options = {}) => call(`/${mode}-api${path}`, { token: admin, ...options });
  const adminStatus = async (id, status) => {
    const res = await asAdmin('farm', `/orders/${id}/status`, { body: { status } });
    if (res.status !== 200)
      throw new Error(`demo week: ${id} to ${status}: ${res.status} ${JSON.stringify(res.body)}`);
  };

  const markPaid = async (id) => {
    const res = await asAdmin('farm', `/orders/${id}/mark-paid`, { body: {} });
    if (res.status !== 200)
      throw new Error(`demo week: mark paid: ${res.status} ${JSON.stringify(res.body)}`);
  };

  let plotNo = 0;
  async function crop(name, plantId, from, to, existingPlotId) {
    let plotId = existingPlotId;
    if (!plotId) {
      plotNo += 1;
      const plot = await call('/api/plots', {
        token: farmer,
        body: {
          name,
          geometry: {
            type: 'Polygon',
            coordinates: ring(16.78 + plotNo * 0.011, 52.33 + (plotNo % 3) * 0.004),
          },
        },
      });
      if (plot.status !== 201)
        throw new Error(`demo week: plot ${name}: ${plot.status} ${JSON.stringify(plot.body)}`);
      plotId = plot.body.id;
    }
    const made = await call('/api/crops', {
      token: farmer,
      body: { plantId, cultivationFrom: from, cultivationTo: to, plotIds: [plotId] },
    });
    if (made.status !== 201)
      throw new Error(`demo week: crop on ${name}: ${made.status} ${JSON.stringify(made.body)}`);
    return { plotId, cropId: made.body.id };
  }
  async function order(cropId, paymentMethod, type = 'STANDARD') {
    const placed = await until(
      'farm order',
      () =>
        call('/api/orders', {
          token: farmer,
          body: { type, crops: [{ cropId }], paymentMethod, confirmUserData: true },
        }),
      (r) => r.status === 201 || ![404, 409, 422].includes(r.status),
    );
    if (placed.status !== 201)
      throw new Error(`demo week: order: ${placed.status} ${JSON.stringify(placed.body)}`);
    return placed.body.order;
  }
  /**
   * Punctures taken on the phone (guided sampling, decision 0058): the first `count` planned points
   * of each sample of the order, a few metres off as a walk would be, a minute and a half apart.
   */
  async function takePunctures(orderId, count) {
    const plan = await until(
      'sampling plan',
      () => call(`/api/orders/${orderId}/sampling`, { token: farmer }),
      (r) => r.status === 200,
    );
    const start = Date.now() - 3_600_000;
    for (const s of plan.body.samples) {
      const points = s.pattern.points.slice(0, count);
      if (points.length === 0) continue;
      const punctures = points.map(([lng, lat], i) => ({
        id: randomUUID(),
        pointIndex: i,
        lng: lng + ((i % 3) - 1) * 0.00002,
        lat,
        accuracyM: 3 + (i % 4),
        takenAt: new Date(start + i * 90_000).toISOString(),
      }));
      const res = await call(`/api/orders/${orderId}/samples/${s.sampleId}/punctures`, {
        token: farmer,
        body: { punctures },
      });
      if (res.status !== 200)
        throw new Error(`demo week: punctures: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
  const season = (y) => [`${y - 1}-09-15`, `${y}-07-31`];
  const thisYear = new Date().getUTCFullYear();

  // ---- farm orders, one per status -------------------------------------------------------------
  const farm = {};
  const farmPlan = [
    ['PENDING_PAYMENT', 'Działka przy drodze', 'winter-barley', 'TRADITIONAL_TRANSFER'],
    ['PAYMENT_CONFIRMED', 'Pole za stodołą', 'winter-wheat', 'DEFERRED_BANK_TRANSFER'],
    ['KIT_SENT', 'Łąka nad rzeką', 'meadow', 'DEFERRED_BANK_TRANSFER'],
    ['SAMPLES_COLLECTING_PENDING', 'Pole za kościołem', 'spring-wheat', 'DEFERRED_BANK_TRANSFER'],
    ['SAMPLES_COLLECTING', 'Pole pod wiatrakiem', 'winter-oilseed-rape', 'DEFERRED_BANK_TRANSFER'],
    ['SAMPLES_COLLECTION_COMPLETED', 'Pole koło sadu', 'sugar-beet', 'DEFERRED_BANK_TRANSFER'],
    ['SAMPLES_SENT', 'Pole nad stawem', 'grain-maize', 'DEFERRED_BANK_TRANSFER'],
    ['SAMPLES_IN_ANALYSIS', 'Pole przy szkole', 'potato', 'DEFERRED_BANK_TRANSFER'],
    ['ORDER_CANCELLED', 'Pole po dziadku', 'oats', 'TRADITIONAL_TRANSFER'],
  ];
  const path = {
    KIT_SENT: ['KIT_SENT'],
    SAMPLES_COLLECTING_PENDING: ['KIT_SENT', 'SAMPLES_COLLECTING_PENDING'],
    SAMPLES_SENT: ['KIT_SENT', 'SAMPLES_SENT'],
    SAMPLES_COLLECTING: ['KIT_SENT', 'SAMPLES_COLLECTING_PENDING', 'SAMPLES_COLLECTING'],
    SAMPLES_COLLECTION_COMPLETED: [
      'KIT_SENT',
      'SAMPLES_COLLECTING_PENDING',
      'SAMPLES_COLLECTING',
      'SAMPLES_COLLECTION_COMPLETED',
    ],
    SAMPLES_IN_ANALYSIS: ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS'],
  };
  for (const [status, field, plantId, payment] of farmPlan) {
    const [from, to] = season(thisYear + 1);
    const { cropId } = await crop(field, plantId, from, to);
    const o = await order(cropId, payment, status === 'SAMPLES_IN_ANALYSIS' ? 'EXPRESS' : 'STANDARD');
    // Sampled with the phone: all of it (in the lab now), three points so far (collecting).
    if (status === 'SAMPLES_IN_ANALYSIS') await takePunctures(o.id, Infinity);
    for (const step of path[status] ?? []) await adminStatus(o.id, step);
    if (status === 'SAMPLES_COLLECTING') await takePunctures(o.id, 3);
    // Deferred transfers the customer has paid by the time the samples travel.
    if (['SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS'].includes(status)) await markPaid(o.id);
    if (status === 'ORDER_CANCELLED') {
      const res = await asAdmin('farm', `/orders/${o.id}/cancel`, { body: {} });
      if (res.status !== 200) throw new Error(`demo week: cancel: ${res.status} ${JSON.stringify(res.body)}`);
    }
    farm[status] = o;
  }
  log(`farm orders in ${Object.keys(farm).length} statuses`);

  // ---- garden tests, one per status, from a fresh batch of paid kit codes ------------------------
  const batch = await asAdmin('garden', '/barcode-labels/batches', { body: { count: 6, retail: false } });
  if (batch.status !== 201)
    throw new Error(`demo week: kit batch: ${batch.status} ${JSON.stringify(batch.body)}`);
  const labels = await asAdmin('garden', `/barcode-labels?batchId=${batch.body.id}&perPage=6`);
  const codes = labels.body.items.map((l) => l.barcode ?? l.code);
  const garden = {};
  const gardenPlan = [
    ['WAITING_FOR_SHIPMENT', 'Warzywnik za domem', 'carrot', []],
    ['WAITING_FOR_RESULTS', 'Ogród przy tarasie', 'strawberry', []],
    ['PARTIAL_RESULTS', 'Sad babci', 'apple', ['MICRO']],
    ['COMPLETE_RESULTS', 'Rabata różana', 'onion', []],
    ['RESULTS_UPDATED', 'Trawnik przed domem', 'beetroot', []],
    ['CANCELLED', 'Ogródek działkowy', 'garlic', []],
  ];
  for (const [i, [status, gardenName, plantId, additional]] of gardenPlan.entries()) {
    const added = await until(
      'garden test',
      () =>
        call('/api/soil-tests', {
          token: farmer,
          body: {
            barcode: codes[i],
            gardenName,
            plantId,
            gardenAreaAres: 2 + i,
            additionalTestTypes: additional,
          },
        }),
      (r) => r.status === 201 || ![404, 409, 422].includes(r.status),
    );
    if (added.status !== 201)
      throw new Error(`demo week: garden test: ${added.status} ${JSON.stringify(added.body)}`);
    const test = added.body;
    if (status === 'CANCELLED') {
      await asAdmin('garden', `/orders/${test.id}/cancel`, { body: {} });
    } else if (status !== 'WAITING_FOR_SHIPMENT') {
      const confirmed = await call(`/api/soil-tests/${test.id}/confirm-shipment`, {
        token: farmer,
        method: 'POST',
      });
      if (confirmed.status !== 200)
        throw new Error(`demo week: confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    }
    garden[status] = { ...test, barcode: codes[i] };
  }
  log(`garden tests in ${Object.keys(garden).length} statuses`);

  // ---- parcels on their way (the DPD simulator moves them; one will come back, one has trouble) --
  const shippable = async (id) =>
    until(
      'shippable',
      () => call('/api/shipments/shippable', { token: farmer }),
      (r) => r.status === 200 && JSON.stringify(r.body).includes(id),
      { tries: 120 },
    );
  const parcels = [];
  const send = async (shippableId, body) => {
    await shippable(shippableId);
    const created = await until(
      'shipment',
      () => call('/api/shipments', { token: farmer, body: { shippableId, ...body } }),
      (r) => r.status !== 422,
    );
    if (created.status !== 201)
      throw new Error(`demo week: shipment: ${created.status} ${JSON.stringify(created.body)}`);
    parcels.push(created.body);
    return created.body;
  };
  const courier = {
    method: 'COURIER',
    withLabel: true,
    size: 'M',
    courier: { date: workingDay(1), timeWindow: '10:00-13:00' },
  };
  const pickup = { method: 'PICKUP_POINT', withLabel: true, size: 'S', pickupPointId: 'PL61001' };
  await send(farm.SAMPLES_COLLECTION_COMPLETED.id, courier);
  const gardenParcel = await send(garden.WAITING_FOR_RESULTS.id, pickup);
  const partialParcel = await send(garden.PARTIAL_RESULTS.id, pickup);
  const journey = async (waybill, kind) => {
    if (!dpd || !waybill) return;
    await fetch(`${dpd}/__sim/journey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ waybill, journey: kind }),
    }).catch(() => undefined);
  };
  await journey(gardenParcel.waybill, 'EXCEPTION');
  await journey(partialParcel.waybill, 'RETURN');
  log(`${parcels.length} parcels on their way`);

  // ---- results: the lab's template filled for samples, imported as the lab does -----------------
  async function importRows(mode, rows, fileName) {
    const template = await asAdmin(mode, '/imports/template');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.body);
    const sheet = wb.worksheets[0];
    const legend = wb.getWorksheet('Legenda');
    const headers = new Map();
    sheet.getRow(1).eachCell((cell, col) => headers.set(String(cell.value).trim(), col));
    const columnOf = new Map();
    legend?.eachRow((row, n) => {
      if (n === 1) return;
      const [key, name, , symbol, unit] = [1, 2, 3, 4, 5].map((c) =>
        row.getCell(c).value === null ? '' : String(row.getCell(c).value).trim(),
      );
      const header = unit === '-' || !unit ? name : `${name} ${symbol} [${unit}]`;
      if (key && headers.has(header)) columnOf.set(key, headers.get(header));
    });
    if (sheet.rowCount > 1) sheet.spliceRows(2, sheet.rowCount - 1);
    rows.forEach((r, i) => {
      const row = sheet.getRow(2 + i);
      row.getCell(1).value = r.label;
      row.getCell(2).value = r.testType;
      for (const [key, value] of Object.entries(r.values)) {
        const col = columnOf.get(key);
        if (col) row.getCell(col).value = value;
      }
      row.commit();
    });
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    // The lab learns of new samples from an event: the file is checked (which stores nothing)
    // until every row matches a sample, then applied from the check, as an operator would.
    const busy = (r) => r.status === 200 && !['UPLOADED', 'CHECKING', 'APPLYING'].includes(r.body.status);
    for (let attempt = 0; ; attempt += 1) {
      const form = new FormData();
      form.append('file', new Blob([bytes]), fileName);
      const up = await call(
        `/${mode}-api/imports?testType=BASIC_TEST&step=check&fileName=${encodeURIComponent(fileName)}`,
        { token: admin, form },
      );
      if (up.status !== 202)
        throw new Error(`demo week: import ${fileName}: ${up.status} ${JSON.stringify(up.body)}`);
      const checked = await until(`check ${fileName}`, () => asAdmin(mode, `/imports/${up.body.id}`), busy, {
        tries: 480,
      });
      if (checked.body.status === 'CHECKED' && checked.body.summary.valid === rows.length) {
        const applied = await asAdmin(mode, `/imports/${up.body.id}/apply`, { body: {} });
        if (applied.status >= 300)
          throw new Error(`demo week: apply ${fileName}: ${applied.status} ${JSON.stringify(applied.body)}`);
        const done = await until(`apply ${fileName}`, () => asAdmin(mode, `/imports/${up.body.id}`), busy, {
          tries: 480,
        });
        if (done.body.status !== 'APPLIED')
          throw new Error(`demo week: import ${fileName} ended ${done.body.status}`);
        return;
      }
      if (attempt >= 30)
        throw new Error(`demo week: check ${fileName}: ${JSON.stringify(checked.body).slice(0, 600)}`);
      await sleep(500);
    }
  }
  const basic = (label, ph, p, k, mg) => ({
    label,
    testType: 'BASIC_TEST',
    values: { PH_KCL: ph, P2O5: p, K2O: k, MG: mg, CATEGORY: 'średnia' },
  });

  // Three seasons of one meadow (a perennial crop, so the customer's field page, which follows
  // a crop, shows them together): pH recovering after liming.
  const seasons = [
    [thisYear - 2, [5.1, 9.8, 11.2, 4.1]],
    [thisYear - 1, [5.6, 12.4, 13.0, 4.9]],
    [thisYear, [6.2, 15.1, 14.6, 5.6]],
  ];
  const meadow = await crop(DEMO_HISTORY_FIELD, 'meadow', `${thisYear - 3}-04-01`, `${thisYear + 1}-10-31`);
  const historyOrders = [];
  for (const [year, [ph, p, k, mg]] of seasons) {
    const o = await order(meadow.cropId, 'DEFERRED_BANK_TRANSFER');
    for (const step of ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS']) await adminStatus(o.id, step);
    await markPaid(o.id);
    await importRows(
      'farm',
      o.samples.map((s) => basic(s.code, ph, p, k, mg)),
      `wyniki-${year}.xlsx`,
    );
    historyOrders.push({ year, order: o });
  }
  // This season's results corrected by the lab: the order's results are updated (RESULTS_UPDATED).
  const latest = historyOrders.at(-1).order;
  await importRows(
    'farm',
    latest.samples.slice(0, 1).map((s) => basic(s.code, 6.3, 15.4, 14.8, 5.7)),
    `wyniki-${thisYear}-korekta.xlsx`,
  );
  /**
   * An older season's results arrived in its year: orders keeps the date each sample's results
   * came (from the lab's import event, on arrival, so after the event has been handled) and counts
   * the 14-day complaint window from it, so that date moves back with the rest.
   */
  async function resultsCameAt(o, at) {
    for (const s of o.samples)
      await until(
        'results recorded',
        () => call(`/api/soil-tests/${s.id}/complaints`, { token: farmer }),
        (r) => r.status === 200 && r.body.window?.resultsAt,
        { tries: 240 },
      );
    await sql('orders', 'update farm_order_samples set results_at = $2 where order_id = $1', [o.id, at]);
  }
  // The variable-rate map's field: about 12 ha in four sectors, two seasons whose results differ
  // from sector to sector (acid and poor on one side, rich on the other).
  const vrPlot = await call('/api/plots', {
    token: farmer,
    body: {
      name: DEMO_PRESCRIPTION_FIELD,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [16.7, 52.3],
            [16.706, 52.3],
            [16.706, 52.3027],
            [16.7, 52.3027],
            [16.7, 52.3],
          ],
        ],
      },
    },
  });
  if (vrPlot.status !== 201)
    throw new Error(
      `demo week: plot ${DEMO_PRESCRIPTION_FIELD}: ${vrPlot.status} ${JSON.stringify(vrPlot.body)}`,
    );
  const vr = await crop(
    DEMO_PRESCRIPTION_FIELD,
    'winter-wheat',
    `${thisYear - 2}-09-15`,
    `${thisYear + 1}-07-31`,
    vrPlot.body.id,
  );
  const divided = await call(`/api/crops/${vr.cropId}/sectors/auto-divide`, { token: farmer, body: {} });
  if (divided.status !== 200)
    throw new Error(`demo week: divide: ${divided.status} ${JSON.stringify(divided.body)}`);
  // The orders service learns the sectors from geo's event: the field is ordered once its quote
  // counts them (on a busy machine an order placed at once took the field as one sample).
  await until(
    'the sectors in the quote',
    () => call('/api/orders/quote', { token: farmer, body: { crops: [{ cropId: vr.cropId }] } }),
    (r) => r.status === 200 && r.body.numberOfSamples === divided.body.sectors.length,
    { tries: 240 },
  );
  const vrSeasons = [
    [
      thisYear - 1,
      [
        [4.8, 8.2, 7.0, 2.8],
        [5.4, 12.5, 11.8, 4.6],
        [6.1, 16.0, 15.4, 6.2],
        [5.9, 20.5, 19.8, 7.6],
      ],
    ],
    [
      thisYear,
      [
        [5.0, 9.0, 8.1, 3.2],
        [5.6, 13.1, 12.4, 5.0],
        [6.3, 15.2, 14.8, 6.0],
        [6.0, 21.0, 20.6, 7.4],
      ],
    ],
  ];
  for (const [year, bySector] of vrSeasons) {
    const o = await order(vr.cropId, 'DEFERRED_BANK_TRANSFER');
    for (const step of ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS']) await adminStatus(o.id, step);
    await markPaid(o.id);
    await importRows(
      'farm',
      o.samples.map((s, i) => basic(s.code, ...bySector[i % bySector.length])),
      `wyniki-sektory-${year}.xlsx`,
    );
    // The older season happened in its year (as the meadow's below).
    if (sql && year !== thisYear) {
      const at = `${year}-08-20T10:00:00Z`;
      await sql(
        'lab-import',
        'update results set created_at = $2, updated_at = $2 where sample_id in (select sample_id from expected_samples where order_id = $1)',
        [o.id, at],
      );
      await sql('orders', 'update farm_orders set created_at = $2 where id = $1', [
        o.id,
        `${year}-07-25T09:00:00Z`,
      ]);
      await resultsCameAt(o, at);
    }
  }
  log(`variable-rate field: ${divided.body.sectors.length} sectors, two seasons`);

  // Garden results: partial (basic of basic + micro), complete, and complete then corrected.
  await importRows(
    'garden',
    [
      basic(garden.PARTIAL_RESULTS.barcode, 6.8, 22.1, 18.3, 7.2),
      basic(garden.COMPLETE_RESULTS.barcode, 7.1, 25.4, 21.0, 8.4),
      basic(garden.RESULTS_UPDATED.barcode, 5.9, 14.0, 12.2, 5.1),
    ],
    'ogrody-tydzien.xlsx',
  );
  await importRows(
    'garden',
    [basic(garden.RESULTS_UPDATED.barcode, 6.0, 14.5, 12.6, 5.3)],
    'ogrody-korekta.xlsx',
  );
  log('results imported: three seasons on one field, garden results');

  // The older seasons happened in their years: results and orders dated at their harvest.
  if (sql) {
    for (const { year, order: o } of historyOrders) {
      if (year === thisYear) continue;
      const at = `${year}-08-20T10:00:00Z`;
      await sql(
        'lab-import',
        'update results set created_at = $2, updated_at = $2 where sample_id in (select sample_id from expected_samples where order_id = $1)',
        [o.id, at],
      );
      await sql('orders', 'update farm_orders set created_at = $2 where id = $1', [
        o.id,
        `${year}-07-25T09:00:00Z`,
      ]);
      // Its complaint window closed 14 days after those results (the closed-window message).
      await resultsCameAt(o, at);
    }
  }
  return {
    created: true,
    farmStatuses: Object.keys(farm),
    gardenStatuses: Object.keys(garden),
    parcels: parcels.map((p) => p.waybill),
    historyField: DEMO_HISTORY_FIELD,
    historyCropId: meadow.cropId,
    prescriptionCropId: vr.cropId,
    seasons: historyOrders.map((h) => h.year),
    waitingForResults: [farm.SAMPLES_IN_ANALYSIS.orderNumber, garden.WAITING_FOR_RESULTS.barcode],
  };
}
