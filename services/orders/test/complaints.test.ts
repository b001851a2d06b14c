import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultsImportedV1 } from '@gleba/contracts';
import { dropTestDatabases, http, publishTestEvent, waitFor } from '@gleba/testkit';
import { gardenBody, newUser, paidBarcodes, req, startHarness, type Harness, type TestUser } from './helpers';

const DAY = 86_400_000;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

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
    expect(mine.window.open).toBe(true);
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
});
