// Outbox -> broker -> consumer throughput (events/s) and end-to-end latency, beside raw amqplib
// publish/consume with publisher confirms, in one run: `npx tsx bench/outbox.ts [events]`.
import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { sql, type Kysely } from 'kysely';
import { PingV1 } from '@gleba/contracts';
import {
  AmqpConnection,
  EventConsumer,
  declareConsumerTopology,
  OutboxRelay,
  createDatabase,
  createLogger,
  migrateToLatest,
  on,
} from '@gleba/platform';
import { createTestDatabase, dropTestDatabases, testEnv, testMessagingNames } from '@gleba/testkit';

const total = Number(process.argv[2] ?? process.env.BENCH_EVENTS ?? 20_000);
const logger = createLogger('bench', 'warn');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function outboxRun() {
  const names = testMessagingNames('bench');
  const producerUrl = await createTestDatabase('bench_producer');
  const consumerUrl = await createTestDatabase('bench_consumer');
  const producerDb = createDatabase<unknown>(producerUrl, { max: 10 });
  const consumerDb = createDatabase<unknown>(consumerUrl, { max: 20 });
  await migrateToLatest(producerDb as Kysely<unknown>, {});
  await migrateToLatest(consumerDb as Kysely<unknown>, {});
  const latencies: number[] = [];
  let received = 0;
  let lastAt = 0;
  const producerAmqp = new AmqpConnection(testEnv.rabbitmqUrl, logger);
  const consumerAmqp = new AmqpConnection(testEnv.rabbitmqUrl, logger);
  const consumer = new EventConsumer<unknown>({
    name: 'bench',
    db: consumerDb,
    amqp: consumerAmqp,
    exchange: names.exchange,
    queuePrefix: names.queuePrefix,
    retryDelaysMs: [1000],
    prefetch: 200,
    logger,
    handlers: [
      on<unknown, typeof PingV1>(PingV1, async (_trx, _data, envelope) => {
        received += 1;
        lastAt = Date.now();
        latencies.push(Date.now() - Date.parse(envelope.occurredAt));
      }),
    ],
  });
  // Declare the consumer's queue now but consume only after the relay drained, so each side is
  // timed on its own (on 2 cores they would otherwise share the CPU).
  {
    const m = await amqp.connect(testEnv.rabbitmqUrl);
    const ch = await m.createChannel();
    await declareConsumerTopology(ch, consumer.names, [PingV1.type], [1000]);
    await m.close();
  }
  // Commit all events to the outbox first (as services would over time), then let the relay drain.
  const occurredAt = new Date().toISOString();
  await sql`insert into outbox (id, type, version, envelope)
    select id, ${PingV1.type}::text, 1, jsonb_build_object('id', id, 'type', ${PingV1.type}::text, 'version', 1, 'occurredAt', ${occurredAt}::text,
      'producer', 'bench', 'correlationId', id::text, 'data', jsonb_build_object('seq', n, 'from', 'bench'))
    from (select gen_random_uuid() as id, n from generate_series(1, ${total}) n) s`.execute(producerDb);
  latencies.length = 0;
  const relay = new OutboxRelay({
    db: producerDb as Kysely<unknown>,
    databaseUrl: producerUrl,
    amqp: producerAmqp,
    exchange: names.exchange,
    logger,
    pollMs: 50,
  });
  const started = Date.now();
  await relay.start();
  producerAmqp.start();
  while ((await relay.backlog()) > 0) await new Promise((r) => setTimeout(r, 20));
  const relaySeconds = (Date.now() - started) / 1000;
  const consumeStarted = Date.now();
  await consumer.start();
  consumerAmqp.start();
  await consumerAmqp.waitUntilConnected();
  while (received < total) await new Promise((r) => setTimeout(r, 20));
  const consumeSeconds = (lastAt - consumeStarted) / 1000;

  // Steady-rate latency: 1,000 events at ~500/s, each in its own transaction.
  const { createOutbox } = await import('@gleba/platform');
  const outbox = createOutbox('bench');
  latencies.length = 0;
  const steadyTarget = received + 1000;
  for (let i = 0; i < 1000; i += 1) {
    await producerDb.transaction().execute((trx) => outbox.publish(trx, PingV1, { seq: i, from: 'steady' }));
    if (i % 10 === 0) await new Promise((r) => setTimeout(r, 20));
  }
  while (received < steadyTarget) await new Promise((r) => setTimeout(r, 20));
  const steady = [...latencies].sort((a, b) => a - b);

  await relay.stop();
  await producerAmqp.close();
  await consumerAmqp.close();
  await producerDb.destroy();
  await consumerDb.destroy();
  return {
    relayRate: Math.round(total / relaySeconds),
    consumeRate: Math.round(total / consumeSeconds),
    p50: percentile(steady, 50),
    p99: percentile(steady, 99),
  };
}

async function rawRun() {
  const names = testMessagingNames('benchraw');
  const model = await amqp.connect(testEnv.rabbitmqUrl);
  const pub = await model.createConfirmChannel();
  const sub = await model.createChannel();
  await pub.assertExchange(names.exchange, 'topic', { durable: true });
  const queue = `${names.queuePrefix}.raw`;
  await sub.assertQueue(queue, { durable: true });
  await sub.bindQueue(queue, names.exchange, '#');
  await sub.prefetch(200);
  let received = 0;
  let lastAt = 0;
  const latencies: number[] = [];
  let measuring = false;
  await sub.consume(queue, (msg) => {
    if (!msg) return;
    const body = JSON.parse(msg.content.toString()) as { occurredAt: string };
    received += 1;
    lastAt = Date.now();
    if (measuring) latencies.push(Date.now() - Date.parse(body.occurredAt));
    sub.ack(msg);
  });
  const started = Date.now();
  for (let i = 0; i < total; i += 500) {
    for (let j = i; j < Math.min(total, i + 500); j += 1) {
      pub.publish(
        names.exchange,
        PingV1.type,
        Buffer.from(JSON.stringify({ id: randomUUID(), occurredAt: new Date().toISOString(), seq: j })),
        { persistent: true },
      );
    }
    await pub.waitForConfirms();
  }
  const publishedAt = Date.now();
  while (received < total) await new Promise((r) => setTimeout(r, 20));
  const publishRate = Math.round(total / ((publishedAt - started) / 1000));
  const consumeRate = Math.round(total / ((lastAt - started) / 1000));
  measuring = true;
  for (let i = 0; i < 1000; i += 1) {
    pub.publish(
      names.exchange,
      PingV1.type,
      Buffer.from(JSON.stringify({ id: randomUUID(), occurredAt: new Date().toISOString(), seq: i })),
      { persistent: true },
    );
    await pub.waitForConfirms();
    if (i % 10 === 0) await new Promise((r) => setTimeout(r, 20));
  }
  while (received < total + 1000) await new Promise((r) => setTimeout(r, 20));
  const steady = latencies.sort((a, b) => a - b);
  await sub.deleteQueue(queue);
  await pub.deleteExchange(names.exchange);
  await model.close();
  return { publishRate, consumeRate, p50: percentile(steady, 50), p99: percentile(steady, 99) };
}

const raw = await rawRun();
const ours = await outboxRun();
await dropTestDatabases();
console.log(`\n${total} events, then 1,000 at a steady rate for latency (2-core machine)\n`);
console.log('| path | publish events/s | consume events/s | steady p50 ms | steady p99 ms |');
console.log('|---|---|---|---|---|');
console.log(
  `| raw amqplib: confirmed publish, plain ack consumer (concurrent) | ${raw.publishRate} | ${raw.consumeRate} | ${raw.p50} | ${raw.p99} |`,
);
console.log(
  `| outbox relay (confirms, marks rows) / inbox consumer (one transaction per event) | ${ours.relayRate} | ${ours.consumeRate} | ${ours.p50} | ${ours.p99} |`,
);
console.log(`\ngoal: outbox relay >= 2,000 events/s (${ours.relayRate >= 2000 ? 'met' : 'NOT met'})`);
process.exit(0);
