import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';

/** Everything identity holds of a person, for their export (no secrets: no hashes, no tokens). */
export async function userDataForExport(trx: Transaction<Database>, userId: string) {
  const user = await trx
    .selectFrom('users')
    .select([
      'id',
      'public_user_id',
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'gender',
      'role',
      'is_active',
      'newsletter_consent',
      'language',
      'terms_accepted_at',
      'created_at',
      'updated_at',
      sql<boolean>`password_hash is not null`.as('has_password'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  const profile = await trx
    .selectFrom('user_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const social = await trx
    .selectFrom('social_accounts')
    .select(['provider', 'email', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const survey = await trx
    .selectFrom('survey_answers')
    .select(['survey_type', 'question_key', 'answer_key', 'answered_at'])
    .where('user_id', '=', userId)
    .execute();
  const sessions = await trx
    .selectFrom('refresh_tokens')
    .select(['family_id', 'created_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  const requests = await trx
    .selectFrom('privacy_requests')
    .select(['id', 'kind', 'requested_by', 'requested_at', 'completed_at'])
    .where('user_id', '=', userId)
    .execute();
  return { user, profile, social, survey, sessions, requests };
}

/** The parts of a person that identity can find in other tables' text (outbox, job failures). */
export async function userNeedles(trx: Transaction<Database>, userId: string): Promise<string[]> {
  const u = await trx
    .selectFrom('users')
    .select(['email', 'phone_number', 'erased_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u || u.erased_at) return [userId];
  return [userId, u.email, ...(u.phone_number ? [u.phone_number] : [])];
}

/**
 * Anonymizes the account (decision 0057): the row stays, so the request and the orders kept for
 * accounting still point somewhere, but nothing in it names the person. Profile, linked social
 * accounts, survey answers, tokens and sessions are deleted. A second run changes nothing.
 */
export async function eraseUserData(
  trx: Transaction<Database>,
  userId: string,
): Promise<Record<string, number>> {
  const anonymized = await trx
    .updateTable('users')
    .set({
      email: `erased-${userId}@erased.invalid`,
      first_name: '',
      last_name: '',
      phone_number: null,
      gender: null,
      password_hash: null,
      is_enabled: false,
      suspended_reason: null,
      newsletter_consent: false,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .where('email', '!=', `erased-${userId}@erased.invalid`)
    .executeTakeFirst();
  const del = async (
    table: 'user_profiles' | 'social_accounts' | 'survey_answers' | 'one_time_tokens' | 'refresh_tokens',
  ) => Number((await trx.deleteFrom(table).where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);
  return {
    accounts: Number(anonymized.numUpdatedRows),
    profiles: await del('user_profiles'),
    socialAccounts: await del('social_accounts'),
    surveyAnswers: await del('survey_answers'),
    oneTimeTokens: await del('one_time_tokens'),
    sessions: await del('refresh_tokens'),
  };
}

/** The account is closed: every service answered its erasure. */
export async function markErased(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ erased_at: sql`coalesce(erased_at, now())`, is_enabled: false })
    .where('id', '=', userId)
    .execute();
}

/** Retention: accounts never activated within `days` of registering (and not erased yet). */
export async function unactivatedAccounts(trx: Transaction<Database>, before: Date): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', false)
    .where('erased_at', 'is', null)
    .where('role', '=', 'USER')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('privacy_requests')
            .select('id')
            .whereRef('privacy_requests.user_id', '=', 'users.id')
            .where('kind', '=', 'ERASURE'),
        ),
      ),
    )
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}
