import type { Channel } from 'amqplib';

/** Names of one consuming service's queues, derived from the exchange and a prefix. */
export interface QueueNames {
  exchange: string;
  deadLetterExchange: string;
  queue: string;
  deadLetterQueue: string;
  retryQueue: (delayMs: number) => string;
}

export function queueNames(exchange: string, queuePrefix: string, consumer: string): QueueNames {
  const queue = `${queuePrefix}.${consumer}`;
  return {
    exchange,
    deadLetterExchange: `${exchange}.dlx`,
    queue,
    deadLetterQueue: `${queue}.dlq`,
    retryQueue: (delayMs) => `${queue}.retry.${delayMs}ms`,
  };
}

export async function declareExchanges(channel: Channel, exchange: string): Promise<void> {
  await channel.assertExchange(exchange, 'topic', { durable: true });
  await channel.assertExchange(`${exchange}.dlx`, 'direct', { durable: true });
}

/**
 * The service's durable queue bound to the event types it handles, a dead-letter queue, and one
 * delay queue per retry step (messages wait out their TTL there, then return to the main queue).
 */
export async function declareConsumerTopology(
  channel: Channel,
  names: QueueNames,
  eventTypes: string[],
  retryDelaysMs: number[],
): Promise<void> {
  await declareExchanges(channel, names.exchange);
  await channel.assertQueue(names.deadLetterQueue, { durable: true });
  await channel.bindQueue(names.deadLetterQueue, names.deadLetterExchange, names.queue);
  await channel.assertQueue(names.queue, {
    durable: true,
    arguments: {
      'x-dead-letter-exchange': names.deadLetterExchange,
      'x-dead-letter-routing-key': names.queue,
    },
  });
  for (const type of new Set(eventTypes)) await channel.bindQueue(names.queue, names.exchange, type);
  for (const delay of retryDelaysMs) {
    await channel.assertQueue(names.retryQueue(delay), {
      durable: true,
      arguments: {
        'x-message-ttl': delay,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': names.queue,
      },
    });
  }
}
