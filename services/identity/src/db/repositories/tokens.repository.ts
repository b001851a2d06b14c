import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, OneTimeTokenPurpose } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

/** Stores a single-use token (hashed); earlier unused tokens of the same purpose stop working. */
export async function createOneTimeToken(
  trx: Transaction<Database>,
  userId: string,
  purpose: OneTimeTokenPurpose,
  tokenHash: string,
  expiresAt: Date,
) {
  await trx
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('one_time_tokens')
    .values({ user_id: userId, purpose, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/** A usable (unused, unexpired) token's owner, without using it up. */
export async function peekOneTimeToken(db: Db, purpose: OneTimeTokenPurpose, tokenHash: string) {
  return db
    .selectFrom('one_time_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Uses the token up; the conditional update makes two concurrent uses yield one winner. */
export async function consumeOneTimeToken(
  trx: Transaction<Database>,
  purpose: OneTimeTokenPurpose,
  tokenHash: string,
) {
  return trx
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id'])
    .executeTakeFirst();
}

export async function insertRefreshToken(
  db: Db,
  v: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: v.userId, family_id: v.familyId, token_hash: v.tokenHash, expires_at: v.expiresAt })
    .execute();
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function markRefreshTokenUsed(trx: Transaction<Database>, id: string) {
  return trx
    .updateTable('refresh_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(['id'])
    .executeTakeFirst();
}

/**
 * The sessions of a user that may still hold a live access token: those given a token pair (sign-in
 * or refresh) since `since`. Every access token is issued together with a refresh-token row.
 */
export async function recentSessionFamilies(db: Db, userId: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .execute();
  return rows.map((r) => r.family_id);
}

/** Ends the user's unused links of one purpose (a password change ends earlier reset links). */
export async function endOneTimeTokens(db: Db, userId: string, purpose: OneTimeTokenPurpose) {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user, but the one given (a password change keeps the current one). */
export async function revokeUserSessions(db: Db, userId: string, exceptFamilyId?: string) {
  let q = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId) q = q.where('family_id', '!=', exceptFamilyId);
  await q.execute();
}
