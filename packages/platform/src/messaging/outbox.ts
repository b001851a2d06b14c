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
  /**
   * Writes many events of one type in the caller's transaction with one INSERT and one NOTIFY:
   * the same rows and envelopes as `publish` once per item (each parsed with its schema), for
   * callers that emit thousands of events in a batch. An empty list writes nothing.
   */
  publishMany<DB, E extends EventDefinition>(
    trx: Transaction<DB>,
    event: E,
    items: readonly EventData<E>[],
    options?: { correlationId?: string },
  ): Promise<TEventEnvelope<EventData<E>>[]>;
}

export function createOutbox(producer: string): Outbox {
  // The one place an envelope is made: `publish` and `publishMany` write the same rows.
  const envelopeOf = <E extends EventDefinition>(
    event: E,
    data: EventData<E>,
    id: string,
    correlationId: string,
  ): TEventEnvelope<EventData<E>> => ({
    id,
    type: event.type,
    version: event.version,
    occurredAt: new Date().toISOString(),
    producer,
    correlationId,
    // Parsing here turns a malformed event into an error at its source, not in every consumer.
    data: event.schema.parse(data) as EventData<E>,
  });
  const row = (envelope: { id: string; type: string; version: number }) =>
    sql`(${envelope.id}, ${envelope.type}, ${envelope.version}, ${JSON.stringify(envelope)}::jsonb)`;

  return {
    async publish(trx, event, data, options = {}) {
      const envelope = envelopeOf(
        event,
        data,
        options.id ?? randomUUID(),
        options.correlationId ?? currentCorrelationId(),
      );
      await sql`insert into outbox (id, type, version, envelope) values ${row(envelope)}`.execute(trx);
      await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
      return envelope;
    },
    async publishMany(trx, event, items, options = {}) {
      if (items.length === 0) return [];
      const correlationId = options.correlationId ?? currentCorrelationId();
      const envelopes = items.map((data) => envelopeOf(event, data, randomUUID(), correlationId));
      // The envelopes as one JSON array parameter (thousands of events are one value to bind, not
      // four each), read as json: checked once, each envelope's text then parsed into jsonb as it is
      // stored (jsonb_to_recordset would print every envelope back to text and parse it again).
      await sql`
        insert into outbox (id, type, version, envelope)
        select (e->>'id')::uuid, ${event.type}, ${event.version}::integer, e::jsonb
        from json_array_elements(${JSON.stringify(envelopes)}::json) as e
      `.execute(trx);
      await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
      return envelopes;
    },
  };
}
