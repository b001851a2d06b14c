import { sql, type Kysely } from 'kysely';
import type { ConfirmChannel } from 'amqplib';
import { PgListener } from '../db/listener';
import type { Logger } from '../logger';
import type { AmqpConnection } from './connection';
import { OUTBOX_CHANNEL } from './outbox';
import { declareExchanges } from './topology';

export interface RelayOptions {
  db: Kysely<unknown>;
  databaseUrl: string;
  amqp: AmqpConnection;
  exchange: string;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
}

interface OutboxRow {
  id: string;
  type: string;
  version: number;
  /** The envelope as stored text: published byte for byte, never parsed and re-serialised. */
  body: string;
  correlation_id: string | null;
  attempts: number;
}

/**
 * Publishes outbox rows with publisher confirms. A row is marked published only after the broker
 * confirmed it; a failure keeps the row and retries it with backoff. Rows are claimed with
 * `for update skip locked`, so several replicas share the work. Survives broker restarts: while
 * disconnected it waits, and resumes from the table when the connection returns.
 */
export class OutboxRelay {
  private channel: ConfirmChannel | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private listener: PgListener | null = null;
  private lastCleanup = 0;
  published = 0;

  constructor(private readonly options: RelayOptions) {}

  async start(): Promise<void> {
    this.running = true;
    await this.options.amqp.onConnect(async (model) => {
      const channel = await this.options.amqp.confirmChannel(model);
      await declareExchanges(channel, this.options.exchange);
      channel.on('close', () => {
        if (this.channel === channel) this.channel = null;
      });
      this.channel = channel;
      this.poke();
    });
    // LISTEN for commits that wrote outbox rows; polling covers the gaps.
    this.listener = new PgListener({
      databaseUrl: this.options.databaseUrl,
      channel: OUTBOX_CHANNEL,
      onNotify: () => this.poke(),
      onListening: () => this.poke(),
    });
    this.listener.start();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.loop;
    await this.listener?.stop();
    this.listener = null;
  }

  /** Rows not yet published: the backlog a health view or a metric can show. */
  async backlog(): Promise<number> {
    const result = await sql<{
      n: number;
    }>`select count(*)::int as n from outbox where published_at is null`.execute(this.options.db);
    return result.rows[0]?.n ?? 0;
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async run(): Promise<void> {
    const pollMs = this.options.pollMs ?? 1000;
    while (this.running) {
      if (!this.channel) {
        await this.sleep(pollMs);
        continue;
      }
      let claimed = 0;
      try {
        claimed = await this.publishBatch(this.channel);
        await this.cleanup();
      } catch (error) {
        this.options.logger.warn({ err: error }, 'outbox relay batch failed');
        await this.sleep(Math.min(pollMs, 500));
        continue;
      }
      if (claimed < (this.options.batchSize ?? 1000)) await this.sleep(pollMs);
    }
  }

  private async publishBatch(channel: ConfirmChannel): Promise<number> {
    const limit = this.options.batchSize ?? 1000;
    return this.options.db.transaction().execute(async (trx) => {
      const rows = (
        await sql<OutboxRow>`select id, type, version, envelope::text as body, envelope->>'correlationId' as correlation_id, attempts from outbox
          where published_at is null and next_attempt_at <= now()
          order by created_at limit ${limit} for update skip locked`.execute(trx)
      ).rows;
      if (rows.length === 0) return 0;
      const results = await Promise.allSettled(rows.map((row) => this.publishOne(channel, row)));
      const ok: string[] = [];
      const failed: { id: string; attempts: number; error: string }[] = [];
      results.forEach((result, i) => {
        const row = rows[i]!;
        if (result.status === 'fulfilled') ok.push(row.id);
        else
          failed.push({
            id: row.id,
            attempts: row.attempts,
            error: String((result.reason as Error)?.message ?? result.reason),
          });
      });
      if (ok.length)
        await sql`update outbox set published_at = now(), last_error = null where id = any(${ok}::uuid[])`.execute(
          trx,
        );
      for (const f of failed) {
        const backoffMs = Math.min(60_000, 250 * 2 ** Math.min(f.attempts, 8));
        await sql`update outbox set attempts = attempts + 1, last_error = ${f.error},
          next_attempt_at = now() + make_interval(secs => ${backoffMs / 1000}) where id = ${f.id}`.execute(
          trx,
        );
      }
      this.published += ok.length;
      if (failed.length)
        this.options.logger.warn({ failed: failed.length }, 'outbox rows not confirmed; will retry');
      return rows.length;
    });
  }

  private publishOne(channel: ConfirmChannel, row: OutboxRow): Promise<void> {
    return new Promise((resolve, reject) => {
      try {
        channel.publish(
          this.options.exchange,
          row.type,
          Buffer.from(row.body),
          {
            persistent: true,
            messageId: row.id,
            type: row.type,
            contentType: 'application/json',
            headers: { version: row.version, correlationId: row.correlation_id },
          },
          (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
        );
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Published rows are kept a week for inspection, then removed. */
  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 10 * 60_000) return;
    this.lastCleanup = Date.now();
    await sql`delete from outbox where published_at < now() - interval '7 days'`.execute(this.options.db);
  }
}
