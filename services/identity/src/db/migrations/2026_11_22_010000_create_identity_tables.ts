import { sql, type Kysely, type Migration } from 'kysely';

export const createIdentityTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('public_user_id', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('gender', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('USER'))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('suspended_reason', 'text')
      .addColumn('newsletter_consent', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('pl'))
      .addColumn('terms_accepted_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // E-mails are stored lower-cased; the unique index is what stops a double registration.
    await sql`create unique index users_email_uq on users (lower(email))`.execute(db);
    await sql`create index users_search_idx on users (lower(last_name), lower(first_name))`.execute(db);

    await db.schema
      .createTable('user_profiles')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('service_role', 'text', (c) => c.notNull())
      .addColumn('personal_data', 'jsonb')
      .addColumn('business_data', 'jsonb')
      .addColumn('correspondence_address', 'jsonb')
      .addColumn('is_data_complete', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('one_time_tokens')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index one_time_tokens_user_idx on one_time_tokens (user_id, purpose)`.execute(db);

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family_id', 'uuid', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index refresh_tokens_family_idx on refresh_tokens (family_id)`.execute(db);
    await sql`create index refresh_tokens_user_idx on refresh_tokens (user_id)`.execute(db);

    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('private_key_pem', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('retired_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('social_accounts')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('social_accounts_pk', ['provider', 'subject'])
      .execute();
    await sql`create index social_accounts_user_idx on social_accounts (user_id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'social_accounts',
      'signing_keys',
      'refresh_tokens',
      'one_time_tokens',
      'user_profiles',
      'users',
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
