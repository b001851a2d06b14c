import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createTestDatabase, dropTestDatabases, testEnv, testMessagingNames, waitFor } from '@gleba/testkit';

/**
 * A real RabbitMQ restart in the middle of a stream (rabbitmqctl stop_app / start_app). It runs
 * alone, after every other test (`npm test`'s fault stage), because it takes the shared broker down.
 */
const rabbitmqctl = spawnSync('rabbitmqctl', ['status'], { stdio: 'ignore', timeout: 20_000 }).status === 0;

interface DB {
  pings: { seq: number };
}
const migrations: Record<string, Migration> = {
  '2026_01_01_000000_create_pings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pings')
        .addColumn('seq', 'integer', (c) => c.notNull().unique())
        .execute();
    },
  },
};
const logger = createLogger('broker-restart', process.env.GLEBA_TEST_LOG_LEVEL ?? 'silent');
const count = async (db: Kysely<DB>) =>
  (await sql<{ n: number }>`select count(*)::int as n from pings`.execute(db)).rows[0]!.n;

describe.runIf(rabbitmqctl)('a real broker restart mid-stream', () => {
  const names = testMessagingNames('restart');
  let producerDb: Kysely<unknown>;
  let consumerDb: Kysely<DB>;
  let relay: OutboxRelay;
  const producerAmqp = new AmqpConnection(testEnv.rabbitmqUrl, logger, { minDelayMs: 200, maxDelayMs: 1000 });
  const consumerAmqp = new AmqpConnection(testEnv.rabbitmqUrl, logger, { minDelayMs: 200, maxDelayMs: 1000 });

  beforeAll(async () => {
    const producerUrl = await createTestDatabase('restart_producer');
    producerDb = createDatabase<unknown>(producerUrl);
    consumerDb = createDatabase<DB>(await createTestDatabase('restart_consumer'));
    await migrateToLatest(producerDb, {});
    await migrateToLatest(consumerDb as Kysely<unknown>, migrations);
    relay = new OutboxRelay({
      db: producerDb,
      databaseUrl: producerUrl,
      amqp: producerAmqp,
      exchange: names.exchange,
      logger,
      pollMs: 100,
    });
    const consumer = new EventConsumer<DB>({
      name: 'restart',
      db: consumerDb,
      amqp: consumerAmqp,
      exchange: names.exchange,
      queuePrefix: names.queuePrefix,
      retryDelaysMs: [200, 500],
      logger,
      handlers: [
        on<DB, typeof PingV1>(PingV1, async (trx, data) => {
          await trx.insertInto('pings').values({ seq: data.seq }).execute();
        }),
      ],
    });
    await consumer.start();
    await relay.start();
    consumerAmqp.start();
    producerAmqp.start();
    expect(await consumerAmqp.waitUntilConnected()).toBe(true);
    expect(await producerAmqp.waitUntilConnected()).toBe(true);
  });

  afterAll(async () => {
    await relay?.stop();
    await producerAmqp.close();
    await consumerAmqp.close();
    await producerDb?.destroy();
    await consumerDb?.destroy();
    await dropTestDatabases();
  });

  it('loses no event and doubles no effect', async () => {
    const outbox = createOutbox('restart-test');
    const total = 300;
    const writer = (async () => {
      for (let i = 0; i < total; i += 1) {
        await producerDb
          .transaction()
          .execute((trx) => outbox.publish(trx, PingV1, { seq: i, from: 'restart' }));
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await waitFor(async () => (await count(consumerDb)) > 30, { timeoutMs: 30_000 });
    execFileSync('rabbitmqctl', ['stop_app'], { stdio: 'ignore', timeout: 60_000 });
    await new Promise((r) => setTimeout(r, 1500));
    execFileSync('rabbitmqctl', ['start_app'], { stdio: 'ignore', timeout: 120_000 });
    await writer;
    await waitFor(async () => (await count(consumerDb)) === total, {
      timeoutMs: 90_000,
      message: 'every event consumed after the restart',
    });
    const unpublished = await sql<{
      n: number;
    }>`select count(*)::int as n from outbox where published_at is null`.execute(producerDb);
    expect(unpublished.rows[0]!.n).toBe(0);
    // The unique column would have refused a doubled effect; the count says none was lost.
    expect(await count(consumerDb)).toBe(total);
  });
});
