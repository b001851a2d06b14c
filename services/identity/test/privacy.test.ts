import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivationLinkRequestedV1,
  DataExportCompletedV1,
  DataExportRequestedV1,
  ERASURE_COMPLETED,
  ErasureConfirmationRequestedV1,
  ErasureRequestedV1,
  EXPORT_PART_WRITTEN,
  PRIVACY_SERVICES,
  type EventData,
  type TPrivacyRequest,
} from '@gleba/contracts';
import { encodeExportFiles } from '@gleba/platform';
import {
  dropTestDatabases,
  listenForEvents,
  publishTestEvent,
  startTestService,
  waitFor,
  type EventListener,
  type TestService,
} from '@gleba/testkit';
import { dailyPrivacyCheck } from '../src/app/privacy';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { DEMO_ADMIN, seed } from '../src/seed';
import { identityService } from '../src/service';
import { STRONG_PASSWORD, http, registration } from './helpers';

const OTHERS = PRIVACY_SERVICES.filter((s) => s !== 'identity');

/**
 * Identity's side of "my data": the requests, their answers from every service (the other five
 * are played by events published here), the archive only to its owner or an admin, the erasure's
 * confirmations, the daily check and the retention of unactivated accounts.
 */
describe('identity: data export and erasure requests', () => {
  let service: TestService<Database, Config>;
  let events: EventListener;
  let url: string;
  let exchange: string;
  let admin: string;
  const users: Record<string, { id: string; token: string }> = {};

  async function newUser(label: string, overrides: Record<string, unknown> = {}) {
    const reg = await http(url, 'POST', '/api/auth/register', {
      body: registration({ email: `${label}@example.com`, ...overrides }),
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const link = await events.next<EventData<typeof ActivationLinkRequestedV1>>(
      ActivationLinkRequestedV1.type,
      (e) => e.data.userId === reg.body.id,
    );
    const tokens = (await http(url, 'GET', `/api/auth/activate/${link.data.token}`)).body;
    users[label] = { id: reg.body.id, token: tokens.accessToken };
    return users[label]!;
  }

  const answerExport = (requestId: string, userId: string, service: (typeof OTHERS)[number]) =>
    publishTestEvent(exchange, EXPORT_PART_WRITTEN[service], {
      requestId,
      userId,
      files: encodeExportFiles([{ name: `${service}.json`, content: { service, userId } }]),
      fileCount: 1,
    });
  const answerErasure = (requestId: string, userId: string, service: (typeof OTHERS)[number]) =>
    publishTestEvent(exchange, ERASURE_COMPLETED[service], { requestId, userId, counts: { rows: 1 } });

  const myRequests = async (token: string) =>
    (await http<TPrivacyRequest[]>(url, 'GET', '/api/users/me/privacy-requests', { token })).body;

  beforeAll(async () => {
    service = await startTestService(identityService, { config: { BCRYPT_COST: 10 } });
    url = service.url;
    exchange = service.ctx.config.EVENTS_EXCHANGE;
    events = await listenForEvents(exchange);
    await seed(service.ctx.db, { bcryptCost: 10 });
    admin = (await http(url, 'POST', '/farm-api/auth/admin/login', { body: DEMO_ADMIN })).body.accessToken;
    await newUser('owner', { firstName: 'Olga', language: 'uk' });
    await newUser('other');
  });
  afterAll(async () => {
    await events?.close();
    await service?.cleanup();
    await dropTestDatabases();
  });

  it('an export waits for every service; the last part completes the archive, told once', async () => {
    const { id: userId, token } = users.owner!;
    const asked = await http<TPrivacyRequest>(url, 'POST', '/api/users/me/privacy-requests/export', {
      token,
    });
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('IN_PROGRESS');
    const requested = await events.next<EventData<typeof DataExportRequestedV1>>(
      DataExportRequestedV1.type,
      (e) => e.data.requestId === asked.body.id,
    );
    expect(requested.data).toEqual({ requestId: asked.body.id, userId, language: 'uk' });
    // Identity answers for itself through the broker.
    await waitFor(
      async () =>
        (await myRequests(token))[0]?.services.find((s) => s.service === 'identity')?.done || undefined,
      { timeoutMs: 15_000, message: "identity's own part" },
    );
    for (const s of OTHERS.slice(0, 4)) await answerExport(asked.body.id, userId, s);
    await answerExport(asked.body.id, userId, 'geo'); // a part sent twice counts once
    await waitFor(
      async () => (await myRequests(token))[0]!.services.filter((s) => s.done).length === 5 || undefined,
      {
        timeoutMs: 15_000,
        message: 'five parts',
      },
    );
    expect((await myRequests(token))[0]!.status).toBe('IN_PROGRESS');
    await answerExport(asked.body.id, userId, 'notification');
    const done = await waitFor(
      async () => {
        const r = (await myRequests(token))[0]!;
        return r.status === 'COMPLETED' ? r : undefined;
      },
      { timeoutMs: 15_000, message: 'export completed' },
    );
    expect(done.archiveAvailable).toBe(true);
    const ready = await events.next<EventData<typeof DataExportCompletedV1>>(
      DataExportCompletedV1.type,
      (e) => e.data.requestId === asked.body.id,
    );
    expect(ready.data).toMatchObject({
      userId,
      email: 'owner@example.com',
      firstName: 'Olga',
      language: 'uk',
    });
    const expires = new Date(ready.data.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(7 * 86_400_000);

    const res = await fetch(`${url}/api/users/me/privacy-requests/${done.id}/archive`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(zip.files).sort()).toEqual(
      ['README.txt', 'identity.json', ...OTHERS.map((s) => `${s}.json`)].sort(),
    );
    expect(await zip.file('README.txt')!.async('string')).toContain('Ваші дані в Gleba');
    const identityJson = JSON.parse(await zip.file('identity.json')!.async('string'));
    expect(identityJson.user.email).toBe('owner@example.com');
    expect(JSON.stringify(identityJson)).not.toContain('password_hash');
    // The parts are dropped once the archive holds them.
    const parts = await sql<{ n: string }>`select count(*) as n from privacy_request_services
      where request_id = ${done.id} and part is not null`.execute(service.ctx.db);
    expect(Number(parts.rows[0]!.n)).toBe(0);
  });

  it('the archive is its owner’s or an admin’s: another user’s real id is not found', async () => {
    const [request] = await myRequests(users.owner!.token);
    const other = await http(url, 'GET', `/api/users/me/privacy-requests/${request!.id}/archive`, {
      token: users.other!.token,
    });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('privacyRequestNotFound');
    const anonymous = await http(url, 'GET', `/api/users/me/privacy-requests/${request!.id}/archive`);
    expect(anonymous.status).toBe(401);
    const byAdmin = await fetch(`${url}/farm-api/users/privacy-requests/${request!.id}/archive`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(byAdmin.status).toBe(200);
    const userOnAdminApi = await http(url, 'GET', `/farm-api/users/privacy-requests/${request!.id}/archive`, {
      token: users.other!.token,
    });
    expect(userOnAdminApi.status).toBe(403);
    const list = await http(url, 'GET', `/farm-api/users/${users.owner!.id}/privacy-requests`, {
      token: users.other!.token,
    });
    expect(list.status).toBe(403);
    expect(await myRequests(users.other!.token)).toEqual([]);
  });

  it('an expired archive answers 410 and the daily job deletes it', async () => {
    const [request] = await myRequests(users.owner!.token);
    await sql`update privacy_requests set archive_expires_at = now() - interval '1 minute' where id = ${request!.id}`.execute(
      service.ctx.db,
    );
    const res = await http(url, 'GET', `/api/users/me/privacy-requests/${request!.id}/archive`, {
      token: users.owner!.token,
    });
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('exportArchiveExpired');
    const result = await dailyPrivacyCheck(service.ctx as never);
    expect(result.archivesDropped).toBe(1);
    const left = await sql<{
      archive: Buffer | null;
    }>`select archive from privacy_requests where id = ${request!.id}`.execute(service.ctx.db);
    expect(left.rows[0]!.archive).toBeNull();
  });

  it('a service late by a day is asked again and the request shown late; then it completes', async () => {
    const { id: userId, token } = users.owner!;
    const asked = (
      await http<TPrivacyRequest>(url, 'POST', '/api/users/me/privacy-requests/export', { token })
    ).body;
    await waitFor(
      async () => (await myRequests(token)).find((r) => r.id === asked.id)?.services[0]?.done || undefined,
      { timeoutMs: 15_000, message: "identity's part" },
    );
    for (const s of OTHERS.filter((s) => s !== 'shipping')) await answerExport(asked.id, userId, s);
    await waitFor(
      async () =>
        (await myRequests(token)).find((r) => r.id === asked.id)!.services.filter((s) => s.done).length ===
          5 || undefined,
      { timeoutMs: 15_000, message: 'five parts' },
    );
    await sql`update privacy_requests set requested_at = now() - interval '25 hours' where id = ${asked.id}`.execute(
      service.ctx.db,
    );
    const before = events
      .all()
      .filter(
        (e) =>
          e.type === DataExportRequestedV1.type && (e.data as { requestId: string }).requestId === asked.id,
      ).length;
    const check = await dailyPrivacyCheck(service.ctx as never);
    expect(check.requestsAskedAgain).toBe(1);
    await waitFor(
      () =>
        events
          .all()
          .filter(
            (e) =>
              e.type === DataExportRequestedV1.type &&
              (e.data as { requestId: string }).requestId === asked.id,
          ).length > before || undefined,
      { timeoutMs: 10_000, message: 'asked again' },
    );
    const late = (
      await http<TPrivacyRequest[]>(url, 'GET', `/farm-api/users/${userId}/privacy-requests`, {
        token: admin,
      })
    ).body.find((r) => r.id === asked.id)!;
    expect(late.overdue).toBe(true);
    expect(late.services.find((s) => s.service === 'shipping')).toMatchObject({ done: false, attempts: 2 });
    expect(late.services.find((s) => s.service === 'geo')).toMatchObject({ done: true, attempts: 1 });
    await answerExport(asked.id, userId, 'shipping');
    await waitFor(
      async () =>
        (await myRequests(token)).find((r) => r.id === asked.id)?.status === 'COMPLETED' || undefined,
      { timeoutMs: 15_000, message: 'completed after the late part' },
    );
  });

  it('erasure needs the password; a wrong one changes nothing', async () => {
    const { token, id } = users.other!;
    const none = await http(url, 'POST', '/api/users/me/privacy-requests/erasure', { token, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('erasurePasswordRequired');
    const wrong = await http(url, 'POST', '/api/users/me/privacy-requests/erasure', {
      token,
      body: { password: 'Wrong#2024x' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('erasureWrongPassword');
    // The largest password the schema takes is checked like any other; one more character is refused.
    const longest = await http(url, 'POST', '/api/users/me/privacy-requests/erasure', {
      token,
      body: { password: 'x'.repeat(200) },
    });
    expect(longest.status).toBe(400);
    expect(longest.body.code).toBe('erasureWrongPassword');
    const longestToken = await http(url, 'POST', '/api/users/me/privacy-requests/erasure/confirm', {
      token,
      body: { token: 'x'.repeat(200) },
    });
    expect(longestToken.status).toBe(400);
    expect(longestToken.body.code).toBe('invalidOrExpiredLink');
    const tooLong = await http(url, 'POST', '/api/users/me/privacy-requests/erasure', {
      token,
      body: { password: 'x'.repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    const rows = await sql<{
      n: string;
    }>`select count(*) as n from privacy_requests where user_id = ${id} and kind = 'ERASURE'`.execute(
      service.ctx.db,
    );
    expect(Number(rows.rows[0]!.n)).toBe(0);
    const adminSelf = await http(url, 'POST', '/api/users/me/privacy-requests/erasure', {
      token: admin,
      body: { password: DEMO_ADMIN.password },
    });
    expect(adminSelf.status).toBe(409);
    expect(adminSelf.body.code).toBe('adminNotErasable');
  });

  it('erasure: the account stops at once, identity anonymizes itself, the sixth answer closes it', async () => {
    const victim = await newUser('victim', { firstName: 'Wiktoria', lastName: 'Usuwalska' });
    const asked = await http(url, 'POST', '/api/users/me/privacy-requests/erasure', {
      token: victim.token,
      body: { password: STRONG_PASSWORD },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const requestId = asked.body.request.id as string;
    // Asking twice (the admin too) returns the open request.
    const again = await http(url, 'POST', `/farm-api/users/${victim.id}/privacy-requests/erasure`, {
      token: admin,
    });
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(requestId);
    const requested = await events.next<EventData<typeof ErasureRequestedV1>>(
      ErasureRequestedV1.type,
      (e) => e.data.requestId === requestId,
    );
    expect(requested.data).toEqual({ requestId, userId: victim.id });
    const login = await http(url, 'POST', '/api/auth/login', {
      body: { email: 'victim@example.com', password: STRONG_PASSWORD },
    });
    // The account stops at once: refused (403) while identity has not anonymized it yet; once its own
    // consumer has (it takes the same event, sometimes before this test does), the e-mail no longer
    // exists (401). Still named after the answer: then 403 was the only right one.
    const named = await sql<{
      first_name: string;
    }>`select first_name from users where id = ${victim.id}`.execute(service.ctx.db);
    expect(named.rows[0]!.first_name === '' ? [401, 403] : [403]).toContain(login.status);
    await waitFor(
      async () => {
        const r = await sql<{
          first_name: string;
          email: string;
        }>`select first_name, email from users where id = ${victim.id}`.execute(service.ctx.db);
        return r.rows[0]!.first_name === '' ? r.rows[0] : undefined;
      },
      { timeoutMs: 15_000, message: 'identity anonymized the account' },
    );
    for (const s of OTHERS) await answerErasure(requestId, victim.id, s);
    await answerErasure(requestId, victim.id, 'orders'); // twice: counted once
    await waitFor(
      async () => {
        const r = await sql<{
          erased_at: Date | null;
        }>`select erased_at from users where id = ${victim.id}`.execute(service.ctx.db);
        return r.rows[0]!.erased_at ?? undefined;
      },
      { timeoutMs: 15_000, message: 'account closed' },
    );
    const reinstate = await http(url, 'POST', `/farm-api/users/${victim.id}/reinstate`, { token: admin });
    expect(reinstate.status).toBe(409);
    expect(reinstate.body.code).toBe('accountErased');
    const progress = (
      await http<TPrivacyRequest[]>(url, 'GET', `/farm-api/users/${victim.id}/privacy-requests`, {
        token: admin,
      })
    ).body[0]!;
    expect(progress).toMatchObject({ kind: 'ERASURE', status: 'COMPLETED', requestedBy: 'OWNER' });
    expect(progress.services.every((s) => s.done && s.attempts === 1)).toBe(true);
    // Nothing of the person is left in identity's tables.
    for (const needle of ['victim@example.com', 'Wiktoria', 'Usuwalska', '600 700 800']) {
      const found = await sql<{ n: string }>`select
        (select count(*) from users u where u::text ilike ${`%${needle}%`}) +
        (select count(*) from user_profiles p where p::text ilike ${`%${needle}%`}) +
        (select count(*) from outbox o where o.published_at is not null and o::text ilike ${`%${needle}%`}) as n`.execute(
        service.ctx.db,
      );
      expect(Number(found.rows[0]!.n), needle).toBe(0);
    }
  });

  it('an account without a password confirms by the e-mailed link, as its owner only', async () => {
    const social = await newUser('social');
    await sql`update users set password_hash = null where id = ${social.id}`.execute(service.ctx.db);
    const asked = await http(url, 'POST', '/api/users/me/privacy-requests/erasure', {
      token: social.token,
      body: {},
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ confirmationSent: true, request: null });
    const mail = await events.next<EventData<typeof ErasureConfirmationRequestedV1>>(
      ErasureConfirmationRequestedV1.type,
      (e) => e.data.userId === social.id,
    );
    const byOther = await http(url, 'POST', '/api/users/me/privacy-requests/erasure/confirm', {
      token: users.other!.token,
      body: { token: mail.data.token },
    });
    expect(byOther.status).toBe(400);
    expect(byOther.body.code).toBe('invalidOrExpiredLink');
    const confirmed = await http(url, 'POST', '/api/users/me/privacy-requests/erasure/confirm', {
      token: social.token,
      body: { token: mail.data.token },
    });
    expect(confirmed.status).toBe(202);
    expect(confirmed.body).toMatchObject({ kind: 'ERASURE', status: 'IN_PROGRESS' });
    const reused = await http(url, 'POST', '/api/users/me/privacy-requests/erasure/confirm', {
      token: social.token,
      body: { token: mail.data.token },
    });
    expect(reused.status).toBe(400);
  });

  it('retention: an account never activated within 30 days is erased by the same flow', async () => {
    const reg = await http(url, 'POST', '/api/auth/register', {
      body: registration({ email: 'stale@example.com' }),
    });
    await sql`update users set created_at = now() - interval '31 days' where id = ${reg.body.id}`.execute(
      service.ctx.db,
    );
    const result = await dailyPrivacyCheck(service.ctx as never);
    expect(result.unactivatedErased).toBe(1);
    const requested = await events.next<EventData<typeof ErasureRequestedV1>>(
      ErasureRequestedV1.type,
      (e) => e.data.userId === reg.body.id,
    );
    const row = await sql<{
      requested_by: string;
    }>`select requested_by from privacy_requests where id = ${requested.data.requestId}`.execute(
      service.ctx.db,
    );
    expect(row.rows[0]!.requested_by).toBe('RETENTION');
    expect((await dailyPrivacyCheck(service.ctx as never)).unactivatedErased).toBe(0);
  });
});
