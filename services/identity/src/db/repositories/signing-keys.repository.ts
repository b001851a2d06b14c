import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewSigningKey {
  kid: string;
  privateKeyPem: string;
  publicJwk: Record<string, unknown>;
}

/** Holds the signing-key lock until the transaction ends (two instances never both create a key). */
export async function lockSigningKeys(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('identity.signing_keys'))`.execute(trx);
}

export async function hasActiveSigningKey(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('signing_keys')
    .select('kid')
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSigningKey(db: Db, key: NewSigningKey): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values({ kid: key.kid, private_key_pem: key.privateKeyPem, public_jwk: JSON.stringify(key.publicJwk) })
    .execute();
}

/** Active keys, newest first. */
export function activeSigningKeys(db: Db) {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}
