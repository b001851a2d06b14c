import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatusChangedV1, type TInAppList, type TSmsLogList } from '@gleba/contracts';
import { createRedis } from '@gleba/platform';
import {
  createTestDatabase,
  createTestKeys,
  dropTestDatabases,
  http,
  publishTestEvent,
  startTestService,
  testEnv,
  testMessagingNames,
  uniqueSuffix,
  waitFor,
  type TestKeys,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { notificationService } from '../src/service';
import { registerUser, serviceConfig, sleep, startSmtpSink, statusChange, type SmtpSink } from './support';

/**
 * The service stops and starts again on the same database, queues and Redis prefix: an event is
 * still handled once, and a delivery whose job was lost is sent once. No Twilio credentials here,
 * so SMS land in the SMS log.
 */
describe('notification across restarts', () => {
  let smtp: SmtpSink;
  let keys: TestKeys;
  let databaseUrl: string;
  let service: TestService<Database, Config> | undefined;
  const messaging = testMessagingNames('notification-restart');
  const redisPrefix = `t:notification:${uniqueSuffix()}`;

  const start = async () => {
    service = await startTestService(notificationService, {
      keys: keys.resolver,
      messaging,
      databaseUrl,
      config: {
        ...serviceConfig({
          SMTP_URL: smtp.url,
          DELIVERY_BACKOFF_MS: 100,
          DELIVERY_SWEEP_MS: 300,
          DELIVERY_SWEEP_AGE_MS: 500,
        }),
        REDIS_PREFIX: redisPrefix,
      },
    });
    return service;
  };
  const inApp = async (userId: string) =>
    (
      await http<TInAppList>(service!.url, 'GET', '/api/notifications/in-app', {
        token: keys.sign({ sub: userId }),
      })
    ).body.items;
  const smsTo = async (to: string) =>
    (
      await http<TSmsLogList>(service!.url, 'GET', '/farm-api/deliveries/sms-log?perPage=100', {
        token: keys.sign({ role: 'ADMIN' }),
      })
    ).body.items.filter((m) => m.to === to);

  beforeAll(async () => {
    keys = createTestKeys();
    smtp = await startSmtpSink();
    databaseUrl = await createTestDatabase('notification');
    await start();
  });
  afterAll(async () => {
    await service?.cleanup();
    await smtp?.close();
    await dropTestDatabases();
  });

  it('handles an event published while the service was down once, after it starts again', async () => {
    const u = await registerUser(messaging.exchange, { language: 'en', phone: '604 555 666' });
    await waitFor(() =>
      service!.ctx.db
        .selectFrom('contacts')
        .select('user_id')
        .where('user_id', '=', u.userId)
        .executeTakeFirst(),
    );
    await service!.stop();

    const id = randomUUID();
    const data = statusChange(u.userId, 'WAITING_FOR_RESULTS');
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, data, { id });
    await start();
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, data, { id });

    await waitFor(async () => (await inApp(u.userId)).length === 1);
    const mail = await waitFor(() => smtp.to(u.email)[0]);
    expect(mail.subject).toBe('Samples for test GB1234567890 have been sent');
    const [sms] = await waitFor(async () =>
      (await smsTo('+48604555666')).length ? smsTo('+48604555666') : null,
    );
    expect(sms!.body).toContain('Samples for test GB1234567890 sent to the laboratory.');
    await sleep(800);
    expect(await inApp(u.userId)).toHaveLength(1);
    expect(smtp.to(u.email)).toHaveLength(1);
    expect(await smsTo('+48604555666')).toHaveLength(1);
  });

  it('stopped mid-way and with its queued jobs lost, it still sends each message once', async () => {
    const u = await registerUser(messaging.exchange, { language: 'uk', phone: '605 777 888' });
    await waitFor(() =>
      service!.ctx.db
        .selectFrom('contacts')
        .select('user_id')
        .where('user_id', '=', u.userId)
        .executeTakeFirst(),
    );
    const id = randomUUID();
    const data = statusChange(u.userId, 'PARTIAL_RESULTS');
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, data, { id });
    // Stop as soon as the event is handled: the e-mail and SMS jobs may not have run yet.
    await waitFor(
      () =>
        service!.ctx.db
          .selectFrom('in_app_notifications')
          .select('id')
          .where('user_id', '=', u.userId)
          .executeTakeFirst(),
      {
        intervalMs: 5,
      },
    );
    await service!.stop();

    // Redis loses every job of this service (flush, failover): the sweeper must find the pending rows.
    const redis = createRedis(testEnv.redisUrl);
    const jobKeys = await redis.keys(`${redisPrefix}:*`);
    if (jobKeys.length) await redis.del(...jobKeys);
    redis.disconnect();

    await start();
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, data, { id });
    const mail = await waitFor(() => smtp.to(u.email)[0]);
    expect(mail.subject).toBe('Часткові результати дослідження GB1234567890');
    expect(mail.html).toContain(`/soil-tests/${data.orderId}/results`);
    await waitFor(async () => (await smsTo('+48605777888')).length === 1);
    await sleep(1000);
    expect(await inApp(u.userId)).toHaveLength(1);
    expect(smtp.to(u.email)).toHaveLength(1);
    expect(await smsTo('+48605777888')).toHaveLength(1);
    // Kept in the SMS log with its segment count; the delivery says LOGGED, not SENT.
    expect((await smsTo('+48605777888'))[0]).toMatchObject({ segments: 1, encoding: 'UCS2' });
    const statuses = await service!.ctx.db
      .selectFrom('deliveries')
      .select(['channel', 'status'])
      .where('user_id', '=', u.userId)
      .execute();
    expect(statuses.map((s) => `${s.channel}:${s.status}`).sort()).toEqual(['EMAIL:SENT', 'SMS:LOGGED']);
  });
});
