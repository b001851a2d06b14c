import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { OrderCancelledV1, OrderStatusChangedV1 } from '@gleba/contracts';
import {
  createTestDatabase,
  createTestKeys,
  dropTestDatabases,
  publishTestEvent,
  startTestService,
  testMessagingNames,
  uniqueSuffix,
  waitFor,
  type TestKeys,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { notificationService } from '../src/service';
import {
  registerUser,
  serviceConfig,
  sleep,
  startSmtpSink,
  statusChange,
  type SmtpSink,
  type TestUser,
} from './support';

/**
 * Two replicas of the service on one database, one event queue and one set of delivery queues,
 * each consuming many events at once (prefetch 20), every event delivered twice and some notices
 * announced by two different events: each notice still gives one in-app notification, one e-mail
 * and one SMS. Replica B runs its e-mail and SMS workers in a child process (DELIVERY_WORKER=process,
 * as `node dist/main.js` does). No Twilio credentials: SMS land in the SMS log.
 */
describe('notification: two replicas consuming concurrently', () => {
  let smtp: SmtpSink;
  let keys: TestKeys;
  let a: TestService<Database, Config> | undefined;
  let b: TestService<Database, Config> | undefined;
  const messaging = testMessagingNames('notification-replicas');

  beforeAll(async () => {
    keys = createTestKeys();
    smtp = await startSmtpSink();
    const databaseUrl = await createTestDatabase('notification');
    const redisPrefix = `t:notification:${uniqueSuffix()}`;
    const replica = (worker: 'in-process' | 'process') =>
      startTestService(notificationService, {
        keys: keys.resolver,
        messaging,
        databaseUrl,
        config: {
          ...serviceConfig({
            SMTP_URL: smtp.url,
            DELIVERY_BACKOFF_MS: 100,
            DELIVERY_SWEEP_MS: 500,
            DELIVERY_WORKER: worker,
          }),
          REDIS_PREFIX: redisPrefix,
        },
      });
    a = await replica('in-process');
    b = await replica('process');
    // Replica B's delivery worker process is up once it connects (as notification-delivery; its sweeper queries at once).
    await waitFor(
      async () =>
        Number(
          (
            await sql<{
              n: string;
            }>`select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'notification-delivery'`.execute(
              a!.ctx.db,
            )
          ).rows[0]!.n,
        ) > 0,
      { timeoutMs: 50_000, message: 'delivery worker process' },
    );
  });
  afterAll(async () => {
    await b?.cleanup();
    await a?.cleanup();
    await smtp?.close();
    await dropTestDatabases();
  });

  it('gives each notice exactly once although events arrive twice, concurrently, at two replicas', async () => {
    const db = a!.ctx.db;
    const users: TestUser[] = [];
    for (let i = 0; i < 4; i += 1)
      users.push(
        await registerUser(messaging.exchange, {
          language: (['pl', 'en', 'uk'] as const)[i % 3],
          phone: `600 200 30${i}`,
        }),
      );
    await waitFor(
      async () =>
        Number(
          (
            await db
              .selectFrom('contacts')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ) === users.length,
    );

    // Per user: 10 status changes (distinct events) and one order cancelled by two events.
    const events: { publish: () => Promise<unknown> }[] = [];
    for (const u of users) {
      for (let i = 0; i < 10; i += 1) {
        const id = randomUUID();
        const data = statusChange(u.userId, 'PARTIAL_RESULTS', {
          barcode: `GB${String(i).padStart(10, '0')}`,
        });
        events.push({
          publish: () => publishTestEvent(messaging.exchange, OrderStatusChangedV1, data, { id }),
        });
      }
      const orderId = randomUUID();
      const cancelId = randomUUID();
      const statusId = randomUUID();
      events.push({
        publish: () =>
          publishTestEvent(
            messaging.exchange,
            OrderCancelledV1,
            {
              orderId,
              orderNumber: 'ZAM/2026/0043',
              userId: u.userId,
              kind: 'GARDEN',
              sampleCodes: [],
              cancelledByUserId: null,
              cancelledAt: new Date().toISOString(),
            },
            { id: cancelId },
          ),
      });
      events.push({
        publish: () =>
          publishTestEvent(
            messaging.exchange,
            OrderStatusChangedV1,
            statusChange(u.userId, 'CANCELLED', { orderId }),
            { id: statusId },
          ),
      });
    }
    // Every event twice in a row (a redelivery; the copies may meet at the two replicas), ten publishers at once.
    const copies = events.flatMap((e) => [e, e]);
    await Promise.all(
      Array.from({ length: 10 }, async (_, lane) => {
        for (let i = lane; i < copies.length; i += 10) await copies[i]!.publish();
      }),
    );

    const notices = users.length * 11;
    const count = async (query: string) =>
      Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(db)).rows[0]!.n);
    await waitFor(async () => (await count('select count(*) as n from in_app_notifications')) === notices, {
      timeoutMs: 30_000,
      message: 'in-app',
    });
    await waitFor(
      // E-mails SENT; SMS kept in the log only (no provider in this test) LOGGED.
      async () =>
        (await count(`select count(*) as n from deliveries where status in ('SENT', 'LOGGED')`)) ===
        notices * 2,
      {
        timeoutMs: 30_000,
        message: 'deliveries sent',
      },
    );
    await waitFor(() => smtp.mails.length >= notices, { timeoutMs: 10_000, message: 'mails' });
    await sleep(1000);

    expect(await count('select count(*) as n from in_app_notifications')).toBe(notices);
    expect(await count('select count(*) as n from deliveries')).toBe(notices * 2);
    expect(await count('select count(*) as n from sms_log')).toBe(notices);
    for (const u of users) {
      expect(smtp.to(u.email)).toHaveLength(11);
      const inApp = await db
        .selectFrom('in_app_notifications')
        .select(['type'])
        .where('user_id', '=', u.userId)
        .execute();
      expect(inApp.filter((n) => n.type === 'ORDER_CANCELLED')).toHaveLength(1);
    }
    // Both replicas took part; every delivery of every event was handled (the copies as no-ops),
    // plus the registrations.
    expect(a!.consumer.handled).toBeGreaterThan(0);
    expect(b!.consumer.handled).toBeGreaterThan(0);
    expect(a!.consumer.handled + b!.consumer.handled).toBe(events.length * 2 + users.length);
  });
});
