import ExcelJS from 'exceljs';
import type { World } from './fixtures';
import { createUser, expectOk, profileBody, type Actor, type Stack } from './stack';

/** A resource owner of the authorization matrix and the real ids of what it owns. */
export interface Owner {
  label: string;
  actor: Actor;
  ids: Record<string, string>;
}

/** Retries until `ready` accepts the answer (events reach the other services asynchronously). */
async function until<T>(
  what: string,
  get: () => Promise<T>,
  ready: (v: T) => boolean,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  let last: T = await get();
  while (!ready(last)) {
    if (Date.now() > end) throw new Error(`${what}: not ready after ${ms} ms: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
    last = await get();
  }
  return last;
}

/** The results template (as the admin downloads it) with one basic-test row per sample code. */
async function resultsWorkbook(stack: Stack, admin: Actor, base: string, codes: string[]): Promise<Buffer> {
  const res = await fetch(`${stack.gateway}${base}/imports/template`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  if (!res.ok) throw new Error(`template: ${res.status}`);
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
  if (!headerRow) throw new Error('the template has no "Etykieta" header');
  const column = (prefix: string) => {
    for (const [text, col] of columns) if (text.startsWith(prefix) && !text.endsWith(' opis')) return col;
    throw new Error(`the template has no column "${prefix}…"`);
  };
  if (sheet.rowCount > headerRow) sheet.spliceRows(headerRow + 1, sheet.rowCount - headerRow);
  codes.forEach((code, i) => {
    const row = sheet.getRow(headerRow + 1 + i);
    row.getCell(column('Etykieta')).value = code;
    row.getCell(column('Rodzaj badania')).value = 'BASIC_TEST';
    row.getCell(column('pH w KCl')).value = 5.6;
    row.getCell(column('Fosfor')).value = 12.1;
    row.getCell(column('Potas')).value = 14.3;
    row.getCell(column('Magnez')).value = 5.2;
    row.getCell(column('Kategoria agronomiczna')).value = 'średnia';
    row.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Uploads results as the admin (check and apply in one pass) and waits until they are applied. */
async function importResults(stack: Stack, admin: Actor, base: string, codes: string[]): Promise<string> {
  const file = await resultsWorkbook(stack, admin, base, codes);
  const res = await fetch(
    `${stack.gateway}${base}/imports?testType=BASIC_TEST&step=apply&fileName=wyniki-abuse.xlsx`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin.accessToken}`,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      body: new Uint8Array(file),
    },
  );
  const body = (await res.json()) as { id?: string };
  if (res.status !== 202 || !body.id) throw new Error(`import: ${res.status} ${JSON.stringify(body)}`);
  await until(
    `import ${base}`,
    () => stack.call<{ status: string }>('GET', `${base}/imports/${body.id}`, { token: admin.accessToken }),
    (r) => ['APPLIED', 'FAILED', 'REJECTED'].includes(r.body.status),
  ).then((r) => {
    if (r.body.status !== 'APPLIED') throw new Error(`import ${base}: ${JSON.stringify(r.body)}`);
  });
  return body.id;
}

/**
 * The resources of the matrix, each created through the API and owned by one user: user A, a
 * farmer (a farm order paid by transfer with its results, a kit order, a plot, a crop, a sector, a
 * garden test), and a gardener (garden tests with results and their report, a kit order, a shipment
 * with a DPD label and a labelless one with a drop-off code); A again with a farm order's sample as
 * the test id (its results and complaints). Every id is checked to answer its owner before the
 * matrix uses it.
 */
export async function buildOwners(stack: Stack, world: World): Promise<Owner[]> {
  const { a, admin } = world;
  const gardener = await createUser(stack, 'gardener');
  expectOk(
    'profile gardener',
    await stack.call('POST', '/api/users/profile', { token: gardener.accessToken, body: profileBody() }),
  );

  // A's farm order: orders learns the crop (geo event) and the complete profile (identity event).
  const placed = await until(
    'farm order A',
    () =>
      stack.call<{ order: { id: string; samples: { id: string; code: string }[] } }>('POST', '/api/orders', {
        token: a.accessToken,
        body: {
          crops: [{ cropId: world.ids.cropId }],
          paymentMethod: 'TRADITIONAL_TRANSFER',
          confirmUserData: true,
        },
      }),
    (r) => r.status === 201,
  );
  const order = placed.body.order;
  expectOk(
    'mark paid',
    await stack.call('POST', `/farm-api/orders/${order.id}/mark-paid`, { token: admin.accessToken }),
  );
  const kit = async (actor: Actor) =>
    expectOk(
      `kit order ${actor.label}`,
      await stack.call<{ order: { id: string } }>('POST', '/api/orders/kits', {
        token: actor.accessToken,
        body: { quantity: 1, paymentMethod: 'TRADITIONAL_TRANSFER' },
      }),
    ).order.id;

  // The gardener's tests: two kits, shipment confirmed (shipping and the lab learn them).
  const tests: { id: string; barcode: string }[] = [];
  for (const barcode of world.barcodes.slice(0, 2)) {
    const test = expectOk(
      'garden test',
      await stack.call<{ id: string }>('POST', '/api/soil-tests', {
        token: gardener.accessToken,
        body: { barcode, gardenName: 'Ogród G', plantId: world.plantId, gardenAreaAres: 2, punctures: 10 },
      }),
    );
    expectOk(
      'confirm shipment',
      await stack.call('POST', `/api/soil-tests/${test.id}/confirm-shipment`, {
        token: gardener.accessToken,
      }),
    );
    tests.push({ id: test.id, barcode });
  }
  await until(
    'shippable tests',
    () =>
      stack.call<{ items: { shippableId: string }[] }>('GET', '/api/shipments/shippable', {
        token: gardener.accessToken,
      }),
    (r) => r.status === 200 && tests.every((t) => r.body.items.some((i) => i.shippableId === t.id)),
  );
  const ship = async (shippableId: string, withLabel: boolean) =>
    (
      await until(
        `shipment (label: ${withLabel})`,
        () =>
          stack.call<{ id: string }>('POST', '/api/shipments', {
            token: gardener.accessToken,
            body: { shippableId, size: 'S', withLabel, method: 'PICKUP_POINT', pickupPointId: 'PL11033' },
          }),
        // The sender's address comes with identity's profile event.
        (r) => r.status === 201,
      )
    ).body.id;
  const [labelShipment, dropOffShipment] = [await ship(tests[0]!.id, true), await ship(tests[1]!.id, false)];

  const [importId] = await Promise.all([
    importResults(
      stack,
      admin,
      '/farm-api',
      order.samples.map((s) => s.code),
    ),
    importResults(stack, admin, '/garden-api', [tests[0]!.barcode]),
  ]);

  // A's data export, completed by the six services (its archive is A's alone).
  const exported = expectOk(
    'data export A',
    await stack.call<{ id: string }>('POST', '/api/users/me/privacy-requests/export', {
      token: a.accessToken,
    }),
  );
  await until(
    'data export A completed',
    () =>
      stack.call<{ id: string; status: string }[]>('GET', '/api/users/me/privacy-requests', {
        token: a.accessToken,
      }),
    (r) => r.status === 200 && r.body.some((x) => x.id === exported.id && x.status === 'COMPLETED'),
  );

  const owners: Owner[] = [
    {
      label: 'userA',
      actor: a,
      ids: {
        ...world.ids,
        orderId: order.id,
        sampleId: order.samples[0]!.id,
        kitOrderId: await kit(a),
        importId,
        exportRequestId: exported.id,
      },
    },
    {
      label: 'gardener',
      actor: gardener,
      ids: {
        testId: tests[0]!.id,
        kitOrderId: await kit(gardener),
        shipmentId: labelShipment,
        dropOffShipmentId: dropOffShipment,
      },
    },
    {
      // A's farm order's sample: its results page and complaints take a sample's id as the test id.
      label: 'userA (farm sample)',
      actor: a,
      ids: { testId: order.samples[0]!.id },
    },
  ];
  // Real ids: each answers its owner.
  const reads: [Owner, string][] = [
    [owners[0]!, '/api/orders/{orderId}'],
    [owners[0]!, '/api/orders/{orderId}/sampling'],
    [owners[0]!, '/api/orders/kits/{kitOrderId}'],
    [owners[0]!, '/api/results/orders/{orderId}'],
    [owners[0]!, '/api/users/me/privacy-requests/{exportRequestId}/archive'],
    [owners[1]!, '/api/soil-tests/{testId}'],
    [owners[1]!, '/api/orders/kits/{kitOrderId}'],
    [owners[1]!, '/api/results/tests/{testId}'],
    [owners[1]!, '/api/results/tests/{testId}/report.pdf'],
    [owners[1]!, '/api/shipments/{shipmentId}'],
    [owners[1]!, '/api/shipments/{shipmentId}/label'],
    [owners[1]!, '/api/shipments/{dropOffShipmentId}'],
    [owners[1]!, '/api/soil-tests/{testId}/complaints'],
    [owners[2]!, '/api/soil-tests/{testId}/complaints'],
    [owners[2]!, '/api/results/tests/{testId}'],
  ];
  for (const [owner, template] of reads) {
    const path = template.replace(/\{(\w+)\}/g, (_, k: string) => owner.ids[k]!);
    const res = await fetch(`${stack.gateway}${path}`, {
      headers: { authorization: `Bearer ${owner.actor.accessToken}` },
    });
    if (res.status !== 200) throw new Error(`${owner.label} ${path}: ${res.status} ${await res.text()}`);
  }
  return owners;
}
