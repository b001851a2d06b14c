import { sql, type Kysely, type Migration } from 'kysely';

/** Payment sessions end (expiry, rejection, abandonment, cancellation): decision 0039. */
export const alterPaymentsSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('payments')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('ended_at', 'timestamptz')
      .execute();
    // The expiry sweep looks only at sessions still open.
    await db.schema
      .createIndex('payments_open_expiry_idx')
      .on('payments')
      .column('expires_at')
      .where(sql.ref('status'), '=', 'REGISTERED')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('payments_open_expiry_idx').execute();
    await db.schema.alterTable('payments').dropColumn('expires_at').dropColumn('ended_at').execute();
  },
};
