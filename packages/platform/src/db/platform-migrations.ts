import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Tables the platform itself needs in every service database. Named to sort before any
 * service migration (`yyyy_mm_dd_hhmmss_<verb>_<noun>`).
 */
export const platformMigrations: Record<string, Migration> = {
  '2000_01_01_000000_create_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('published_at', 'timestamptz')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_error', 'text')
        .execute();
      await sql`create index outbox_pending_idx on outbox (next_attempt_at, created_at) where published_at is null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').execute();
    },
  },
  '2000_01_01_000001_create_inbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('inbox')
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('handled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('inbox_pk', ['consumer', 'event_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('inbox').execute();
    },
  },
  '2000_01_01_000002_create_job_failures': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job_failures')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('queue', 'text', (c) => c.notNull())
        .addColumn('job_id', 'text')
        .addColumn('job_name', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_failures').execute();
    },
  },
};

/** Row types of the platform tables, for services that read them (admin views, tests). */
export interface PlatformTables {
  outbox: {
    id: string;
    type: string;
    version: number;
    envelope: unknown;
    created_at: Date;
    published_at: Date | null;
    attempts: number;
    next_attempt_at: Date;
    last_error: string | null;
  };
  inbox: { consumer: string; event_id: string; event_type: string; handled_at: Date };
  job_failures: {
    id: number;
    queue: string;
    job_id: string | null;
    job_name: string;
    payload: unknown;
    error: string;
    attempts: number;
    failed_at: Date;
  };
}
