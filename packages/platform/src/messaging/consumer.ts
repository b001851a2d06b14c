import type { Kysely, Transaction } from 'kysely';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { ZEventEnvelope, type EventData, type EventDefinition, type TEventEnvelope } from '@gleba/contracts';
import { runWithContext } from '../context';
import { preparedStatement } from '../db/database';
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
  /** Handling a backlog (see `ConsumerBatch`); without it every event has a transaction of its own. */
  batch?: ConsumerBatch<DB>;
  logger: Logger;
}

/**
 * Handling a backlog: events that are waiting share a transaction (one BEGIN, one inbox insert,
 * one COMMIT). A batch that fails is handled again one event at a time, so retries and
 * dead-lettering stay per event. For handlers that only write in the transaction they are given.
 */
export interface ConsumerBatch<DB> {
  /** Events handled in one transaction at most (1: one transaction each, `beforeCommit` still runs). */
  max: number;
  /**
   * Transactions running at once (default 2). Messages that arrive meanwhile wait for one to
   * finish and then go together, so under load the batches grow and the cost per event falls,
   * while a lone event still goes at once.
   */
  concurrency?: number;
  /**
   * Runs in each consumer transaction after its handlers, before COMMIT: for handlers that defer
   * their writes so that every event of a batch is written by one statement. A failure fails the
   * transaction like a handler's would (a batch is then handled again event by event).
   */
  beforeCommit?: (trx: Transaction<DB>) => Promise<void>;
}

interface Parsed<DB> {
  channel: ConfirmChannel;
  msg: ConsumeMessage;
  envelope: TEventEnvelope;
  handler: EventHandler<DB, EventDefinition>;
  data: unknown;
}

class PoisonMessage extends Error {}

// Every transaction of the consumer starts with one of these: prepared once per connection.
const INBOX_ONE = preparedStatement<{ event_id: string }>(
  'insert into inbox (consumer, event_id, event_type) values ($1, $2, $3) on conflict do nothing returning event_id',
);
const INBOX_MANY = preparedStatement<{ event_id: string }>(
  `insert into inbox (consumer, event_id, event_type) select $1, x.id, x.type from unnest($2::uuid[], $3::text[]) as x(id, type)
    on conflict do nothing returning event_id`,
);

/**
 * Consumes the service's queue. Each event is parsed with its schema; its id goes into the inbox
 * in the same transaction as the handler's effect, so a redelivered event changes nothing. A
 * failing event is retried through delay queues, then dead-lettered; a failure is never acked.
 * Every event has a transaction of its own (`onMessage`, `handleOne`) unless the service opts in
 * to `batch`, the handling of a backlog (the last section of the class).
 */
export class EventConsumer<DB> {
  readonly names: QueueNames;
  private readonly handlers = new Map<string, EventHandler<DB, EventDefinition>>();
  private readonly types = new Set<string>();
  private inflight = 0;
  private waiting: { channel: ConfirmChannel; msg: ConsumeMessage }[] = [];
  private flushScheduled = false;
  /** Batch transactions running now. */
  private running = 0;
  handled = 0;
  /** Transactions that held more than one event (`batch.max` > 1). */
  batches = 0;
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
        if (!msg) return;
        if ((this.options.batch?.max ?? 1) <= 1) {
          void this.onMessage(channel, msg);
          return;
        }
        // Messages of one socket read arrive in one go: gather them, handle them on the next turn.
        this.waiting.push({ channel, msg });
        this.inflight += 1;
        this.scheduleFlush();
      });
    });
  }

  get busy(): number {
    return this.inflight;
  }

  /** Parses and checks a message; settles it (ack or dead-letter) and returns null when there is nothing to handle. */
  private parse(channel: ConfirmChannel, msg: ConsumeMessage): Parsed<DB> | null {
    try {
      const envelope = ZEventEnvelope.parse(JSON.parse(msg.content.toString('utf8'))) as TEventEnvelope;
      const handler = this.handlers.get(`${envelope.type}@${envelope.version}`);
      if (!handler) {
        if (this.types.has(envelope.type))
          throw new PoisonMessage(`no handler for ${envelope.type} v${envelope.version}`);
        channel.ack(msg); // not an event this service handles (a binding left from an older version)
        return null;
      }
      const parsed = handler.event.schema.safeParse(envelope.data);
      if (!parsed.success)
        throw new PoisonMessage(`invalid ${envelope.type}: ${parsed.error.issues[0]?.message}`);
      return { channel, msg, envelope, handler, data: parsed.data };
    } catch (error) {
      this.options.logger.error({ err: error }, 'poison message dead-lettered');
      this.deadLettered += 1;
      channel.nack(msg, false, false);
      return null;
    }
  }

  private async onMessage(channel: ConfirmChannel, msg: ConsumeMessage): Promise<void> {
    this.inflight += 1;
    try {
      const parsed = this.parse(channel, msg);
      if (parsed) await this.handleOne(parsed);
    } catch (error) {
      // The channel went away mid-flight: the broker redelivers the unacked message.
      this.options.logger.warn({ err: error }, 'message settlement failed');
    } finally {
      this.inflight -= 1;
    }
  }

  private async handleOne({ channel, msg, envelope: env, handler: h, data }: Parsed<DB>): Promise<void> {
    let failure: unknown = null;
    try {
      await runWithContext({ correlationId: env.correlationId }, () =>
        this.options.db.transaction().execute(async (trx) => {
          const inserted = await trx.executeQuery(INBOX_ONE([this.options.name, env.id, env.type]));
          if (inserted.rows.length === 0) return; // already handled: a redelivery changes nothing
          await h.handle(trx, data as never, { ...env, data } as never);
          await this.options.batch?.beforeCommit?.(trx);
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
  }

  private async retryOrDeadLetter(
    channel: ConfirmChannel,
    msg: ConsumeMessage,
    envelope: TEventEnvelope,
    error: unknown,
  ) {
    const attempt = Number(msg.properties.headers?.['x-retry-count'] ?? 0);
    const delays = this.options.retryDelaysMs;
    const message = error instanceof Error ? error.message : String(error);
    if (attempt >= delays.length) {
      this.options.logger.error(
        { err: error, eventId: envelope.id, type: envelope.type, attempt },
        'event dead-lettered',
      );
      this.deadLettered += 1;
      channel.nack(msg, false, false);
      return;
    }
    const delay = delays[attempt]!;
    this.options.logger.warn(
      { err: error, eventId: envelope.id, type: envelope.type, attempt, delay },
      'event handling failed; retrying',
    );
    // The copy is confirmed by the broker before the original is acked, so nothing is lost.
    await new Promise<void>((resolve, reject) => {
      channel.sendToQueue(
        this.names.retryQueue(delay),
        msg.content,
        {
          ...msg.properties,
          persistent: true,
          headers: {
            ...msg.properties.headers,
            'x-retry-count': attempt + 1,
            'x-last-error': message.slice(0, 500),
          },
        },
        (err) => (err ? reject(err) : resolve()),
      );
    });
    channel.ack(msg);
  }

  // Handling a backlog (`batch`): messages are gathered, then handled in shared transactions.

  private scheduleFlush(): void {
    if (
      this.flushScheduled ||
      this.waiting.length === 0 ||
      this.running >= (this.options.batch?.concurrency ?? 2)
    )
      return;
    this.flushScheduled = true;
    setImmediate(() => this.flushWaiting());
  }

  /** Starts transactions for the gathered messages, up to `batch.max` each, while fewer than `batch.concurrency` run. */
  private flushWaiting(): void {
    this.flushScheduled = false;
    const max = this.options.batch?.max ?? 1;
    while (this.waiting.length > 0 && this.running < (this.options.batch?.concurrency ?? 2)) {
      const group = this.waiting.splice(0, max);
      this.running += 1;
      void this.handleGroup(group).finally(() => {
        this.running -= 1;
        this.scheduleFlush();
      });
    }
  }

  private async handleGroup(group: { channel: ConfirmChannel; msg: ConsumeMessage }[]): Promise<void> {
    try {
      const parsed = group
        .map((m) => this.parse(m.channel, m.msg))
        .filter((p): p is Parsed<DB> => p !== null);
      if (parsed.length === 1) await this.handleOne(parsed[0]!);
      else if (parsed.length > 1) await this.handleBatch(parsed);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'message settlement failed');
    } finally {
      this.inflight -= group.length;
    }
  }

  private async handleBatch(items: Parsed<DB>[]): Promise<void> {
    try {
      await this.options.db.transaction().execute(async (trx) => {
        const { rows } = await trx.executeQuery(
          INBOX_MANY([this.options.name, items.map((i) => i.envelope.id), items.map((i) => i.envelope.type)]),
        );
        const fresh = new Set(rows.map((r) => r.event_id.toLowerCase()));
        for (const item of items) {
          const env = item.envelope;
          if (!fresh.delete(env.id.toLowerCase())) continue; // handled before, or twice in this batch
          await runWithContext({ correlationId: env.correlationId }, () =>
            item.handler.handle(trx, item.data as never, { ...env, data: item.data } as never),
          );
        }
        await this.options.batch?.beforeCommit?.(trx);
      });
    } catch (error) {
      // One event spoiled the batch (or the database failed): each is handled on its own again, so
      // only the failing one is retried or dead-lettered.
      this.options.logger.warn(
        { err: error, events: items.length },
        'batch failed; handling its events one by one',
      );
      for (const item of items) await this.handleOne(item);
      return;
    }
    this.batches += 1;
    this.handled += items.length;
    for (const item of items) item.channel.ack(item.msg);
  }
}
