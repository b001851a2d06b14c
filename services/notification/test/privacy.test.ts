import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTestDatabases, startTestService, type TestService } from '@gleba/testkit';
import { applyRetention, notificationPrivacy } from '../src/app/privacy';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { notificationService } from '../src/service';

/** Notification's erasure (delivery logs lose the address and number) and its 90-day retention. */
describe('notification: erasure and retention of delivery logs', () => {
  let service: TestService<Database, Config>;
  const userId = randomUUID();
  const email = 'marta.erased@example.com';
  const phone = '+48601234987';

  async function delivery(values: {
    channel: string;
    recipient: string | null;
    status: string;
    age?: string;
  }) {
    const id = randomUUID();
    await sql`insert into deliveries (id, user_id, channel, type, template, source_key, recipient, language, params, app, status, created_at)
      values (${id}, ${userId}, ${values.channel}, 'ORDER_STATUS_CHANGED', 'statusChanged', ${`k:${id}:${email}`},
        ${values.recipient}, 'pl', ${JSON.stringify({ firstName: 'Marta' })}::jsonb, 'customer', ${values.status},
        now() - ${values.age ?? '1 day'}::interval)`.execute(service.ctx.db);
    return id;
  }

  beforeAll(async () => {
    service = await startTestService(notificationService, { config: { DELIVERY_WORKER: 'off' } });
  });
  afterAll(async () => {
    await service?.cleanup();
    await dropTestDatabases();
  });

  it('erases contact, settings and notices; strips the delivery and SMS logs; twice ends the same', async () => {
    const db = service.ctx.db;
    await sql`insert into contacts (user_id, email, first_name, last_name, phone_number, language, source_at, updated_at)
      values (${userId}, ${email}, 'Marta', 'Usuwalska', ${phone}, 'pl', now(), now())`.execute(db);
    const sent = await delivery({ channel: 'SMS', recipient: phone, status: 'SENT' });
    const waiting = await delivery({ channel: 'EMAIL', recipient: null, status: 'WAITING_CONTACT' });
    await sql`insert into sms_log (id, delivery_id, "to", "from", body) values (${randomUUID()}, ${sent}, ${phone}, 'Gleba', 'Gleba: Marta, wyniki gotowe')`.execute(
      db,
    );
    const first = await db.transaction().execute((trx) => notificationPrivacy.erase(trx, userId));
    expect(first).toMatchObject({ contacts: 1, deliveriesRedacted: 2, smsRedacted: 1 });
    const second = await db.transaction().execute((trx) => notificationPrivacy.erase(trx, userId));
    expect(second).toMatchObject({ contacts: 0, deliveriesRedacted: 0, smsRedacted: 0 });
    for (const needle of [email, phone, 'Marta', 'Usuwalska', '601234987']) {
      const found = await sql<{ n: string }>`select
        (select count(*) from deliveries d where d::text ilike ${`%${needle}%`}) +
        (select count(*) from sms_log s where s::text ilike ${`%${needle}%`}) +
        (select count(*) from contacts c where c::text ilike ${`%${needle}%`}) as n`.execute(db);
      expect(Number(found.rows[0]!.n), needle).toBe(0);
    }
    const rows = await sql<{
      id: string;
      status: string;
      reason: string | null;
    }>`select id, status, reason from deliveries where user_id = ${userId}`.execute(db);
    expect(rows.rows.find((r) => r.id === sent)).toMatchObject({ status: 'SENT' });
    // What was not sent is never sent to an erased person.
    expect(rows.rows.find((r) => r.id === waiting)).toMatchObject({
      status: 'SKIPPED',
      reason: 'accountErased',
    });
  });

  it('the daily job deletes delivery and SMS logs older than 90 days, not newer ones', async () => {
    const old = await delivery({
      channel: 'EMAIL',
      recipient: 'old@example.com',
      status: 'SENT',
      age: '91 days',
    });
    const recent = await delivery({
      channel: 'EMAIL',
      recipient: 'new@example.com',
      status: 'SENT',
      age: '89 days',
    });
    await sql`insert into sms_log (id, delivery_id, "to", "from", body, created_at)
      values (${randomUUID()}, ${old}, '+48600000001', 'Gleba', 'old', now() - interval '91 days')`.execute(
      service.ctx.db,
    );
    const result = await applyRetention(service.ctx);
    expect(result).toEqual({ deliveries: 1, sms: 1 });
    const left = await sql<{ id: string }>`select id from deliveries where id in (${old}, ${recent})`.execute(
      service.ctx.db,
    );
    expect(left.rows.map((r) => r.id)).toEqual([recent]);
  });
});
