import { sql, type Kysely } from 'kysely';

/**
 * Recommendations stored once per distinct content instead of ~5 KB of JSON in every result: a
 * file's samples of one crop and area share a few hundred of them (see `createAdviser`). The id is
 * the hash of the body (the recommendation with `measured: null`), so equal bodies from any import
 * are one row; a result references its body and keeps its own `measured`. Results stored before
 * keep their whole `recommendation` and `rulesets` columns, which are read first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recommendations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('body', 'json', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('results')
    .addColumn('recommendation_id', 'text', (c) => c.references('recommendations.id'))
    .addColumn('recommendation_measured', 'json')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('results')
    .dropColumn('recommendation_measured')
    .dropColumn('recommendation_id')
    .execute();
  await db.schema.dropTable('recommendations').ifExists().execute();
}
