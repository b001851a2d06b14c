import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { EventData, EventDefinition, TEventEnvelope } from '@gleba/contracts';
import { currentCorrelationId } from '../context';

export const OUTBOX_CHANNEL = 'gleba_outbox';

export interface Outbox {
  /**
   * Writes the event in the caller's transaction: it is published if and only if the change
   * that caused it commits. The relay wakes on commit (NOTIFY is delivered at commit).
   */
  publish<DB, E extends EventDefinition>(
    trx: Transaction<DB>,
    event: E,
    data: EventData<E>,
    options?: { id?: string; correlationId?: string },
  ): Promise<TEventEnvelope<EventData<E>>>;
}

export function createOutbox(producer: string): Outbox {
  return {
    async publish(trx, event, data, options = {}) {
      // Parsing here turns a malformed event into an error at its source, not in every consumer.
      const parsed = event.schema.parse(data) as EventData<typeof event>;
      const envelope = {
        id: options.id ?? randomUUID(),
        type: event.type,
        version: event.version,
        occurredAt: new Date().toISOString(),
        producer,
        correlationId: options.correlationId ?? currentCorrelationId(),
        data: parsed,
      };
      await sql`insert into outbox (id, type, version, envelope) values (${envelope.id}, ${envelope.type}, ${envelope.version}, ${JSON.stringify(envelope)}::jsonb)`.execute(
        trx,
      );
      await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
      return envelope;
    },
  };
}
