import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Guided sampling (decision 0058): the outline each sample is taken in (copied from the crops
 * read model when the order is placed) and the punctures the sampling screen recorded.
 */
export const addSamplePunctures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('crops').addColumn('geometry', 'jsonb').execute();
    await db.schema
      .alterTable('farm_order_samples')
      .addColumn('geometry', 'jsonb')
      .addColumn('taken_punctures', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('farm_order_samples')
      .dropColumn('geometry')
      .dropColumn('taken_punctures')
      .execute();
    await db.schema.alterTable('crops').dropColumn('geometry').execute();
  },
};
