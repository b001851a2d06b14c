import type { Kysely, Transaction } from 'kysely';
import type { Language } from '@gleba/contracts';
import type { Database } from '../database';

export type Db = Kysely<Database> | Transaction<Database>;

export interface Contact {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  language: Language;
}

export async function findContact(db: Db, userId: string): Promise<Contact | null> {
  const row = await db.selectFrom('contacts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row
    ? {
        userId: row.user_id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        phoneNumber: row.phone_number,
        language: row.language as Language,
      }
    : null;
}

/** Inserts or updates; an event older than the row's source never overwrites it. Returns true when written. */
export async function upsertContact(db: Db, contact: Contact, sourceAt: string): Promise<boolean> {
  const result = await db
    .insertInto('contacts')
    .values({
      user_id: contact.userId,
      email: contact.email,
      first_name: contact.firstName,
      last_name: contact.lastName,
      phone_number: contact.phoneNumber,
      language: contact.language,
      source_at: sourceAt,
      updated_at: new Date(),
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          email: eb.ref('excluded.email'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          phone_number: eb.ref('excluded.phone_number'),
          language: eb.ref('excluded.language'),
          source_at: eb.ref('excluded.source_at'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('contacts.source_at', '<=', new Date(sourceAt)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
