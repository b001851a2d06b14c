import type { Transaction } from 'kysely';
import type { SenderAddress } from '../../domain/erasure';
import type { Database } from '../database';

type Db = Transaction<Database>;

/** A person's contact, shippables and shipments with their tracking. */
export async function shippingDataOf(trx: Db, userId: string) {
  const contact = await trx
    .selectFrom('contacts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const shippables = await trx.selectFrom('shippables').selectAll().where('user_id', '=', userId).execute();
  const shipments = await trx
    .selectFrom('shipments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const tracking = shipments.length
    ? await trx
        .selectFrom('tracking_events')
        .select(['shipment_id', 'waybill', 'business_code', 'description', 'event_time', 'depot', 'status'])
        .where(
          'shipment_id',
          'in',
          shipments.map((s) => s.id),
        )
        .orderBy('event_time')
        .execute()
    : [];
  return { contact, shippables, shipments, tracking };
}

export async function sendersOf(trx: Db, userId: string) {
  return trx.selectFrom('shipments').select(['id', 'sender']).where('user_id', '=', userId).execute();
}

export async function setSender(trx: Db, id: string, sender: SenderAddress): Promise<void> {
  await trx
    .updateTable('shipments')
    .set({ sender: JSON.stringify(sender), drop_off_code: null })
    .where('id', '=', id)
    .execute();
}

export async function deleteContact(trx: Db, userId: string): Promise<number> {
  return Number(
    (await trx.deleteFrom('contacts').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows,
  );
}

/** Retention: a drop-off code past its expiry opens nothing; it is deleted. */
export async function clearExpiredDropOffCodes(trx: Db, now: Date): Promise<number> {
  const r = await trx
    .updateTable('shipments')
    .set({ drop_off_code: null })
    .where('drop_off_code', 'is not', null)
    .where('drop_off_expires_at', '<', now)
    .where('drop_off_expired_at', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
