import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { EventData, ProfileUpdatedV1 } from '@gleba/contracts';
import type { ContactsTable, Database, ShippablesTable } from '../database';

type Db = Kysely<Database> | Transaction<Database>;
export type ContactRow = Selectable<ContactsTable>;
export type ShippableRow = Selectable<ShippablesTable>;

/** The sender's address: the correspondence address when given, else the main one. */
export async function upsertContact(db: Db, data: EventData<typeof ProfileUpdatedV1>): Promise<void> {
  const a =
    data.correspondenceAddress && data.correspondenceAddress.cityName
      ? data.correspondenceAddress
      : data.address;
  const street = a
    ? [a.streetName, [a.buildingNumber, a.apartmentNumber].filter(Boolean).join('/')]
        .filter(Boolean)
        .join(' ')
        .trim()
    : null;
  const row = {
    user_id: data.userId,
    email: data.email,
    first_name: data.firstName,
    last_name: data.lastName,
    phone: data.phoneNumber,
    company_name: data.companyName,
    street: street || null,
    post_code: a?.postCode || null,
    city: a?.cityName || null,
    updated_at: new Date(),
  };
  await db
    .insertInto('contacts')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export async function findContact(db: Db, userId: string): Promise<ContactRow | undefined> {
  return db.selectFrom('contacts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertShippable(
  db: Db,
  row: Omit<Insertable<ShippablesTable>, 'cancelled_at'>,
): Promise<void> {
  await db
    .insertInto('shippables')
    .values({ ...row, cancelled_at: null })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        order_number: row.order_number,
        barcode: row.barcode,
        user_id: row.user_id,
        order_id: row.order_id,
        test_id: row.test_id,
      }),
    )
    .execute();
}

export async function findShippable(db: Db, id: string): Promise<ShippableRow | undefined> {
  return db.selectFrom('shippables').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks an order's shippables (or the one shippable with this id) cancelled. */
export async function cancelShippables(db: Db, orderId: string, at: Date): Promise<void> {
  await db
    .updateTable('shippables')
    .set({ cancelled_at: at })
    .where((eb) => eb.or([eb('order_id', '=', orderId), eb('id', '=', orderId)]))
    .where('cancelled_at', 'is', null)
    .execute();
}

/** A user's shippables not cancelled, newest first, with the shipment under way if any. */
export function userShippables(db: Db, userId: string) {
  return db
    .selectFrom('shippables as s')
    .leftJoin('shipments as sh', (j) => j.onRef('sh.shippable_id', '=', 's.id').on('sh.active', '=', true))
    .select([
      's.id',
      's.order_id',
      's.test_id',
      's.order_number',
      's.kind',
      's.barcode',
      's.confirmed_at',
      'sh.id as shipment_id',
    ])
    .where('s.user_id', '=', userId)
    .where('s.cancelled_at', 'is', null)
    .orderBy('s.confirmed_at', 'desc')
    .execute();
}

export function findContactAddress(db: Db, userId: string) {
  return db
    .selectFrom('contacts')
    .select(['email', 'phone'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
