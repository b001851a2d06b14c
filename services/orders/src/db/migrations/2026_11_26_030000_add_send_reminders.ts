import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The 4-day rule: when the kit was sent (farm), when shipping first reported a shipment of the
 * samples, and when the customer was reminded (once).
 */
export const addSendReminders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('farm_orders').addColumn('kit_sent_at', 'timestamptz').execute();
    for (const table of ['farm_orders', 'garden_tests']) {
      await db.schema.alterTable(table).addColumn('samples_shipped_at', 'timestamptz').execute();
      await db.schema.alterTable(table).addColumn('send_reminder_at', 'timestamptz').execute();
    }
    // A kit already sent before this column existed: its history knows when.
    await sql`update farm_orders o set kit_sent_at = h.changed_at
      from (select subject_id, max(change_date) as changed_at from status_history
            where status = 'KIT_SENT' group by subject_id) h
      where h.subject_id = o.id`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('farm_orders').dropColumn('kit_sent_at').execute();
    for (const table of ['farm_orders', 'garden_tests']) {
      await db.schema
        .alterTable(table)
        .dropColumn('samples_shipped_at')
        .dropColumn('send_reminder_at')
        .execute();
    }
  },
};
