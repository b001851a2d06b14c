import type { Kysely, Migration } from 'kysely';

/** Each SMS kept in the log records how many segments its body takes and in which encoding. */
export const addSmsLogSegments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sms_log')
      .addColumn('segments', 'integer')
      .addColumn('encoding', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sms_log').dropColumn('segments').dropColumn('encoding').execute();
  },
};
