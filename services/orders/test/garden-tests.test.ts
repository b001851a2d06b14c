import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import { LABEL_HEADING } from '../src/app/barcodes';
import { dropTestDatabases, http } from '@gleba/testkit';
import { seed, DEMO_BARCODES } from '../src/seed';
import { gardenBody, newUser, paidBarcodes, req, startHarness, type Harness, type TestUser } from './helpers';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

async function upload(h: Harness, id: string, token: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('photo', new Blob([bytes], { type }), name);
  const res = await fetch(`${h.url}/api/soil-tests/${id}/photo`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { code?: string; photo: { mimetype: string; path: string } },
  };
}

describe('garden tests: barcodes and the mobile add-test flow', () => {
  let h: Harness;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    h = await startHarness();
    [a, b] = await Promise.all([newUser(h), newUser(h)]);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  it('refuses codes shorter than 12 or longer than 16 characters (testCodeIncorrect)', async () => {
    for (const barcode of ['GLEBA000001', 'GLEBA000000000001', '', 'GLEBA-0000-001']) {
      for (const path of ['/api/soil-tests/verify', '/api/soil-tests']) {
        const res = await req(
          h,
          'POST',
          path,
          a.token,
          path.endsWith('verify') ? { barcode } : gardenBody(barcode),
        );
        expect({ barcode, path, status: res.status, code: res.body.code }).toEqual({
          barcode,
          path,
          status: 400,
          code: 'testCodeIncorrect',
        });
      }
    }
  });

  it('refuses unknown, unpaid and used codes with one answer (scanCannotBeVerified)', async () => {
    const unknown = await req(h, 'POST', '/api/soil-tests/verify', a.token, { barcode: 'GZZZZZZZZZZZZ9' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('scanCannotBeVerified');
    expect(unknown.body.message).toBe(
      'Nie można zweryfikować skanu. Sprawdź kod i czy test został opłacony.',
    );

    const retail = await req(h, 'POST', '/garden-api/barcode-labels/batches', h.admin, {
      count: 2,
      retail: true,
    });
    expect(retail.status).toBe(201);
    expect(retail.body).toMatchObject({ retail: true, paid: false, labelCount: 2 });
    const [unpaid] = retail.body.barcodes as string[];
    const refused = await req(h, 'POST', '/api/soil-tests', a.token, gardenBody(unpaid!));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('scanCannotBeVerified');
    // The shop pays: the batch is marked paid, and the code works (typed in lower case, too).
    const paid = await req(
      h,
      'POST',
      `/garden-api/barcode-labels/batches/${retail.body.id}/mark-paid`,
      h.admin,
    );
    expect(paid.status).toBe(200);
    expect(
      (await req(h, 'POST', `/garden-api/barcode-labels/batches/${retail.body.id}/mark-paid`, h.admin))
        .status,
    ).toBe(409);
    const ok = await req(h, 'POST', '/api/soil-tests/verify', a.token, { barcode: unpaid!.toLowerCase() });
    expect(ok.body).toEqual({ barcode: unpaid, valid: true });
    expect((await req(h, 'POST', '/api/soil-tests', a.token, gardenBody(unpaid!))).status).toBe(201);
    const used = await req(h, 'POST', '/api/soil-tests', b.token, gardenBody(unpaid!));
    expect(used.status).toBe(422);
    expect(used.body.code).toBe('scanCannotBeVerified');
  });

  it('validates sample details: name length, plant from the catalogue, area, test combination', async () => {
    const [code] = await paidBarcodes(h, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ gardenName: 'ab' }, 'validationFailed'],
      [{ plantId: 'no-such-plant' }, 'unknownPlant'],
      [{ gardenAreaAres: -1 }, 'validationFailed'],
      [{ gardenAreaAres: 10_001 }, 'validationFailed'],
      [{ additionalTestTypes: ['EGNER', 'UNIVERSAL_METHOD'] }, 'invalidTestCombination'],
    ];
    for (const [extra, codeExpected] of cases) {
      const res = await req(h, 'POST', '/api/soil-tests', a.token, gardenBody(code!, extra));
      expect({ extra, status: res.status, code: res.body.code }).toEqual({
        extra,
        status: 400,
        code: codeExpected,
      });
    }
    const noArea = await req(
      h,
      'POST',
      '/api/soil-tests',
      a.token,
      gardenBody(code!, { gardenAreaAres: null }),
    );
    expect(noArea.status).toBe(201);
    expect(noArea.body.gardenAreaAres).toBeNull();
  });

  it('adds a test, publishes it for the lab and the user, edits it before confirmation', async () => {
    const [code] = await paidBarcodes(h, 1);
    const res = await req(
      h,
      'POST',
      '/api/soil-tests',
      a.token,
      gardenBody(code!, { additionalTestTypes: ['HUMUS'] }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'GARDEN',
      barcode: code,
      status: 'WAITING_FOR_SHIPMENT',
      plantId: 'oats',
      gardenAreaAres: 2.5,
      price: 3000 + 2000,
      photo: null,
    });
    expect(res.body.orderNumber).toMatch(/^ZG\//);
    const id = res.body.id;
    const sample = await h.events.next<{
      code: string;
      kind: string;
      plantId: string;
      areaAres: number;
      additionalTestTypes: string[];
    }>('orders.sample.registered', (e) => e.data.code === code);
    expect(sample.data).toMatchObject({
      kind: 'GARDEN',
      plantId: 'oats',
      areaAres: 2.5,
      additionalTestTypes: ['HUMUS'],
    });
    await h.events.next<{ orderId: string; to: string }>(
      'orders.order.status-changed',
      (e) => e.data.orderId === id && e.data.to === 'WAITING_FOR_SHIPMENT',
    );

    const edited = await req(h, 'PATCH', `/api/soil-tests/${id}`, a.token, {
      plantId: 'winter-rye',
      gardenName: 'Warzywnik',
      gardenAreaAres: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ plantId: 'winter-rye', gardenName: 'Warzywnik', gardenAreaAres: 1 });
    expect((await req(h, 'PATCH', `/api/soil-tests/${id}`, b.token, { gardenName: 'Cudzy' })).status).toBe(
      404,
    );
    const detailB = await req(h, 'GET', `/api/soil-tests/${id}`, b.token);
    expect(detailB.status).toBe(404);
    expect(detailB.body.code).toBe('orderNotFoundForTestId');
    expect((await req(h, 'POST', `/api/soil-tests/${id}/cancel`, b.token)).status).toBe(404);
    expect((await req(h, 'POST', `/api/soil-tests/${id}/confirm-shipment`, b.token)).status).toBe(404);
  });

  it('keeps where the garden is (a point in Poland), changed or removed by its owner only', async () => {
    const [code] = await paidBarcodes(h, 1);
    const noPlace = await req(h, 'POST', '/api/soil-tests', a.token, gardenBody(code!));
    expect(noPlace.status).toBe(201);
    expect(noPlace.body.location).toBeNull();
    const id = noPlace.body.id;

    for (const location of [
      { lat: 48.5, lon: 21 },
      { lat: 52, lon: 13.5 },
      { lat: 55.5, lon: 19 },
      { lat: 52, lon: 25 },
    ]) {
      const res = await req(h, 'PATCH', `/api/soil-tests/${id}`, a.token, { location });
      expect({ location, status: res.status, code: res.body.code }).toEqual({
        location,
        status: 400,
        code: 'gardenLocationOutsidePoland',
      });
      expect(res.body.message).toBe('Położenie ogrodu musi leżeć w Polsce.');
    }
    for (const location of [{ lat: 'x', lon: 21 }, { lat: 52 }, { lat: 91, lon: 21 }]) {
      const res = await req(h, 'PATCH', `/api/soil-tests/${id}`, a.token, { location });
      expect(res.status).toBe(400);
    }
    expect((await req(h, 'GET', `/api/soil-tests/${id}`, a.token)).body.location).toBeNull();

    const set = await req(h, 'PATCH', `/api/soil-tests/${id}`, a.token, {
      location: { lat: 52.2297, lon: 21.0122 },
    });
    expect(set.status).toBe(200);
    expect(set.body.location).toEqual({ lat: 52.2297, lon: 21.0122 });
    // Another user's real test: refused as unknown, nothing changed.
    const foreign = await req(h, 'PATCH', `/api/soil-tests/${id}`, b.token, {
      location: { lat: 50, lon: 20 },
    });
    expect(foreign.status).toBe(404);
    const kept = await req(h, 'PATCH', `/api/soil-tests/${id}`, a.token, { gardenName: 'Sad' });
    expect(kept.body.location).toEqual({ lat: 52.2297, lon: 21.0122 });
    const removed = await req(h, 'PATCH', `/api/soil-tests/${id}`, a.token, { location: null });
    expect(removed.body.location).toBeNull();

    const [code2] = await paidBarcodes(h, 1);
    const placed = await req(
      h,
      'POST',
      '/api/soil-tests',
      a.token,
      gardenBody(code2!, { location: { lat: 50.0614, lon: 19.9366 } }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body.location).toEqual({ lat: 50.0614, lon: 19.9366 });
    const outside = await req(
      h,
      'POST',
      '/api/soil-tests',
      a.token,
      gardenBody(code2!, { location: { lat: 40, lon: 19 } }),
    );
    expect(outside.body.code).toBe('gardenLocationOutsidePoland');
  });

  it('stores a photo that is an image (by its bytes), within the size limit, served back to its owner only', async () => {
    const [code] = await paidBarcodes(h, 1);
    const id = (await req(h, 'POST', '/api/soil-tests', a.token, gardenBody(code!))).body.id;
    const notImage = await upload(h, id, a.token, Buffer.from('%PDF-1.4 not an image'), 'x.png', 'image/png');
    expect(notImage.status).toBe(415);
    expect(notImage.body.code).toBe('photoNotImage');
    const tooLarge = await upload(
      h,
      id,
      a.token,
      Buffer.concat([PNG, Buffer.alloc(201 * 1024)]),
      'big.png',
      'image/png',
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('photoTooLarge');
    expect((await upload(h, id, b.token, PNG, 'p.png', 'image/png')).status).toBe(404);
    const ok = await upload(h, id, a.token, PNG, 'ogród.png', 'application/octet-stream');
    expect(ok.status).toBe(200);
    expect(ok.body.photo).toMatchObject({ mimetype: 'image/png' });
    expect(ok.body.photo.path).toMatch(/\.png$/);
    const served = await fetch(`${h.url}/api/soil-tests/${id}/photo`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const other = await fetch(`${h.url}/api/soil-tests/${id}/photo`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(other.status).toBe(404);
  });

  it('a cancelled test is not changed: its own clear refusal in pl, en and uk, nothing stored', async () => {
    const [code] = await paidBarcodes(h, 1);
    const id = (await req(h, 'POST', '/api/soil-tests', a.token, gardenBody(code!))).body.id;
    expect((await req(h, 'POST', `/api/soil-tests/${id}/cancel`, a.token)).status).toBe(200);
    const messages: Record<string, string> = {};
    for (const language of ['pl', 'en', 'uk']) {
      const res = await http<{ code: string; message: string }>(h.url, 'PATCH', `/api/soil-tests/${id}`, {
        token: a.token,
        body: { gardenName: 'Po anulowaniu' },
        headers: { 'accept-language': language },
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('testCancelled');
      messages[language] = res.body.message;
    }
    expect(messages.pl).toMatch(/anulowany/);
    expect(messages.en).toMatch(/cancelled/);
    expect(messages.uk).toMatch(/скасовано/);
    const photo = await upload(h, id, a.token, PNG, 'p.png', 'image/png');
    expect(photo.status).toBe(409);
    expect(photo.body.code).toBe('testCancelled');
    const detail = await req(h, 'GET', `/api/soil-tests/${id}`, a.token);
    expect(detail.body).toMatchObject({ status: 'CANCELLED', photo: null });
    expect(detail.body.gardenName).not.toBe('Po anulowaniu');
  });

  it('lists my tests in Ordered and Archive tabs with paging and list kinds', async () => {
    const c = await newUser(h);
    const codes = await paidBarcodes(h, 3);
    const ids: string[] = [];
    for (const code of codes)
      ids.push((await req(h, 'POST', '/api/soil-tests', c.token, gardenBody(code))).body.id);
    await req(h, 'POST', `/api/soil-tests/${ids[0]}/cancel`, c.token);
    const page1 = await req(h, 'GET', '/api/soil-tests?tab=ORDERED&perPage=1&page=1', c.token);
    expect(page1.body.meta).toMatchObject({ total: 2, next: 2, prev: null });
    expect(page1.body.items[0]).toMatchObject({
      kind: 'GARDEN',
      listKind: 'NO_ORDER',
      samplerStatus: 'NO_ORDER',
      status: 'WAITING_FOR_SHIPMENT',
    });
    const page2 = await req(h, 'GET', '/api/soil-tests?tab=ORDERED&perPage=1&page=2', c.token);
    expect(page2.body.meta).toMatchObject({ next: null, prev: 1 });
    const archive = await req(h, 'GET', '/api/soil-tests?tab=ARCHIVE', c.token);
    expect(archive.body.items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
    const ordered = await req(h, 'GET', '/api/soil-tests?listKind=ORDERED', c.token);
    expect(ordered.body.items).toEqual([]);
    const missing = await req(h, 'GET', `/api/soil-tests/${crypto.randomUUID()}`, c.token);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('orderNotFoundForTestId');
  });

  it('prints a batch as a PDF of Code128 labels and marks it printed', async () => {
    const created = await req(h, 'POST', '/garden-api/barcode-labels/batches', h.admin, {
      count: 30,
      retail: true,
    });
    for (const code of created.body.barcodes) expect(code).toMatch(/^[A-Z0-9]{12,16}$/);
    expect(new Set(created.body.barcodes).size).toBe(30);
    const res = await fetch(`${h.url}/garden-api/barcode-labels/batches/${created.body.id}/pdf`, {
      headers: { authorization: `Bearer ${h.admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2); // 24 labels per A4 sheet
    // The text reads back whole: Polish letters intact (an embedded DejaVu Sans, not Helvetica).
    const text = (await pdfParse(pdf)).text;
    expect(text).toContain(LABEL_HEADING);
    expect(LABEL_HEADING).toMatch(/[ąćęłńóśźż]/);
    expect(text.split(LABEL_HEADING)).toHaveLength(31);
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(pdf.toString('latin1')).toMatch(/DejaVuSans/);
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
    const labels = await req(
      h,
      'GET',
      `/garden-api/barcode-labels?batchId=${created.body.id}&printed=true`,
      h.admin,
    );
    expect(labels.body.meta.total).toBe(30);
    const batches = await req(h, 'GET', '/garden-api/barcode-labels/batches', h.admin);
    expect(batches.body.items.find((x: { id: string }) => x.id === created.body.id).printedAt).not.toBeNull();
    expect(
      (
        await fetch(`${h.url}/garden-api/barcode-labels/batches/${created.body.id}/pdf`, {
          headers: { authorization: `Bearer ${a.token}` },
        })
      ).status,
    ).toBe(403);
  });

  it('seeds 10 paid demo labels, idempotently', async () => {
    expect(await seed(h.service.ctx.db)).toEqual({ created: true });
    expect(await seed(h.service.ctx.db)).toEqual({ created: false });
    expect(DEMO_BARCODES[0]).toBe('GLEBA0000000001');
    const ok = await req(h, 'POST', '/api/soil-tests/verify', a.token, { barcode: 'GLEBA0000000010' });
    expect(ok.status).toBe(200);
  });
});
