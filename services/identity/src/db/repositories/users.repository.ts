import { CompiledQuery, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { TAdminUsersQuery, TCurrentUser } from '@gleba/contracts';
import type { ProfileData } from '../../domain/profile';
import type { Database, UserProfilesTable, UsersTable } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

export interface User {
  id: string;
  publicUserId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  genderType: 'MAN' | 'WOMAN' | null;
  passwordHash: string | null;
  role: 'USER' | 'ADMIN';
  isActive: boolean;
  isEnabled: boolean;
  newsletterConsent: boolean;
  language: 'pl' | 'en' | 'uk';
  createdAt: Date;
}

export function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    publicUserId: row.public_user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    genderType: row.gender,
    passwordHash: row.password_hash,
    role: row.role,
    isActive: row.is_active,
    isEnabled: row.is_enabled,
    newsletterConsent: row.newsletter_consent,
    language: row.language,
    createdAt: row.created_at,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function insertUser(
  db: Db,
  values: Parameters<ReturnType<Db['insertInto']>['values']>[0] & object,
): Promise<User> {
  const row = await db
    .insertInto('users')
    .values(values as never)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Omit<UsersTable, 'id' | 'created_at'>>,
): Promise<User> {
  const row = await db
    .updateTable('users')
    .set({ ...patch, updated_at: new Date() } as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

export function toProfile(
  row: Selectable<UserProfilesTable>,
): ProfileData & { isDataComplete: boolean; updatedAt: Date } {
  return {
    serviceRole: row.service_role,
    personalData: row.personal_data as ProfileData['personalData'],
    businessData: row.business_data as ProfileData['businessData'],
    correspondenceAddress: row.correspondence_address as ProfileData['correspondenceAddress'],
    isDataComplete: row.is_data_complete,
    updatedAt: row.updated_at,
  };
}

export async function findProfile(db: Db, userId: string) {
  const row = await db
    .selectFrom('user_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toProfile(row);
}

export async function upsertProfile(db: Db, userId: string, p: ProfileData, complete: boolean) {
  const values = {
    service_role: p.serviceRole,
    personal_data: p.personalData ? JSON.stringify(p.personalData) : null,
    business_data: p.businessData ? JSON.stringify(p.businessData) : null,
    correspondence_address: p.correspondenceAddress ? JSON.stringify(p.correspondenceAddress) : null,
    is_data_complete: complete,
    updated_at: new Date(),
  };
  const row = await db
    .insertInto('user_profiles')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProfile(row);
}

const viewColumns = [
  'users.id',
  'users.public_user_id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.phone_number',
  'users.gender',
  'users.role',
  'users.is_active',
  'users.is_enabled',
  'users.newsletter_consent',
  'users.language',
  'users.created_at',
] as const;

function viewQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select(viewColumns)
    .select((eb) => [
      eb.fn.coalesce('user_profiles.is_data_complete', sql<boolean>`false`).as('is_data_complete'),
      sql<
        string[]
      >`coalesce((select array_agg(s.provider order by s.provider) from social_accounts s where s.user_id = users.id), '{}')`.as(
        'providers',
      ),
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>;

function toCurrentUser(row: ViewRow): TCurrentUser {
  return {
    id: row.id,
    publicUserId: row.public_user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    genderType: row.gender,
    role: row.role,
    isActive: row.is_active,
    isEnabled: row.is_enabled,
    newsletterConsent: row.newsletter_consent,
    language: row.language,
    isDataComplete: row.is_data_complete,
    socialAccounts: row.providers as TCurrentUser['socialAccounts'],
    createdAt: row.created_at.toISOString(),
  };
}

let currentUserSql: string | undefined;

/**
 * The `users/me` view in one query (it is the hottest call of the system). The query is built and
 * compiled by kysely once; each call runs that SQL with its own id (building it cost more CPU
 * than Postgres spends answering it).
 */
export async function findCurrentUser(db: Db, id: string): Promise<TCurrentUser | undefined> {
  if (currentUserSql === undefined) {
    const compiled = viewQuery(db).where('users.id', '=', '00000000-0000-0000-0000-000000000000').compile();
    if (compiled.parameters.length !== 1) throw new Error('users/me query: expected one parameter');
    currentUserSql = compiled.sql;
  }
  const { rows } = await db.executeQuery<ViewRow>(CompiledQuery.raw(currentUserSql, [id]));
  return rows[0] && toCurrentUser(rows[0]);
}

export async function listUsers(
  db: Db,
  q: TAdminUsersQuery,
): Promise<{ items: TCurrentUser[]; total: number }> {
  let base = db.selectFrom('users');
  const filter = <T extends typeof base>(qb: T): T => {
    let out = qb;
    if (q.search) {
      const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      out = out.where((eb) =>
        eb.or([
          eb(sql<string>`lower(users.email)`, 'like', like),
          eb(sql<string>`lower(users.first_name || ' ' || users.last_name)`, 'like', like),
          eb(sql<string>`lower(users.public_user_id)`, 'like', like),
          eb('users.phone_number', 'like', like),
        ]),
      ) as T;
    }
    if (q.role) out = out.where('users.role', '=', q.role) as T;
    if (q.status === 'SUSPENDED') out = out.where('users.is_enabled', '=', false) as T;
    if (q.status === 'ACTIVE')
      out = out.where('users.is_enabled', '=', true).where('users.is_active', '=', true) as T;
    if (q.status === 'INACTIVE')
      out = out.where('users.is_enabled', '=', true).where('users.is_active', '=', false) as T;
    return out;
  };
  base = filter(base);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const [field, dir] = (q.orderBy ?? 'createdAt:desc').split(':') as [string, 'asc' | 'desc'];
  const column =
    ({ createdAt: 'users.created_at', email: 'users.email', lastName: 'users.last_name' } as const)[
      field as 'email'
    ] ?? 'users.created_at';
  const rows = await filter(viewQuery(db) as unknown as typeof base)
    .orderBy(column as never, dir)
    .orderBy('users.id' as never)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return { items: (rows as unknown as ViewRow[]).map(toCurrentUser), total: Number(total) };
}

export async function findSocialAccount(db: Db, provider: 'GOOGLE' | 'FACEBOOK' | 'APPLE', subject: string) {
  return db
    .selectFrom('social_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function linkSocialAccount(
  db: Db,
  v: { provider: 'GOOGLE' | 'FACEBOOK' | 'APPLE'; subject: string; userId: string; email: string },
) {
  await db
    .insertInto('social_accounts')
    .values({ provider: v.provider, subject: v.subject, user_id: v.userId, email: v.email })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
}

export async function isUserErased(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('erased_at').where('id', '=', id).executeTakeFirst();
  return !!row?.erased_at;
}

/** The account stops signing in (its erasure has begun). */
export async function disableUser(db: Db, id: string): Promise<void> {
  await db.updateTable('users').set({ is_enabled: false }).where('id', '=', id).execute();
}
