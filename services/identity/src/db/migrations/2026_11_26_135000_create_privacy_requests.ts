import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A person's data requests (export, erasure) and each service's answer (decisions 0056, 0057).
 * An export's parts and its archive are kept here until the archive expires (7 days).
 */
export const createPrivacyRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('privacy_requests')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('EXPORT', 'ERASURE')`))
      .addColumn('requested_by', 'text', (c) =>
        c.notNull().check(sql`requested_by in ('OWNER', 'ADMIN', 'RETENTION')`),
      )
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('completed_at', 'timestamptz')
      .addColumn('overdue_at', 'timestamptz')
      .addColumn('archive', 'bytea')
      .addColumn('archive_expires_at', 'timestamptz')
      .execute();
    await sql`create index privacy_requests_user_idx on privacy_requests (user_id, requested_at desc)`.execute(
      db,
    );
    // At most one open request of each kind per person: asking twice returns the open one.
    await sql`create unique index privacy_requests_open_idx on privacy_requests (user_id, kind) where completed_at is null`.execute(
      db,
    );
    await db.schema
      .createTable('privacy_request_services')
      .addColumn('request_id', 'uuid', (c) =>
        c.notNull().references('privacy_requests.id').onDelete('cascade'),
      )
      .addColumn('service', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('part', 'bytea')
      .addPrimaryKeyConstraint('privacy_request_services_pk', ['request_id', 'service'])
      .execute();
    await db.schema.alterTable('users').addColumn('erased_at', 'timestamptz').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('erased_at').execute();
    await db.schema.dropTable('privacy_request_services').execute();
    await db.schema.dropTable('privacy_requests').execute();
  },
};
