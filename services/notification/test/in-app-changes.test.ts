import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatusChangedV1, type TInAppChanges, type TInAppList } from '@gleba/contracts';
import {
  createTestKeys,
  dropTestDatabases,
  http,
  publishTestEvent,
  startTestService,
  testMessagingNames,
  type TestKeys,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { inAppChangesOf } from '../src/app/in-app-changes';
import { notificationService } from '../src/service';
import { serviceConfig, sleep, statusChange } from './support';

/** Resolves with the poll's answer, or with 'slept' if it is still waiting after `ms`. */
const orSlept = <T>(p: Promise<T>, ms: number) => Promise.race([p, sleep(ms).then(() => 'slept' as const)]);

describe('in-app notifications: the long poll GET /api/notifications/in-app/changes', () => {
  let service: TestService<Database, Config>;
  let keys: TestKeys;
  const messaging = testMessagingNames('notification-changes');
  const token = (userId: string, lang: 'pl' | 'en' | 'uk' = 'pl') =>
    keys.sign({ sub: userId, role: 'USER', lang });
  const changes = (userId: string, query = '', lang?: string) =>
    http<TInAppChanges & { code?: string; message?: string }>(
      service.url,
      'GET',
      `/api/notifications/in-app/changes${query}`,
      {
        token: token(userId),
        headers: lang ? { 'accept-language': lang } : {},
      },
    );
  /** The poll is registered (its waiter is in the hub) before the test makes a change. */
  const registered = async (before: number) => {
    const hub = inAppChangesOf(service.ctx);
    for (let i = 0; i < 200 && hub.waiting <= before; i += 1) await sleep(10);
    expect(hub.waiting).toBeGreaterThan(before);
  };

  beforeAll(async () => {
    keys = createTestKeys();
    service = await startTestService(notificationService, {
      keys: keys.resolver,
      messaging,
      config: serviceConfig({ DELIVERY_WORKER: 'off' }),
    });
  });
  afterAll(async () => {
    await service?.cleanup();
    await dropTestDatabases();
  });

  it("answers at once without a cursor, and wakes on the user's next notification from an event", async () => {
    const userId = randomUUID();
    const first = await changes(userId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ cursor: '0-0', unseenCount: 0 });

    const waiting = inAppChangesOf(service.ctx).waiting;
    const poll = changes(userId, `?after=${first.body.cursor}&waitMs=12000`);
    await registered(waiting);
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, statusChange(userId, 'PARTIAL_RESULTS'));
    const answer = await orSlept(poll, 9000);
    expect(answer, 'the poll slept through the new notification').not.toBe('slept');
    const res = answer as Awaited<typeof poll>;
    expect(res.status).toBe(200);
    expect(res.body.unseenCount).toBe(1);
    expect(res.body.cursor).not.toBe(first.body.cursor);
    // The notification is readable when the poll answers.
    const list = await http<TInAppList>(service.url, 'GET', '/api/notifications/in-app', {
      token: token(userId),
    });
    expect(list.body.items).toHaveLength(1);
  });

  it('wakes when a notification is marked seen, and on a row written by another writer (any replica)', async () => {
    const userId = randomUUID();
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, statusChange(userId, 'PARTIAL_RESULTS'));
    let state = (await changes(userId)).body;
    for (let i = 0; i < 300 && state.unseenCount === 0; i += 1) {
      await sleep(20);
      state = (await changes(userId)).body;
    }
    expect(state.unseenCount).toBe(1);
    const list = await http<TInAppList>(service.url, 'GET', '/api/notifications/in-app', {
      token: token(userId),
    });

    let waiting = inAppChangesOf(service.ctx).waiting;
    let poll = changes(userId, `?after=${state.cursor}&waitMs=12000`);
    await registered(waiting);
    expect(
      (
        await http(service.url, 'PATCH', `/api/notifications/in-app/${list.body.items[0]!.id}`, {
          token: token(userId),
        })
      ).status,
    ).toBe(200);
    let answer = await orSlept(poll, 9000);
    expect(answer, 'the poll slept through the notification marked seen').not.toBe('slept');
    const seen = (answer as Awaited<typeof poll>).body;
    expect(seen.unseenCount).toBe(0);
    expect(seen.cursor).not.toBe(state.cursor);

    // A row inserted by someone else (another replica's consumer) wakes this replica's poll.
    waiting = inAppChangesOf(service.ctx).waiting;
    poll = changes(userId, `?after=${seen.cursor}&waitMs=12000`);
    await registered(waiting);
    await sql`insert into in_app_notifications (id, user_id, type, content, params, source_key)
      values (${randomUUID()}, ${userId}, 'ORDER_STATUS_CHANGED', 'notifications.orderStatusChangedInApp', '{}'::jsonb, ${randomUUID()})`.execute(
      service.ctx.db,
    );
    answer = await orSlept(poll, 9000);
    expect(answer, 'the poll slept through a row written outside this process').not.toBe('slept');
    expect((answer as Awaited<typeof poll>).body.unseenCount).toBe(1);
  });

  it("remembers a user's state between looks until a NOTIFY for that user says it changed", async () => {
    const hub = inAppChangesOf(service.ctx);
    const userId = randomUUID();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { cursor: `c${loads}`, unseenCount: loads };
    };
    // Only while the LISTEN connection is up (it is, long since, in this suite).
    for (let i = 0; i < 300 && hub.waitLimit(60_000) !== 60_000; i += 1) await sleep(10);
    expect(await hub.stateOf(userId, load)).toEqual({ cursor: 'c1', unseenCount: 1 });
    expect(await hub.stateOf(userId, load)).toEqual({ cursor: 'c1', unseenCount: 1 });
    expect(loads).toBe(1);
    // Another user's change does not count; the user's own (a row from any writer) does.
    await sql`select pg_notify('gleba_in_app', ${randomUUID()})`.execute(service.ctx.db);
    await sleep(200);
    expect(await hub.stateOf(userId, load)).toEqual({ cursor: 'c1', unseenCount: 1 });
    await sql`insert into in_app_notifications (id, user_id, type, content, params, source_key)
      values (${randomUUID()}, ${userId}, 'ORDER_STATUS_CHANGED', 'notifications.orderStatusChangedInApp', '{}'::jsonb, ${randomUUID()})`.execute(
      service.ctx.db,
    );
    let state = await hub.stateOf(userId, load);
    for (let i = 0; i < 300 && state.cursor === 'c1'; i += 1) {
      await sleep(10);
      state = await hub.stateOf(userId, load);
    }
    expect(state.cursor).toBe('c2');
    expect(loads).toBe(2);

    // A NOTIFY that comes while a look-up is under way: that look-up's answer may predate the
    // change, so it is not remembered.
    const other = randomUUID();
    let release: (() => void) | undefined;
    const slow = hub.stateOf(
      other,
      () => new Promise((resolve) => (release = () => resolve({ cursor: 'old', unseenCount: 0 }))),
    );
    hub.forget(other); // stands for the NOTIFY (the listener calls it)
    await sleep(10);
    release!();
    expect(await slow).toEqual({ cursor: 'old', unseenCount: 0 });
    expect(await hub.stateOf(other, load)).toEqual({ cursor: 'c3', unseenCount: 3 });
  });

  it("answers with the same cursor after waitMs when nothing changed, and another user's notification does not count", async () => {
    const me = randomUUID();
    const other = randomUUID();
    const start = (await changes(me)).body;
    const poll = changes(me, `?after=${start.cursor}&waitMs=1500`);
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, statusChange(other, 'PARTIAL_RESULTS'));
    const res = await poll;
    expect(res.status).toBe(200);
    expect(res.body).toEqual(start);
  });

  it("refuses a malformed cursor or wait with the error body in the user's language", async () => {
    const userId = randomUUID();
    const bad = await changes(userId, '?after=yesterday', 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validationFailed');
    expect((await changes(userId, '?after=0-0&waitMs=600000')).status).toBe(400);
    expect((await http(service.url, 'GET', '/api/notifications/in-app/changes')).status).toBe(401);
  });
});
