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
