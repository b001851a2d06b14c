import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { sql } from 'kysely';
import type { TPrivacyRequest } from '@gleba/contracts';
import { dropTestDatabases, http, waitFor } from '@gleba/testkit';
import { customerWithData } from '../src/customer';
import { startSmtpSink } from '../src/smtp-sink';
import { findText, SERVICE_NAMES, startSixServices } from '../src/six-services';

/**
 * My data: a person with data in all six services exports it (every part in the archive), then
 * erases it; afterwards their e-mail, phone and name are in none of the six databases (delivery
 * logs included), while the paid order's number and amounts remain.
 */
describe('my data: export and erasure across the six services', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let system: Awaited<ReturnType<typeof startSixServices>>;
  let email = '';
  let phone = '';
  let firstName = '';
  let lastName = '';
  let password = '';
  let token = '';
  let userId = '';
  let orderNumber = '';
  let orderId = '';

  beforeAll(async () => {
    smtp = await startSmtpSink();
    system = await startSixServices('mydata', smtp.url);
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await smtp?.close();
    await dropTestDatabases();
  });

  it('a customer has data in every service', async () => {
    const c = await customerWithData(
      { identity: system.url('identity'), geo: system.url('geo'), orders: system.url('orders') },
      smtp,
      'zdzislawa',
    );
    ({ email, phone, firstName, lastName, password, token, userId, orderId, orderNumber } = c);
    // Every service holds the person's data (through its events) before the export.
    await waitFor(async () => (await findText(system.db('lab-import'), userId)).length > 0 || undefined, {
      timeoutMs: 30_000,
      message: 'expected samples at lab-import',
    });
    for (const name of ['identity', 'orders', 'shipping', 'notification'] as const)
      await waitFor(async () => (await findText(system.db(name), email)).length > 0 || undefined, {
        timeoutMs: 30_000,
        message: `${name} holds the e-mail`,
      });
    await waitFor(async () => (await findText(system.db('geo'), userId)).length > 0 || undefined, {
      timeoutMs: 10_000,
      message: 'geo holds the plots',
    });
  });

  it('exports: one archive with every service part, a README in English, e-mailed link', async () => {
    const identity = system.url('identity');
    const asked = await http<TPrivacyRequest>(identity, 'POST', '/api/users/me/privacy-requests/export', {
      token,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    // Asking again while it runs returns the same request.
    const again = await http<TPrivacyRequest>(identity, 'POST', '/api/users/me/privacy-requests/export', {
      token,
    });
    expect(again.body.id).toBe(asked.body.id);
    const done = await waitFor(
      async () => {
        const list = await http<TPrivacyRequest[]>(identity, 'GET', '/api/users/me/privacy-requests', {
          token,
        });
        const r = list.body.find((x) => x.id === asked.body.id);
        return r?.status === 'COMPLETED' ? r : undefined;
      },
      { timeoutMs: 60_000, message: 'export completed' },
    );
    expect(done.services.every((s) => s.done)).toBe(true);
    expect(done.archiveAvailable).toBe(true);

    const archive = await fetch(`${identity}/api/users/me/privacy-requests/${done.id}/archive`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toContain('application/zip');
    const zip = await JSZip.loadAsync(Buffer.from(await archive.arrayBuffer()));
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(
      [
        'README.txt',
        'geo-crops.geojson',
        'geo-plots.geojson',
        'geo.json',
        'identity.json',
        'lab-import.json',
        'notification.json',
        'orders.json',
        'shipping.json',
      ].sort(),
    );
    expect(await zip.file('README.txt')!.async('string')).toContain('Your data at Gleba');
    expect(await zip.file('identity.json')!.async('string')).toContain(email);
    expect(await zip.file('orders.json')!.async('string')).toContain(orderNumber);
    expect(await zip.file('lab-import.json')!.async('string')).toContain(orderNumber);
    expect(await zip.file('shipping.json')!.async('string')).toContain(email);
    expect(await zip.file('notification.json')!.async('string')).toContain(email);
    const plots = JSON.parse(await zip.file('geo-plots.geojson')!.async('string')) as {
      type: string;
      features: { geometry: { type: string }; properties: { name: string } }[];
    };
    expect(plots.type).toBe('FeatureCollection');
    expect(plots.features[0]?.geometry.type).toBe('Polygon');
    expect(plots.features[0]?.properties.name).toBe('Pole przy lesie');
    const crops = JSON.parse(await zip.file('geo-crops.geojson')!.async('string')) as { features: unknown[] };
    expect(crops.features.length).toBeGreaterThan(0);

    const mail = await waitFor(() => smtp.to(email).find((m) => /download/i.test(m.subject ?? '')), {
      timeoutMs: 30_000,
      message: 'export e-mail',
    });
    expect(mail.text).toContain(`http://app.test/account/data/${done.id}`);
  });

  it('erases: nothing names the person in any of the six databases; the paid order keeps its figures', async () => {
    const identity = system.url('identity');
    const before = await sql<{ order_number: string; total_price: number; payment_status: string }>`
      select order_number, total_price, payment_status from farm_orders where id = ${orderId}`.execute(
      system.db('orders'),
    );
    expect(before.rows[0]?.order_number).toBe(orderNumber);
    // Where the person sampled: the sample outlines (and any punctures recorded) name a place.
    const located = sql<{ n: number }>`
      select count(*)::int as n from farm_order_samples
      where order_id = ${orderId} and (geometry is not null or jsonb_array_length(taken_punctures) > 0)`;
    expect((await located.execute(system.db('orders'))).rows[0]?.n).toBeGreaterThan(0);

    const wrong = await http(identity, 'POST', '/api/users/me/privacy-requests/erasure', {
      token,
      body: { password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { code: string }).code).toBe('erasureWrongPassword');
    const asked = await http<{ confirmationSent: boolean; request: TPrivacyRequest }>(
      identity,
      'POST',
      '/api/users/me/privacy-requests/erasure',
      { token, body: { password } },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.confirmationSent).toBe(false);
    const requestId = asked.body.request.id;

    await waitFor(
      async () => {
        const r = await sql<{ completed_at: Date | null }>`
          select completed_at from privacy_requests where id = ${requestId}`.execute(system.db('identity'));
        return r.rows[0]?.completed_at ?? undefined;
      },
      { timeoutMs: 60_000, message: 'erasure completed by all six' },
    );
    // The erasure's own events are published (and so cleared from nothing that names the person).
    for (const name of SERVICE_NAMES)
      await waitFor(
        async () => {
          const r = await sql<{
            n: string;
          }>`select count(*) as n from outbox where published_at is null`.execute(system.db(name));
          return Number(r.rows[0]?.n) === 0 || undefined;
        },
        { timeoutMs: 20_000, message: `${name} outbox drained` },
      );

    for (const name of SERVICE_NAMES)
      for (const needle of [email, phone, lastName, firstName]) {
        expect(await findText(system.db(name), needle), `${needle} in ${name}`).toEqual([]);
      }

    const after = await sql<{ order_number: string; total_price: number; payment_status: string }>`
      select order_number, total_price, payment_status from farm_orders where id = ${orderId}`.execute(
      system.db('orders'),
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
    expect((await located.execute(system.db('orders'))).rows[0]?.n).toBe(0);
    // The lab keeps the samples, detached from the person.
    const samples = await sql<{ user_id: string }>`
      select user_id from expected_samples where order_number = ${orderNumber}`.execute(
      system.db('lab-import'),
    );
    expect(samples.rows.length).toBeGreaterThan(0);
    expect(samples.rows.every((s) => s.user_id !== userId)).toBe(true);
    // The delivery log keeps that e-mails went out, without the address.
    const deliveries = await sql<{ recipient: string | null }>`
      select recipient from deliveries where user_id = ${userId}`.execute(system.db('notification'));
    expect(deliveries.rows.length).toBeGreaterThan(0);
    expect(deliveries.rows.every((d) => d.recipient === null)).toBe(true);

    // The account is closed: it cannot sign in.
    const login = await http(identity, 'POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(401);
  });
});
