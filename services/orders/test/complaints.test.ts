import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_TEXT_MAX_LENGTH, ResultsImportedV1 } from '@gleba/contracts';
import { dropTestDatabases, http, publishTestEvent, waitFor } from '@gleba/testkit';
import {
  gardenBody,
  newCrop,
  newUser,
  orderBody,
  paidBarcodes,
  req,
  startHarness,
  type Harness,
  type TestUser,
} from './helpers';

const DAY = 86_400_000;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

/** The harness's photo limit (startHarness: PHOTO_MAX_BYTES). */
const PHOTO_LIMIT = 200 * 1024;

describe('complaints within 14 days of the results', () => {
  let h: Harness;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    h = await startHarness();
    user = await newUser(h);
    other = await newUser(h);
  });
  afterAll(async () => {
    await h?.stop();
    await dropTestDatabases();
  });

  const lab = (code: string, completeness: 'PARTIAL' | 'COMPLETE' | 'UPDATED') =>
    publishTestEvent(h.exchange, ResultsImportedV1, {
      importId: randomUUID(),
      orderId: randomUUID(),
      orderNumber: 'x',
      userId: user.userId,
      kind: 'GARDEN',
      completeness,
      sampleCodes: [code],
      importedAt: new Date().toISOString(),
    });
  const status = async (id: string) =>
    (
      await h.service.ctx.db
        .selectFrom('garden_tests')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status;
  const testWithResults = async () => {
    const [code] = await paidBarcodes(h, 1);
    const id = (await req(h, 'POST', '/api/soil-tests', user.token, gardenBody(code!))).body.id as string;
    await lab(code!, 'COMPLETE');
    await waitFor(async () => (await status(id)) === 'COMPLETE_RESULTS');
    return { id, code: code! };
  };
  const body = { reason: 'RESULTS_IMPLAUSIBLE', text: 'Za niskie pH jak na ten ogród.' };

  it('refuses a complaint before any results, and after 14 days with a clear code in pl, en and uk', async () => {
    const [code] = await paidBarcodes(h, 1);
    const fresh = (await req(h, 'POST', '/api/soil-tests', user.token, gardenBody(code!))).body.id as string;
    const early = await req(h, 'POST', `/api/soil-tests/${fresh}/complaints`, user.token, body);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('complaintNoResults');
    expect(
      (await req(h, 'GET', `/api/soil-tests/${fresh}/complaints`, user.token)).body.window,
    ).toMatchObject({ open: false, closedReason: 'NO_RESULTS' });

    const { id } = await testWithResults();
    await h.service.ctx.db
      .updateTable('status_history')
      .set({ change_date: new Date(Date.now() - 15 * DAY) })
      .where('subject_id', '=', id)
      .execute();
    const messages: Record<string, string> = {};
    for (const language of ['pl', 'en', 'uk']) {
      const late = await http<{ code: string; message: string }>(
        h.url,
        'POST',
        `/api/soil-tests/${id}/complaints`,
        { token: user.token, body, headers: { 'accept-language': language } },
      );
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('complaintWindowClosed');
      messages[language] = late.body.message;
    }
    expect(messages.pl).toMatch(/14 dni/);
    expect(messages.en).toMatch(/14 days/);
    expect(messages.uk).toMatch(/14 днів/);
    expect(new Set(Object.values(messages)).size).toBe(3);
    const window = (await req(h, 'GET', `/api/soil-tests/${id}/complaints`, user.token)).body.window;
    expect(window).toMatchObject({ open: false, closedReason: 'EXPIRED' });
    const count = await h.service.ctx.db
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("files a complaint with a photo on the customer's own test, never on another user's", async () => {
    const { id } = await testWithResults();
    const theirs = await req(h, 'POST', `/api/soil-tests/${id}/complaints`, other.token, body);
    expect(theirs.status).toBe(404);
    expect((await req(h, 'GET', `/api/soil-tests/${id}/complaints`, other.token)).status).toBe(404);

    const bad = await req(h, 'POST', `/api/soil-tests/${id}/complaints`, user.token, {
      reason: 'NOPE',
      text: '',
    });
    expect(bad.status).toBe(400);

    const form = new FormData();
    form.append('reason', 'WRONG_SAMPLE');
    form.append('text', 'To nie moja próbka.');
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'probka.png');
    const res = await fetch(`${h.url}/api/soil-tests/${id}/complaints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const complaint = (await res.json()) as { id: string; hasPhoto: boolean; status: string; reason: string };
    expect(complaint).toMatchObject({ hasPhoto: true, status: 'OPEN', reason: 'WRONG_SAMPLE' });
    const filed = await h.events.next<{ complaintId: string; testId: string; reason: string }>(
      'orders.complaint.filed',
      (e) => e.data.complaintId === complaint.id,
    );
    expect(filed.data).toMatchObject({ testId: id, reason: 'WRONG_SAMPLE', userId: user.userId });

    const photo = await fetch(`${h.url}/api/complaints/${complaint.id}/photo`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    const stranger = await fetch(`${h.url}/api/complaints/${complaint.id}/photo`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(stranger.status).toBe(404);

    const mine = (await req(h, 'GET', `/api/soil-tests/${id}/complaints`, user.token)).body;
    // One complaint at a time: the next waits for this one's answer.
    expect(mine.window).toMatchObject({ open: false, closedReason: 'PENDING' });
    expect(mine.items.map((c: { id: string }) => c.id)).toEqual([complaint.id]);
  });

  it('the admin answers with a re-test: new results move the test to RESULTS_UPDATED', async () => {
    const { id, code } = await testWithResults();
    const complaint = (await req(h, 'POST', `/api/soil-tests/${id}/complaints`, user.token, body)).body;
    expect((await req(h, 'GET', '/garden-api/complaints', user.token)).status).toBe(403);
    const list = await req(h, 'GET', '/garden-api/complaints?status=OPEN', h.admin);
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: { id: string }) => c.id)).toContain(complaint.id);

    const empty = await req(h, 'POST', `/garden-api/complaints/${complaint.id}/answer`, h.admin, {
      answer: ' ',
    });
    expect(empty.status).toBe(400);
    const answered = await req(h, 'POST', `/garden-api/complaints/${complaint.id}/answer`, h.admin, {
      answer: 'Powtórzymy badanie tej próbki.',
      retest: true,
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      status: 'RETESTING',
      retest: true,
      answer: 'Powtórzymy badanie tej próbki.',
    });
    const event = await h.events.next<{ complaintId: string; retest: boolean; userId: string }>(
      'orders.complaint.answered',
      (e) => e.data.complaintId === complaint.id,
    );
    expect(event.data).toMatchObject({ retest: true, userId: user.userId, testId: id });
    const again = await req(h, 'POST', `/garden-api/complaints/${complaint.id}/answer`, h.admin, {
      answer: 'Jeszcze raz',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('complaintAlreadyAnswered');

    // The lab imports the re-test as complete results again: still an update for the customer.
    await lab(code, 'COMPLETE');
    await waitFor(async () => (await status(id)) === 'RESULTS_UPDATED');
    const after = (await req(h, 'GET', `/api/soil-tests/${id}/complaints`, user.token)).body;
    expect(after.items[0]).toMatchObject({ status: 'RETESTED' });
    await h.events.next<{ orderId: string; to: string }>(
      'orders.order.status-changed',
      (e) => e.data.orderId === id && e.data.to === 'RESULTS_UPDATED',
    );
  });

  it('refuses a second complaint while the first is open or re-tested, in pl, en and uk; takes it after', async () => {
    const { id, code } = await testWithResults();
    const count = async () =>
      Number(
        (
          await h.service.ctx.db
            .selectFrom('complaints')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('test_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Two sent at once: one is filed, the other refused.
    const both = await Promise.all([
      req(h, 'POST', `/api/soil-tests/${id}/complaints`, user.token, body),
      req(h, 'POST', `/api/soil-tests/${id}/complaints`, user.token, body),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const first = both.find((r) => r.status === 201)!.body;
    expect(await count()).toBe(1);

    const messages: Record<string, string> = {};
    for (const language of ['pl', 'en', 'uk']) {
      const second = await http<{ code: string; message: string }>(
        h.url,
        'POST',
        `/api/soil-tests/${id}/complaints`,
        { token: user.token, body, headers: { 'accept-language': language } },
      );
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('complaintPending');
      messages[language] = second.body.message;
    }
    expect(messages.pl).toMatch(/reklamacja/);
    expect(messages.en).toMatch(/complaint/);
    expect(messages.uk).toMatch(/скарга/);
    expect((await req(h, 'GET', `/api/soil-tests/${id}/complaints`, user.token)).body.window).toMatchObject({
      open: false,
      closedReason: 'PENDING',
    });

    // Being re-tested is still open; the re-test's results close it and a new complaint is taken.
    await req(h, 'POST', `/garden-api/complaints/${first.id}/answer`, h.admin, {
      answer: 'Powtórzymy badanie.',
      retest: true,
    });
    const retesting = await req(h, 'POST', `/api/soil-tests/${id}/complaints`, user.token, body);
    expect(retesting.body.code).toBe('complaintPending');
    expect(await count()).toBe(1);
    await lab(code, 'COMPLETE');
    await waitFor(async () => (await status(id)) === 'RESULTS_UPDATED');
    await waitFor(
      async () =>
        (await req(h, 'GET', `/api/soil-tests/${id}/complaints`, user.token)).body.window.open === true,
    );
    const later = await req(h, 'POST', `/api/soil-tests/${id}/complaints`, user.token, body);
    expect(later.status).toBe(201);
    expect(await count()).toBe(2);
  });

  it('an answer without a re-test closes the complaint and changes no status', async () => {
    const { id } = await testWithResults();
    const complaint = (await req(h, 'POST', `/api/soil-tests/${id}/complaints`, user.token, body)).body;
    const answered = await req(h, 'POST', `/garden-api/complaints/${complaint.id}/answer`, h.admin, {
      answer: 'Wynik jest poprawny.',
    });
    expect(answered.body).toMatchObject({ status: 'ANSWERED', retest: false });
    expect(await status(id)).toBe('COMPLETE_RESULTS');
    expect(
      (await req(h, 'POST', `/garden-api/complaints/${randomUUID()}/answer`, h.admin, { answer: 'x' }))
        .status,
    ).toBe(404);
  });
  // ---- a farm order's samples (decision 0052) ----

  interface FarmSample {
    id: string;
    code: string;
    sampleNumber: number;
    sectorName: string | null;
  }
  const farmLab = (
    orderId: string,
    codes: string[],
    completeness: 'PARTIAL' | 'COMPLETE' | 'UPDATED',
    owner = user,
  ) =>
    publishTestEvent(h.exchange, ResultsImportedV1, {
      importId: randomUUID(),
      orderId,
      orderNumber: 'x',
      userId: owner.userId,
      kind: 'FARM',
      completeness,
      sampleCodes: codes,
      importedAt: new Date().toISOString(),
    });
  const farmStatus = async (id: string) =>
    (
      await h.service.ctx.db
        .selectFrom('farm_orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status;
  const resultsAt = async (sampleId: string) =>
    (
      await h.service.ctx.db
        .selectFrom('farm_order_samples')
        .select('results_at')
        .where('id', '=', sampleId)
        .executeTakeFirst()
    )?.results_at ?? null;
  /** A two-sector farm order of `owner`, in analysis at the lab. */
  const farmOrderInLab = async (owner = user) => {
    const crop = await newCrop(h, owner, { sectors: 2 });
    const order = (await req(h, 'POST', '/api/orders', owner.token, orderBody(crop))).body.order;
    await h.service.ctx.db
      .updateTable('farm_orders')
      .set({ status: 'SAMPLES_IN_ANALYSIS' })
      .where('id', '=', order.id)
      .execute();
    return {
      id: order.id as string,
      orderNumber: order.orderNumber as string,
      samples: order.samples as FarmSample[],
    };
  };
  /** A completed farm order: both samples' results imported. */
  const completedFarmOrder = async (owner = user) => {
    const order = await farmOrderInLab(owner);
    await farmLab(
      order.id,
      order.samples.map((s) => s.code),
      'COMPLETE',
      owner,
    );
    await waitFor(async () => (await farmStatus(order.id)) === 'ORDER_COMPLETED');
    return order;
  };

  it("a farm sample's 14 days start with its own results, and end", async () => {
    const order = await farmOrderInLab();
    const [first, second] = order.samples;
    const early = await req(h, 'POST', `/api/soil-tests/${first!.id}/complaints`, user.token, body);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('complaintNoResults');

    // The lab imports the first sector's sample only: its window opens, the other's stays shut.
    await farmLab(order.id, [first!.code], 'PARTIAL');
    await waitFor(async () => (await resultsAt(first!.id)) !== null);
    const open = (await req(h, 'GET', `/api/soil-tests/${first!.id}/complaints`, user.token)).body.window;
    expect(open).toMatchObject({ open: true, closedReason: null });
    expect(new Date(open.until).getTime() - new Date(open.resultsAt).getTime()).toBe(14 * DAY);
    expect(
      (await req(h, 'GET', `/api/soil-tests/${second!.id}/complaints`, user.token)).body.window,
    ).toMatchObject({ open: false, closedReason: 'NO_RESULTS' });
    expect(await farmStatus(order.id)).toBe('SAMPLES_IN_ANALYSIS');

    const filed = await req(h, 'POST', `/api/soil-tests/${first!.id}/complaints`, user.token, body);
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      kind: 'FARM',
      testId: first!.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      barcode: first!.code,
      sampleNumber: first!.sampleNumber,
      sectorName: first!.sectorName,
      status: 'OPEN',
    });
    const event = await h.events.next<{
      complaintId: string;
      kind: string;
      sampleCode: string;
      orderId: string;
    }>('orders.complaint.filed', (e) => e.data.complaintId === filed.body.id);
    expect(event.data).toMatchObject({ kind: 'FARM', sampleCode: first!.code, orderId: order.id });

    // Fifteen days later the window is closed, with the same codes as a garden test's.
    await h.service.ctx.db
      .updateTable('farm_order_samples')
      .set({ results_at: new Date(Date.now() - 15 * DAY) })
      .where('id', '=', first!.id)
      .execute();
    const late = await http<{ code: string; message: string }>(
      h.url,
      'POST',
      `/api/soil-tests/${first!.id}/complaints`,
      { token: user.token, body, headers: { 'accept-language': 'uk' } },
    );
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('complaintWindowClosed');
    expect(late.body.message).toMatch(/14 днів/);
    const mine = (await req(h, 'GET', `/api/soil-tests/${first!.id}/complaints`, user.token)).body;
    expect(mine.window).toMatchObject({ open: false, closedReason: 'EXPIRED' });
    expect(mine.items.map((c: { id: string }) => c.id)).toEqual([filed.body.id]);
  });

  it("only the owner complains about a farm sample: another user's real ids answer 404", async () => {
    const mineOrder = await completedFarmOrder();
    const theirsOrder = await completedFarmOrder(other);
    const sample = mineOrder.samples[0]!;
    // The other user, on this user's real sample; this user, on the other's real sample.
    expect((await req(h, 'GET', `/api/soil-tests/${sample.id}/complaints`, other.token)).status).toBe(404);
    const stranger = await req(h, 'POST', `/api/soil-tests/${sample.id}/complaints`, other.token, body);
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('orderNotFoundForTestId');
    const theirSample = theirsOrder.samples[1]!.id;
    expect((await req(h, 'POST', `/api/soil-tests/${theirSample}/complaints`, user.token, body)).status).toBe(
      404,
    );
    const theirs = await req(h, 'POST', `/api/soil-tests/${theirSample}/complaints`, other.token, body);
    expect(theirs.status).toBe(201);
    const photo = await fetch(`${h.url}/api/complaints/${theirs.body.id}/photo`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(photo.status).toBe(404);
    const count = await h.service.ctx.db
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('test_id', 'in', [sample.id, theirSample])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('takes the longest text and the largest photo allowed, and refuses one character or byte more', async () => {
    const order = await completedFarmOrder();
    const sample = order.samples[1]!;
    const send = (text: string, photoBytes: number) => {
      const form = new FormData();
      form.append('reason', 'RESULTS_MISSING');
      form.append('text', text);
      const png = Buffer.alloc(photoBytes);
      PNG.copy(png);
      form.append('photo', new Blob([png], { type: 'image/png' }), 'sektor.png');
      return fetch(`${h.url}/api/soil-tests/${sample.id}/complaints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
    };
    const longest = 'ż'.repeat(COMPLAINT_TEXT_MAX_LENGTH);
    const tooLong = await send(`${longest}a`, 1000);
    expect(tooLong.status).toBe(400);
    const tooBig = await send('Za duże zdjęcie.', PHOTO_LIMIT + 1);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { code: string }).code).toBe('photoTooLarge');
    const largest = await send(longest, PHOTO_LIMIT);
    expect(largest.status).toBe(201);
    const complaint = (await largest.json()) as { id: string; text: string; hasPhoto: boolean };
    expect(complaint.text).toBe(longest);
    expect(complaint.hasPhoto).toBe(true);
    const stored = await fetch(`${h.url}/farm-api/complaints/${complaint.id}/photo`, {
      headers: { authorization: `Bearer ${h.admin}` },
    });
    expect(stored.status).toBe(200);
    expect((await stored.arrayBuffer()).byteLength).toBe(PHOTO_LIMIT);
  });

  it('the admin lists farm and garden complaints together and re-tests a farm sample: its new results update the order', async () => {
    const garden = await testWithResults();
    const gardenComplaint = (
      await req(h, 'POST', `/api/soil-tests/${garden.id}/complaints`, user.token, body)
    ).body;
    const order = await completedFarmOrder();
    const sample = order.samples[1]!;
    const before = (await req(h, 'GET', `/api/soil-tests/${sample.id}/complaints`, user.token)).body.window;
    const complaint = (
      await req(h, 'POST', `/api/soil-tests/${sample.id}/complaints`, user.token, {
        reason: 'WRONG_SAMPLE',
        text: 'Ten sektor był wapnowany, a pH wyszło 4,2.',
      })
    ).body;

    // Either panel lists both, each naming its order and sample.
    for (const base of ['/farm-api', '/garden-api']) {
      expect((await req(h, 'GET', `${base}/complaints`, user.token)).status).toBe(403);
      const list = await req(h, 'GET', `${base}/complaints?status=OPEN&perPage=100`, h.admin);
      expect(list.status).toBe(200);
      const byId = new Map(list.body.items.map((c: { id: string }) => [c.id, c]));
      expect(byId.get(complaint.id)).toMatchObject({
        kind: 'FARM',
        orderId: order.id,
        orderNumber: order.orderNumber,
        barcode: sample.code,
        sampleNumber: sample.sampleNumber,
        sectorName: sample.sectorName,
        fieldName: 'Pole za stodołą',
      });
      expect(byId.get(gardenComplaint.id)).toMatchObject({
        kind: 'GARDEN',
        orderId: garden.id,
        barcode: garden.code,
        sampleNumber: null,
        sectorName: null,
        fieldName: 'Ogródek przy domu',
      });
    }

    const answered = await req(h, 'POST', `/farm-api/complaints/${complaint.id}/answer`, h.admin, {
      answer: 'Powtórzymy badanie próbki z tego sektora.',
      retest: true,
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'RETESTING', kind: 'FARM' });
    const event = await h.events.next<Record<string, unknown>>(
      'orders.complaint.answered',
      (e) => e.data.complaintId === complaint.id,
    );
    expect(event.data).toMatchObject({
      kind: 'FARM',
      testId: sample.id,
      orderId: order.id,
      sampleCode: sample.code,
      orderNumber: order.orderNumber,
      userId: user.userId,
      retest: true,
    });
    expect(await farmStatus(order.id)).toBe('ORDER_COMPLETED');

    // The lab imports the sample again: the complaint is done, the order's results are updated.
    await farmLab(order.id, [sample.code], 'UPDATED');
    await waitFor(async () => (await farmStatus(order.id)) === 'RESULTS_UPDATED');
    const after = (await req(h, 'GET', `/api/soil-tests/${sample.id}/complaints`, user.token)).body;
    expect(after.items[0]).toMatchObject({ id: complaint.id, status: 'RETESTED' });
    // New results open a fresh window.
    expect(new Date(after.window.until).getTime()).toBeGreaterThan(new Date(before.until).getTime());
    await h.events.next<{ orderId: string; to: string; kind: string }>(
      'orders.order.status-changed',
      (e) => e.data.orderId === order.id && e.data.to === 'RESULTS_UPDATED' && e.data.kind === 'FARM',
    );
    const history = (await req(h, 'GET', `/api/orders/${order.id}`, user.token)).body.order.statusHistory.map(
      (e: { status: string }) => e.status,
    );
    expect(history.slice(-2)).toEqual(['ORDER_COMPLETED', 'RESULTS_UPDATED']);
    // A further correction is one more update; the garden complaint is untouched.
    await farmLab(order.id, [order.samples[0]!.code], 'UPDATED');
    await waitFor(async () => {
      const h2 = (await req(h, 'GET', `/api/orders/${order.id}`, user.token)).body.order.statusHistory;
      return h2.filter((e: { status: string }) => e.status === 'RESULTS_UPDATED').length === 2;
    });
    const g = (await req(h, 'GET', `/api/soil-tests/${garden.id}/complaints`, user.token)).body.items[0];
    expect(g.status).toBe('OPEN');
    expect(h.service.consumer.deadLettered).toBe(0);
  });
});
