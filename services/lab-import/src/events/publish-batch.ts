import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { EventData, EventDefinition } from '@gleba/contracts';
import { currentCorrelationId, OUTBOX_CHANNEL } from '@gleba/platform';

/**
 * Writes many events to the outbox in the caller's transaction with one statement and one
 * NOTIFY: the same rows and envelopes as `ctx.outbox.publish`, which costs a round trip or two per
 * event (an import of 20,000 rows publishes thousands). Each event is parsed with its schema.
 */
export async function publishBatch<DB, E extends EventDefinition>(trx: Transaction<DB>, producer: string, event: E, items: readonly EventData<E>[]): Promise<void> {
  if (items.length === 0) return;
  const correlationId = currentCorrelationId();
  const rows = items.map((data) => {
    const envelope = {
      id: randomUUID(),
      type: event.type,
      version: event.version,
      occurredAt: new Date().toISOString(),
      producer,
      correlationId,
      data: event.schema.parse(data),
    };
    return sql`(${envelope.id}, ${envelope.type}, ${envelope.version}, ${JSON.stringify(envelope)}::jsonb)`;
  });
  await sql`insert into outbox (id, type, version, envelope) values ${sql.join(rows)}`.execute(trx);
  await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
}
