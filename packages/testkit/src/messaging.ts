import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { ZEventEnvelope, type TEventEnvelope } from '@gleba/contracts';
import { testEnv } from './env';
import { uniqueSuffix } from './ids';

/** Exchange and queue names of one test file, so files run in parallel without meeting. */
export function testMessagingNames(label = 'test') {
  const suffix = uniqueSuffix();
  return { exchange: `t.${label}.${suffix}`, queuePrefix: `t.${label}.${suffix}` };
}

export interface EventListener {
  /** Resolves with the first matching event (seen before or after this call). */
  next<D = unknown>(
    type: string,
    predicate?: (event: TEventEnvelope<D>) => boolean,
    timeoutMs?: number,
  ): Promise<TEventEnvelope<D>>;
  all(): TEventEnvelope[];
  close(): Promise<void>;
}

/** Listens on an exchange (set it up before the action that publishes). */
export async function listenForEvents(
  exchange: string,
  patterns: string[] = ['#'],
  url = testEnv.rabbitmqUrl,
): Promise<EventListener> {
  const model = await amqp.connect(url);
  const channel = await model.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  for (const p of patterns) await channel.bindQueue(queue, exchange, p);
  const seen: TEventEnvelope[] = [];
  const waiters: { match: (e: TEventEnvelope) => boolean; resolve: (e: TEventEnvelope) => void }[] = [];
  await channel.consume(
    queue,
    (msg) => {
      if (!msg) return;
      const parsed = ZEventEnvelope.safeParse(JSON.parse(msg.content.toString()));
      if (!parsed.success) return;
      const event = parsed.data as TEventEnvelope;
      seen.push(event);
      for (const w of [...waiters]) {
        if (w.match(event)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(event);
        }
      }
    },
    { noAck: true },
  );
  return {
    next<D>(type: string, predicate?: (event: TEventEnvelope<D>) => boolean, timeoutMs = 15_000) {
      const match = (e: TEventEnvelope) =>
        e.type === type && (!predicate || predicate(e as TEventEnvelope<D>));
      const already = seen.find(match);
      if (already) return Promise.resolve(already as TEventEnvelope<D>);
      return new Promise<TEventEnvelope<D>>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${type} event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e as TEventEnvelope<D>);
          },
        });
      });
    },
    all: () => [...seen],
    close: async () => {
      await model.close().catch(() => undefined);
    },
  };
}

/** Removes a test file's queues and exchanges (best effort). */
export async function deleteTestTopology(
  names: { exchange: string },
  queues: string[],
  url = testEnv.rabbitmqUrl,
): Promise<void> {
  const model = await amqp.connect(url).catch(() => null);
  if (!model) return;
  try {
    for (const q of queues) {
      const ch = await model.createChannel();
      await ch.deleteQueue(q).catch(() => undefined);
      await ch.close().catch(() => undefined);
    }
    const ch = await model.createChannel();
    await ch.deleteExchange(names.exchange).catch(() => undefined);
    await ch.deleteExchange(`${names.exchange}.dlx`).catch(() => undefined);
    await ch.close().catch(() => undefined);
  } finally {
    await model.close().catch(() => undefined);
  }
}

/**
 * Publishes an event as another service would (through the exchange, in its envelope), so a
 * service's consumers can be tested without importing the producing service's code.
 */
export async function publishTestEvent<D>(
  exchange: string,
  event: { type: string; version: number; schema: { parse: (v: unknown) => D } },
  data: D,
  options: { id?: string; producer?: string; correlationId?: string; url?: string } = {},
): Promise<TEventEnvelope<D>> {
  const envelope = {
    id: options.id ?? randomUUID(),
    type: event.type,
    version: event.version,
    occurredAt: new Date().toISOString(),
    producer: options.producer ?? 'test',
    correlationId: options.correlationId ?? randomUUID(),
    data: event.schema.parse(data),
  };
  const model = await amqp.connect(options.url ?? testEnv.rabbitmqUrl);
  try {
    const channel = await model.createConfirmChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    channel.publish(exchange, event.type, Buffer.from(JSON.stringify(envelope)), {
      persistent: true,
      messageId: envelope.id,
      contentType: 'application/json',
    });
    await channel.waitForConfirms();
  } finally {
    await model.close().catch(() => undefined);
  }
  return envelope;
}
