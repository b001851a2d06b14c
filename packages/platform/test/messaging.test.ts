import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import amqp from 'amqplib';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { PingV1 } from '@gleba/contracts';
import {
  AmqpConnection,
  EventConsumer,
  OutboxRelay,
  createDatabase,
  createLogger,
  createOutbox,
  migrateToLatest,
  on,
} from '@gleba/platform';
import {
  TcpProxy,
  createTestDatabase,
  dropTestDatabases,
  testEnv,
  testMessagingNames,
  waitFor,
} from '@gleba/testkit';

interface DB {
  pings: { seq: number; event_id: string };
  outbox: { id: string; published_at: Date | null };
  inbox: { event_id: string };
}

const migrations: Record<string, Migration> = {
  '2026_01_01_000000_create_pings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pings')
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'uuid')
        .execute();
    },
  },
};

const logger = createLogger('messaging-test', process.env.GLEBA_TEST_LOG_LEVEL ?? 'silent');

async function setupSide(label: string, amqpUrl: string) {
  const url = await createTestDatabase(label);
  const db = createDatabase<DB>(url, { max: 5 });
  await migrateToLatest(db as Kysely<unknown>, migrations);
  const connection = new AmqpConnection(amqpUrl, logger, { minDelayMs: 50, maxDelayMs: 500 });
  return { url, db, connection };
}

async function publishPings(db: Kysely<DB>, from: number, count: number) {
  const outbox = createOutbox('producer');
  for (let i = from; i < from + count; i += 1) {
    await db.transaction().execute((trx) => outbox.publish(trx, PingV1, { seq: i, from: 'test' }));
  }
}

// batch.max 1: one transaction per event; 20: events that arrive together share one (a failing
// batch is handled again event by event), with the same guarantees. Odd pings are written by the
// consumer's beforeCommit (deferred by the handler, one insert per transaction), even ones by the
// handler itself: both ways give exactly one effect per event.
describe.each([1, 20])('outbox -> broker -> inbox (consumer batch.max %i)', (batchMax) => {
  const names = testMessagingNames(`messaging-b${batchMax}`);
  const proxy = new TcpProxy('127.0.0.1', Number(new URL(testEnv.rabbitmqUrl).port || 5672));
  let producer: Awaited<ReturnType<typeof setupSide>>;
  let consumerSide: Awaited<ReturnType<typeof setupSide>>;
  let relay: OutboxRelay;
  let consumer: EventConsumer<DB>;
  let failingCalls = 0;
  const deferred = new WeakMap<object, { seq: number; event_id: string }[]>();
  // Transactions with handlers running now, and the most at once (batch.concurrency 1 below).
  const open = new Set<object>();
  let mostOpen = 0;

  beforeAll(async () => {
    await proxy.start();
    const viaProxy = `amqp://guest:guest@127.0.0.1:${proxy.port}`;
    producer = await setupSide(`producer_b${batchMax}`, viaProxy);
    consumerSide = await setupSide(`consumer_b${batchMax}`, viaProxy);
    relay = new OutboxRelay({
      db: producer.db as Kysely<unknown>,
      databaseUrl: producer.url,
      amqp: producer.connection,
      exchange: names.exchange,
      logger,
      pollMs: 100,
      batchSize: 50,
    });
    consumer = new EventConsumer<DB>({
      name: 'pinger',
      db: consumerSide.db,
      amqp: consumerSide.connection,
      exchange: names.exchange,
      queuePrefix: names.queuePrefix,
      retryDelaysMs: [50, 100],
      batch: {
        max: batchMax,
        concurrency: 1,
        beforeCommit: async (trx) => {
          open.delete(trx);
          const rows = deferred.get(trx);
          deferred.delete(trx);
          if (rows?.length) await trx.insertInto('pings').values(rows).execute();
        },
      },
      logger,
      handlers: [
        on<DB, typeof PingV1>(PingV1, async (trx, data, envelope) => {
          if (data.payload === 'always-fails') {
            failingCalls += 1;
            throw new Error('handler refuses this one');
          }
          open.add(trx);
          mostOpen = Math.max(mostOpen, open.size);
          const row = { seq: data.seq, event_id: envelope.id };
          if (data.seq % 2 === 0) await trx.insertInto('pings').values(row).execute();
          else deferred.set(trx, [...(deferred.get(trx) ?? []), row]);
        }),
      ],
    });
    await relay.start();
    await consumer.start();
    producer.connection.start();
    consumerSide.connection.start();
    expect(await producer.connection.waitUntilConnected()).toBe(true);
    expect(await consumerSide.connection.waitUntilConnected()).toBe(true);
  });

  afterAll(async () => {
    await relay?.stop();
    await producer?.connection.close();
    await consumerSide?.connection.close();
    await producer?.db.destroy();
    await consumerSide?.db.destroy();
    await proxy.stop();
    await dropTestDatabases();
  });

  it('delivers every event once, with no loss when the broker connection dies mid-stream', async () => {
    const total = 400;
    const writer = publishPings(producer.db, 0, total);
    // Cut both sides' broker connections twice while events are being written and relayed.
    await waitFor(
      async () =>
        (await consumerSide.db
          .selectFrom('pings')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst())!.n > 20,
    );
    proxy.cut();
    await new Promise((r) => setTimeout(r, 400));
    proxy.restore();
    await waitFor(
      async () =>
        (await consumerSide.db
          .selectFrom('pings')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst())!.n > 150,
    );
    proxy.cut();
    await new Promise((r) => setTimeout(r, 700));
    proxy.restore();
    await writer;

    await waitFor(
      async () => {
        const row = await consumerSide.db
          .selectFrom('pings')
          .select(sql<number>`count(distinct seq)`.as('n'))
          .executeTakeFirstOrThrow();
        return row.n === total;
      },
      { timeoutMs: 30_000, message: 'all events consumed' },
    );
    const rows = await consumerSide.db.selectFrom('pings').select(['seq']).execute();
    // Exactly one effect per event even though some were published twice around the cuts.
    expect(rows.length).toBe(total);
    expect(new Set(rows.map((r) => r.seq)).size).toBe(total);
    // The relay marks a row published once the broker confirmed it, which can be after the
    // consumer stored the event (a confirm lost in a cut: the row is published again, a duplicate).
    await waitFor(
      async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from outbox where published_at is null`.execute(
            producer.db,
          )
        ).rows[0]!.n === 0,
      { timeoutMs: 10_000, message: 'every outbox row marked published' },
    );
    // Relayed 50 at a time, events arrive together: with batching some shared a transaction.
    if (batchMax > 1) {
      expect(consumer.batches).toBeGreaterThan(0);
      // Messages that arrived while a batch ran waited for it (batch.concurrency 1).
      expect(mostOpen).toBe(1);
    } else {
      expect(consumer.batches).toBe(0);
    }
  });

  it('changes nothing when the same event is delivered twice', async () => {
    const model = await amqp.connect(testEnv.rabbitmqUrl);
    const channel = await model.createConfirmChannel();
    const envelope = {
      id: randomUUID(),
      type: PingV1.type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'test',
      correlationId: 'dup-test',
      data: { seq: 100_000, from: 'dup' },
    };
    for (let i = 0; i < 3; i += 1)
      channel.publish(names.exchange, PingV1.type, Buffer.from(JSON.stringify(envelope)), {
        persistent: true,
      });
    await channel.waitForConfirms();
    await model.close();
    await waitFor(
      async () =>
        (await consumerSide.db.selectFrom('pings').selectAll().where('seq', '=', 100_000).execute()).length >
        0,
    );
    await new Promise((r) => setTimeout(r, 500));
    const effects = await consumerSide.db
      .selectFrom('pings')
      .selectAll()
      .where('seq', '=', 100_000)
      .execute();
    expect(effects).toHaveLength(1);
    const inbox = await sql<{
      n: number;
    }>`select count(*)::int as n from inbox where event_id = ${envelope.id}`.execute(consumerSide.db);
    expect(inbox.rows[0]!.n).toBe(1);
  });

  it('dead-letters poison messages and events whose handler keeps failing, never acking them', async () => {
    const model = await amqp.connect(testEnv.rabbitmqUrl);
    const channel = await model.createConfirmChannel();
    const poison = [
      Buffer.from('this is not json'),
      Buffer.from(
        JSON.stringify({
          id: randomUUID(),
          type: PingV1.type,
          version: 1,
          occurredAt: new Date().toISOString(),
          producer: 't',
          correlationId: 'c',
          data: { seq: 'not-a-number' },
        }),
      ),
      Buffer.from(
        JSON.stringify({
          id: randomUUID(),
          type: PingV1.type,
          version: 7,
          occurredAt: new Date().toISOString(),
          producer: 't',
          correlationId: 'c',
          data: {},
        }),
      ),
    ];
    for (const body of poison) channel.publish(names.exchange, PingV1.type, body, { persistent: true });
    const failing = {
      id: randomUUID(),
      type: PingV1.type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 't',
      correlationId: 'c',
      data: { seq: 500_000, from: 't', payload: 'always-fails' },
    };
    channel.publish(names.exchange, PingV1.type, Buffer.from(JSON.stringify(failing)), { persistent: true });
    await channel.waitForConfirms();

    const dlq = consumer.names.deadLetterQueue;
    const received: string[] = [];
    await waitFor(
      async () => {
        const msg = await channel.get(dlq, { noAck: true });
        if (msg) received.push(msg.content.toString());
        return received.length === 4;
      },
      { timeoutMs: 20_000, message: 'four dead letters' },
    );
    await model.close();
    expect(received.some((b) => b.includes('always-fails'))).toBe(true);
    expect(received).toContain('this is not json');
    // First try plus one per retry delay.
    expect(failingCalls).toBe(3);
    const effect = await consumerSide.db.selectFrom('pings').selectAll().where('seq', '=', 500_000).execute();
    expect(effect).toHaveLength(0);
  });

  if (batchMax > 1)
    it('one failing event in a batch: the others are stored once, it alone is retried and dead-lettered', async () => {
      const model = await amqp.connect(testEnv.rabbitmqUrl);
      const channel = await model.createConfirmChannel();
      const ping = (seq: number, payload?: string) => ({
        id: randomUUID(),
        type: PingV1.type,
        version: 1,
        occurredAt: new Date().toISOString(),
        producer: 't',
        correlationId: `b-${seq}`,
        data: { seq, from: 't', ...(payload ? { payload } : {}) },
      });
      const callsBefore = failingCalls;
      const events = [
        ...Array.from({ length: 5 }, (_, i) => ping(600_000 + i)),
        ping(600_099, 'always-fails'),
        ...Array.from({ length: 5 }, (_, i) => ping(600_005 + i)),
      ];
      for (const e of events)
        channel.publish(names.exchange, PingV1.type, Buffer.from(JSON.stringify(e)), { persistent: true });
      await channel.waitForConfirms();
      const dlq = consumer.names.deadLetterQueue;
      let dead: string | null = null;
      await waitFor(
        async () => {
          const msg = await channel.get(dlq, { noAck: true });
          if (msg) dead = msg.content.toString();
          return dead !== null;
        },
        { timeoutMs: 20_000, message: 'the failing event dead-lettered' },
      );
      await model.close();
      expect(dead).toContain('600099');
      const stored = await consumerSide.db
        .selectFrom('pings')
        .select('seq')
        .where('seq', '>=', 600_000)
        .where('seq', '<', 600_100)
        .execute();
      expect(stored.map((r) => r.seq).sort()).toEqual(Array.from({ length: 10 }, (_, i) => 600_000 + i));
      // Tried in its batch (when it shared one) and then alone: first try plus one per retry delay.
      const calls = failingCalls - callsBefore;
      expect(calls).toBeGreaterThanOrEqual(3);
      expect(calls).toBeLessThanOrEqual(4);
    });
});
