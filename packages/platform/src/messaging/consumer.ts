import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { ZEventEnvelope, type EventData, type EventDefinition, type TEventEnvelope } from '@gleba/contracts';
import { runWithContext } from '../context';
import type { Logger } from '../logger';
import type { AmqpConnection } from './connection';
import { declareConsumerTopology, queueNames, type QueueNames } from './topology';

export interface EventHandler<DB, E extends EventDefinition = EventDefinition> {
  event: E;
  handle: (trx: Transaction<DB>, data: EventData<E>, envelope: TEventEnvelope<EventData<E>>) => Promise<void>;
}

/** Pairs an event with its handler, keeping the data type. */
export function on<DB, E extends EventDefinition>(
  event: E,
  handle: EventHandler<DB, E>['handle'],
): EventHandler<DB, EventDefinition> {
  return { event, handle } as unknown as EventHandler<DB, EventDefinition>;
}

export interface ConsumerOptions<DB> {
  /** The consuming service: names its queue and its inbox rows. */
  name: string;
  db: Kysely<DB>;
  amqp: AmqpConnection;
  exchange: string;
  queuePrefix: string;
  handlers: EventHandler<DB, EventDefinition>[];
  retryDelaysMs: number[];
  prefetch?: number;
  logger: Logger;
}

class PoisonMessage extends Error {}

/**
 * Consumes the service's queue. Each event is parsed with its schema; its id goes into the inbox
 * in the same transaction as the handler's effect, so a redelivered event changes nothing. A
 * failing event is retried through delay queues, then dead-lettered; a failure is never acked.
 */
export class EventConsumer<DB> {
  readonly names: QueueNames;
  private readonly handlers = new Map<string, EventHandler<DB, EventDefinition>>();
  private readonly types = new Set<string>();
  private inflight = 0;
  handled = 0;
  deadLettered = 0;

  constructor(private readonly options: ConsumerOptions<DB>) {
    this.names = queueNames(options.exchange, options.queuePrefix, options.name);
    for (const handler of options.handlers) {
      this.handlers.set(`${handler.event.type}@${handler.event.version}`, handler);
      this.types.add(handler.event.type);
    }
  }

  async start(): Promise<void> {
    if (this.handlers.size === 0) return;
    await this.options.amqp.onConnect(async (model) => {
      const channel = await this.options.amqp.confirmChannel(model);
      await declareConsumerTopology(channel, this.names, [...this.types], this.options.retryDelaysMs);
      await channel.prefetch(this.options.prefetch ?? 20);
      await channel.consume(this.names.queue, (msg) => {
        if (msg) void this.onMessage(channel, msg);
      });
    });
  }

  get busy(): number {
    return this.inflight;
  }

  private async onMessage(channel: ConfirmChannel, msg: ConsumeMessage): Promise<void> {
    this.inflight += 1;
    try {
      let envelope: TEventEnvelope;
      let handler: EventHandler<DB, EventDefinition> | undefined;
      let data: unknown;
      try {
        envelope = ZEventEnvelope.parse(JSON.parse(msg.content.toString('utf8'))) as TEventEnvelope;
        handler = this.handlers.get(`${envelope.type}@${envelope.version}`);
        if (!handler) {
          if (this.types.has(envelope.type)) throw new PoisonMessage(`no handler for ${envelope.type} v${envelope.version}`);
          channel.ack(msg); // not an event this service handles (a binding left from an older version)
          return;
        }
        const parsed = handler.event.schema.safeParse(envelope.data);
        if (!parsed.success) throw new PoisonMessage(`invalid ${envelope.type}: ${parsed.error.issues[0]?.message}`);
        data = parsed.data;
      } catch (error) {
        this.options.logger.error({ err: error }, 'poison message dead-lettered');
        this.deadLettered += 1;
        channel.nack(msg, false, false);
        return;
      }
      const h = handler;
      const env = envelope;
      let failure: unknown = null;
      try {
        await runWithContext({ correlationId: env.correlationId }, () =>
          this.options.db.transaction().execute(async (trx) => {
            const inserted = await sql`insert into inbox (consumer, event_id, event_type)
              values (${this.options.name}, ${env.id}, ${env.type}) on conflict do nothing returning event_id`.execute(trx);
            if (inserted.rows.length === 0) return; // already handled: a redelivery changes nothing
            await h.handle(trx, data as never, { ...env, data } as never);
          }),
        );
      } catch (error) {
        failure = error;
      }
      if (failure) {
        await this.retryOrDeadLetter(channel, msg, env, failure);
        return;
      }
      this.handled += 1;
      // If the channel died meanwhile, the ack is lost and the broker redelivers: the inbox
      // turns that redelivery into a no-op.
      channel.ack(msg);
    } catch (error) {
      // The channel went away mid-flight: the broker redelivers the unacked message.
      this.options.logger.warn({ err: error }, 'message settlement failed');
    } finally {
      this.inflight -= 1;
    }
  }

  private async retryOrDeadLetter(channel: ConfirmChannel, msg: ConsumeMessage, envelope: TEventEnvelope, error: unknown) {
    const attempt = Number(msg.properties.headers?.['x-retry-count'] ?? 0);
    const delays = this.options.retryDelaysMs;
    const message = error instanceof Error ? error.message : String(error);
    if (attempt >= delays.length) {
      this.options.logger.error({ err: error, eventId: envelope.id, type: envelope.type, attempt }, 'event dead-lettered');
      this.deadLettered += 1;
      channel.nack(msg, false, false);
      return;
    }
    const delay = delays[attempt]!;
    this.options.logger.warn({ err: error, eventId: envelope.id, type: envelope.type, attempt, delay }, 'event handling failed; retrying');
    // The copy is confirmed by the broker before the original is acked, so nothing is lost.
    await new Promise<void>((resolve, reject) => {
      channel.sendToQueue(
        this.names.retryQueue(delay),
        msg.content,
        {
          ...msg.properties,
          persistent: true,
          headers: { ...msg.properties.headers, 'x-retry-count': attempt + 1, 'x-last-error': message.slice(0, 500) },
        },
        (err) => (err ? reject(err) : resolve()),
      );
    });
    channel.ack(msg);
  }
}
