import { sql, type Kysely, type Migration } from 'kysely';

export const createNotificationTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contacts')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('source_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('preferences')
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('is_email_enabled', 'boolean', (c) => c.notNull())
      .addColumn('is_in_app_enabled', 'boolean', (c) => c.notNull())
      .addColumn('is_sms_enabled', 'boolean', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('preferences_pk', ['user_id', 'type'])
      .execute();

    await db.schema
      .createTable('in_app_notifications')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('params', 'jsonb', (c) => c.notNull())
      .addColumn('seen', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('source_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('seen_at', 'timestamptz')
      .addUniqueConstraint('in_app_notifications_source_uq', ['user_id', 'source_key', 'type'])
      .execute();
    await sql`create index in_app_notifications_user_idx on in_app_notifications (user_id, created_at desc)`.execute(
      db,
    );
    await sql`create index in_app_notifications_unseen_idx on in_app_notifications (user_id) where not seen`.execute(
      db,
    );

    await db.schema
      .createTable('deliveries')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('source_key', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text')
      .addColumn('fixed_recipient', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('params', 'jsonb', (c) => c.notNull())
      .addColumn('app', 'text', (c) => c.notNull())
      .addColumn('link_path', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('external_id', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('sent_at', 'timestamptz')
      .execute();
    // One e-mail and one SMS per (user, source, type): a redelivered or repeated event adds nothing.
    await sql`create unique index deliveries_source_uq on deliveries (coalesce(user_id::text, ''), source_key, type, channel)`.execute(
      db,
    );
    await sql`create index deliveries_status_idx on deliveries (status, created_at desc)`.execute(db);
    await sql`create index deliveries_waiting_idx on deliveries (user_id) where status = 'WAITING_CONTACT'`.execute(
      db,
    );

    await db.schema
      .createTable('sms_log')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('delivery_id', 'uuid')
      .addColumn('to', 'text', (c) => c.notNull())
      .addColumn('from', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('newsletter_subscriptions')
      .addColumn('email', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
      .addColumn('subscribed', 'boolean', (c) => c.notNull())
      .addColumn('source_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'newsletter_subscriptions',
      'sms_log',
      'deliveries',
      'in_app_notifications',
      'preferences',
      'contacts',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
