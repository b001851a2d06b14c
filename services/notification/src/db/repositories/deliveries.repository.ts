import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DeliveryStatus, Language, NotificationChannel, NotificationType, TDelivery } from '@gleba/contracts';
import type { Params, Template } from '../../domain/templates';
import type { DeliveriesTable } from '../database';
import type { Db } from './contacts.repository';

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

/** Locks the row (waits for a transaction still writing it) so one worker acts on it at a time. */
export async function lockDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('deliveries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateDelivery(
  db: Db,
  id: string,
  set: Partial<Pick<DeliveriesTable, 'status' | 'reason' | 'external_id' | 'recipient' | 'language' | 'sent_at'>> & { incrementAttempts?: boolean },
): Promise<void> {
  const { incrementAttempts, ...rest } = set;
  await db
    .updateTable('deliveries')
    .set((eb) => ({ ...rest, updated_at: new Date(), ...(incrementAttempts ? { attempts: eb('attempts', '+', 1) } : {}) }))
    .where('id', '=', id)
    .execute();
}

/** Deliveries that waited for the user's contact: pending now (SMS without a phone: skipped). */
export async function releaseWaiting(db: Db, userId: string, hasPhone: boolean): Promise<{ id: string; channel: Channel }[]> {
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
export async function stalePending(db: Db, olderThan: Date, limit = 500): Promise<{ id: string; channel: Channel }[]> {
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
  q: { page: number; perPage: number; status?: DeliveryStatus; channel?: Channel; userId?: string; direction: 'asc' | 'desc' },
): Promise<{ items: TDelivery[]; total: number }> {
  let base = db.selectFrom('deliveries');
  if (q.status) base = base.where('status', '=', q.status);
  if (q.channel) base = base.where('channel', '=', q.channel);
  if (q.userId) base = base.where('user_id', '=', q.userId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', q.direction).orderBy('id', q.direction).limit(q.perPage).offset((q.page - 1) * q.perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toDelivery(r)), total: Number(count.n) };
}
