import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { preparedStatement } from '@gleba/platform';
import type {
  DeliveryStatus,
  Language,
  NotificationChannel,
  NotificationType,
  TDelivery,
} from '@gleba/contracts';
import type { Params, Template } from '../../domain/templates';
import type { DeliveriesTable } from '../database';
import type { Contact, Db } from './contacts.repository';
import type { PreferenceFlags } from './preferences.repository';

export type Channel = Exclude<NotificationChannel, 'IN_APP'>;

export interface NewDelivery {
  userId: string | null;
  channel: Channel;
  type: NotificationType;
  template: Template;
  sourceKey: string;
  recipient: string | null;
  fixedRecipient: boolean;
  language: Language;
  params: Params;
  app: 'customer' | 'admin';
  linkPath: string | null;
  status: DeliveryStatus;
  reason: string | null;
}

/** Returns the new row's id, or null when this (user, source, type, channel) already exists. */
export async function insertDelivery(db: Db, d: NewDelivery): Promise<string | null> {
  const id = randomUUID();
  const result = await sql<{ id: string }>`
    insert into deliveries (id, user_id, channel, type, template, source_key, recipient, fixed_recipient, language, params, app, link_path, status, reason)
    values (${id}, ${d.userId}, ${d.channel}, ${d.type}, ${d.template}, ${d.sourceKey}, ${d.recipient}, ${d.fixedRecipient}, ${d.language},
      ${JSON.stringify(d.params)}::jsonb, ${d.app}, ${d.linkPath}, ${d.status}, ${d.reason})
    on conflict do nothing returning id`.execute(db);
  return result.rows[0]?.id ?? null;
}

export type DeliveryRow = Selectable<DeliveriesTable>;

type DeliveryWithRecipientRow = DeliveryRow & {
  c_user_id: string | null;
  c_email: string | null;
  c_first_name: string | null;
  c_last_name: string | null;
  c_phone_number: string | null;
  c_language: string | null;
  p_email: boolean | null;
  p_in_app: boolean | null;
  p_sms: boolean | null;
};

// A delivery job's statements, prepared (parsed once per connection, not built per call). The
// columns are listed: a prepared `d.*` would fail once a migration adds one.
const DELIVERY_WITH_RECIPIENT = preparedStatement<DeliveryWithRecipientRow>(`
  select d.id, d.user_id, d.channel, d.type, d.template, d.source_key, d.recipient, d.fixed_recipient, d.language, d.params, d.app,
    d.link_path, d.status, d.reason, d.external_id, d.attempts, d.created_at, d.updated_at, d.sent_at,
    c.user_id as c_user_id, c.email as c_email, c.first_name as c_first_name, c.last_name as c_last_name,
    c.phone_number as c_phone_number, c.language as c_language,
    p.is_email_enabled as p_email, p.is_in_app_enabled as p_in_app, p.is_sms_enabled as p_sms
  from deliveries d
  left join contacts c on c.user_id = d.user_id
  left join preferences p on p.user_id = d.user_id and p.type = d.type
  where d.id = $1`);
/** The same rows for many deliveries at once (`DeliveryStatements`: the jobs running together). */
const DELIVERIES_WITH_RECIPIENTS = preparedStatement<DeliveryWithRecipientRow>(`
  select d.id, d.user_id, d.channel, d.type, d.template, d.source_key, d.recipient, d.fixed_recipient, d.language, d.params, d.app,
    d.link_path, d.status, d.reason, d.external_id, d.attempts, d.created_at, d.updated_at, d.sent_at,
    c.user_id as c_user_id, c.email as c_email, c.first_name as c_first_name, c.last_name as c_last_name,
    c.phone_number as c_phone_number, c.language as c_language,
    p.is_email_enabled as p_email, p.is_in_app_enabled as p_in_app, p.is_sms_enabled as p_sms
  from deliveries d
  left join contacts c on c.user_id = d.user_id
  left join preferences p on p.user_id = d.user_id and p.type = d.type
  where d.id = any($1::uuid[])`);
const SETTLE_PENDING = preparedStatement<{ id: string }>(`
  update deliveries set status = $2, reason = $3, updated_at = $4 where id = $1 and status = 'PENDING' returning id`);
// An attempt's outcome counts the attempt and records where it went (the contact may have changed
// since the delivery was written), only while the delivery is pending.
const RECORD_SENT = preparedStatement(`
  update deliveries set status = $7, reason = null, external_id = $2, sent_at = $3, updated_at = $4,
    attempts = attempts + 1, recipient = $5, language = $6
  where id = $1 and status = 'PENDING'`);
/** `RECORD_SENT` for many deliveries in one statement (arrays of the same parameters, in order). */
const RECORD_SENT_MANY = preparedStatement(`
  update deliveries d set status = v.status, reason = null, external_id = v.external_id, sent_at = v.sent_at,
    updated_at = v.updated_at, attempts = d.attempts + 1, recipient = v.recipient, language = v.language
  from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::text[], $6::text[], $7::text[])
    as v(id, external_id, sent_at, updated_at, recipient, language, status)
  where d.id = v.id and d.status = 'PENDING'`);
const RECORD_FAILURE = preparedStatement(`
  update deliveries set status = $2, reason = $3, updated_at = $4, attempts = attempts + 1, recipient = $5, language = $6
  where id = $1 and status = 'PENDING'`);

/**
 * The delivery with, in the same query, its user's contact (null when not in the read model) and
 * stored preference for its type (null: the defaults apply).
 */
export type DeliveryWithRecipient = {
  delivery: DeliveryRow;
  contact: Contact | null;
  pref: PreferenceFlags | null;
};

function toDeliveryWithRecipient(r: DeliveryWithRecipientRow): DeliveryWithRecipient {
  const {
    c_user_id,
    c_email,
    c_first_name,
    c_last_name,
    c_phone_number,
    c_language,
    p_email,
    p_in_app,
    p_sms,
    ...delivery
  } = r;
  return {
    delivery,
    contact: c_user_id
      ? {
          userId: c_user_id,
          email: c_email!,
          firstName: c_first_name!,
          lastName: c_last_name!,
          phoneNumber: c_phone_number,
          language: c_language as Language,
        }
      : null,
    pref:
      p_email === null ? null : { isEmailEnabled: p_email, isInAppEnabled: p_in_app!, isSmsEnabled: p_sms! },
  };
}

export async function deliveryWithRecipient(db: Db, id: string): Promise<DeliveryWithRecipient | undefined> {
  const r = (await db.executeQuery(DELIVERY_WITH_RECIPIENT([id]))).rows[0];
  return r ? toDeliveryWithRecipient(r) : undefined;
}

/** `deliveryWithRecipient` of many deliveries in one query, by id (missing ones are absent). */
export async function deliveriesWithRecipients(
  db: Db,
  ids: string[],
): Promise<Map<string, DeliveryWithRecipient>> {
  const rows = (await db.executeQuery(DELIVERIES_WITH_RECIPIENTS([ids]))).rows;
  return new Map(rows.map((r) => [r.id, toDeliveryWithRecipient(r)]));
}

/** A pending delivery that is not to be sent (after all): its new status and why. False when no longer pending. */
export async function settlePending(
  db: Db,
  id: string,
  status: 'SKIPPED' | 'WAITING_CONTACT',
  reason: string | null,
): Promise<boolean> {
  return (await db.executeQuery(SETTLE_PENDING([id, status, reason, new Date()]))).rows.length > 0;
}

/** Sent (or logged) deliveries recorded in one statement, as `recordOutcome` records one. */
export async function recordSentMany(
  db: Db,
  sent: {
    id: string;
    to: { recipient: string; language: string };
    status: 'SENT' | 'LOGGED';
    externalId: string;
    sentAt: Date;
  }[],
): Promise<void> {
  const now = new Date();
  await db.executeQuery(
    RECORD_SENT_MANY([
      sent.map((s) => s.id),
      sent.map((s) => s.externalId),
      sent.map((s) => s.sentAt),
      sent.map(() => now),
      sent.map((s) => s.to.recipient),
      sent.map((s) => s.to.language),
      sent.map((s) => s.status),
    ]),
  );
}

/**
 * Records an attempt of a pending delivery: the provider's verdict (SENT with its id, LOGGED when
 * only kept in the SMS log, or the
 * reason: FAILED, or PENDING until the job's next attempt), the attempt counted, and the address
 * and language it went to. Nothing when the delivery is no longer pending.
 */
export async function recordOutcome(
  db: Db,
  id: string,
  to: { recipient: string; language: string },
  outcome:
    | { status: 'SENT' | 'LOGGED'; externalId: string; sentAt: Date }
    | { status: 'FAILED' | 'PENDING'; reason: string },
): Promise<void> {
  await db.executeQuery(
    'externalId' in outcome
      ? RECORD_SENT([
          id,
          outcome.externalId,
          outcome.sentAt,
          new Date(),
          to.recipient,
          to.language,
          outcome.status,
        ])
      : RECORD_FAILURE([id, outcome.status, outcome.reason, new Date(), to.recipient, to.language]),
  );
}

/** Deliveries that waited for the user's contact: pending now (SMS without a phone: skipped). */
export async function releaseWaiting(
  db: Db,
  userId: string,
  hasPhone: boolean,
): Promise<{ id: string; channel: Channel }[]> {
  const rows = await db
    .updateTable('deliveries')
    .set({
      status: sql`case when channel = 'SMS' and ${!hasPhone} then 'SKIPPED' else 'PENDING' end`,
      reason: sql`case when channel = 'SMS' and ${!hasPhone} then 'noPhoneNumber' else null end`,
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .where('status', '=', 'WAITING_CONTACT')
    .returning(['id', 'channel', 'status'])
    .execute();
  return rows.filter((r) => r.status === 'PENDING').map((r) => ({ id: r.id, channel: r.channel as Channel }));
}

/** Pending rows not touched for a while: their job may be gone (Redis lost, crash before enqueue). */
export async function stalePending(
  db: Db,
  olderThan: Date,
  limit = 500,
): Promise<{ id: string; channel: Channel }[]> {
  const rows = await db
    .selectFrom('deliveries')
    .select(['id', 'channel'])
    .where('status', '=', 'PENDING')
    .where('updated_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, channel: r.channel as Channel }));
}

export function toDelivery(r: DeliveryRow): TDelivery {
  return {
    id: r.id,
    userId: r.user_id,
    channel: r.channel as NotificationChannel,
    type: r.type as NotificationType,
    template: r.template,
    recipient: r.recipient,
    language: r.language as Language,
    status: r.status as DeliveryStatus,
    reason: r.reason,
    externalId: r.external_id,
    attempts: r.attempts,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  };
}

export async function listDeliveries(
  db: Db,
  q: {
    page: number;
    perPage: number;
    status?: DeliveryStatus;
    channel?: Channel;
    userId?: string;
    direction: 'asc' | 'desc';
  },
): Promise<{ items: TDelivery[]; total: number }> {
  let base = db.selectFrom('deliveries');
  if (q.status) base = base.where('status', '=', q.status);
  if (q.channel) base = base.where('channel', '=', q.channel);
  if (q.userId) base = base.where('user_id', '=', q.userId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', q.direction)
      .orderBy('id', q.direction)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toDelivery(r)), total: Number(count.n) };
}
