import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database';

/** A person's contact, preferences, notices, deliveries (with their SMS) and newsletter subscription. */
export async function notificationDataOf(trx: Transaction<Database>, userId: string) {
  const contact = await trx
    .selectFrom('contacts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const preferences = await trx.selectFrom('preferences').selectAll().where('user_id', '=', userId).execute();
  const notices = await trx
    .selectFrom('in_app_notifications')
    .select(['id', 'type', 'content', 'params', 'seen', 'created_at', 'seen_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const deliveries = await trx
    .selectFrom('deliveries')
    .select([
      'id',
      'channel',
      'type',
      'template',
      'recipient',
      'language',
      'status',
      'reason',
      'created_at',
      'sent_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const sms = deliveries.length
    ? await trx
        .selectFrom('sms_log')
        .select(['delivery_id', 'to', 'body', 'created_at'])
        .where(
          'delivery_id',
          'in',
          deliveries.map((d) => d.id),
        )
        .execute()
    : [];
  const newsletter = await trx
    .selectFrom('newsletter_subscriptions')
    .select(['email', 'language', 'subscribed', 'created_at', 'updated_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), ...(contact ? [eb('email', '=', contact.email)] : [])]))
    .execute();
  return { contact, preferences, notices, deliveries, sms, newsletter };
}

export async function contactOf(trx: Transaction<Database>, userId: string) {
  return trx
    .selectFrom('contacts')
    .select(['email', 'phone_number'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Delivery logs lose the address and number (and the params that name the person); the SMS log
 * loses the number and the text. What is not sent yet is not sent at all. Matches the person's
 * deliveries by id and by address (account e-mails carry the address only).
 */
export async function redactDeliveries(
  trx: Transaction<Database>,
  userId: string,
  addresses: readonly string[],
): Promise<{ deliveriesRedacted: number; smsRedacted: number }> {
  const ids = (
    await trx
      .selectFrom('deliveries')
      .select('id')
      .where((eb) =>
        eb.or([eb('user_id', '=', userId), ...(addresses.length ? [eb('recipient', 'in', addresses)] : [])]),
      )
      .execute()
  ).map((r) => r.id);
  let smsRedacted = 0;
  if (ids.length || addresses.length) {
    const s = await trx
      .updateTable('sms_log')
      .set({ to: '', body: '' })
      .where((eb) =>
        eb.or([
          ...(ids.length ? [eb('delivery_id', 'in', ids)] : []),
          ...(addresses.length ? [eb('to', 'in', addresses)] : []),
        ]),
      )
      .where((eb) => eb.or([eb('to', '!=', ''), eb('body', '!=', '')]))
      .executeTakeFirst();
    smsRedacted = Number(s.numUpdatedRows);
  }
  if (ids.length === 0) return { deliveriesRedacted: 0, smsRedacted };
  await trx
    .updateTable('deliveries')
    .set({ status: 'SKIPPED', reason: 'accountErased', updated_at: new Date() })
    .where('id', 'in', ids)
    .where('status', 'in', ['PENDING', 'WAITING_CONTACT'])
    .execute();
  const d = await trx
    .updateTable('deliveries')
    // A newsletter delivery's key holds the address (`newsletter:<email>:<at>`): keys become the row's id.
    .set({ recipient: null, params: '{}', link_path: null, source_key: sql<string>`'erased:' || id` })
    .where('id', 'in', ids)
    .where((eb) => eb(sql`source_key`, 'not like', 'erased:%'))
    .executeTakeFirst();
  return { deliveriesRedacted: Number(d.numUpdatedRows), smsRedacted };
}

export async function deletePersonRows(
  trx: Transaction<Database>,
  userId: string,
  email: string | null,
): Promise<Record<string, number>> {
  const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  return {
    contacts: n(await trx.deleteFrom('contacts').where('user_id', '=', userId).executeTakeFirst()),
    preferences: n(await trx.deleteFrom('preferences').where('user_id', '=', userId).executeTakeFirst()),
    notices: n(await trx.deleteFrom('in_app_notifications').where('user_id', '=', userId).executeTakeFirst()),
    newsletter: n(
      await trx
        .deleteFrom('newsletter_subscriptions')
        .where((eb) => eb.or([eb('user_id', '=', userId), ...(email ? [eb('email', '=', email)] : [])]))
        .executeTakeFirst(),
    ),
  };
}

/** Retention: delivery logs (and their SMS) older than the cut-off are deleted. */
export async function deleteDeliveryLogsBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<{ deliveries: number; sms: number }> {
  return db.transaction().execute(async (trx) => {
    const sms = await trx.deleteFrom('sms_log').where('created_at', '<', before).executeTakeFirst();
    const deliveries = await trx
      .deleteFrom('deliveries')
      .where('created_at', '<', before)
      .where('status', 'not in', ['PENDING', 'WAITING_CONTACT'])
      .executeTakeFirst();
    return { deliveries: Number(deliveries.numDeletedRows), sms: Number(sms.numDeletedRows) };
  });
}
