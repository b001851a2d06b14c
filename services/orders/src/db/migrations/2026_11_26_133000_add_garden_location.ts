import { sql, type Kysely, type Migration } from 'kysely';

/** Where the garden is, if the user says (WGS84 degrees; both set or both null). */
export const addGardenLocation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('garden_tests')
      .addColumn('location_lat', 'double precision')
      .addColumn('location_lon', 'double precision')
      .execute();
    await db.schema
      .alterTable('garden_tests')
      .addCheckConstraint('garden_tests_location_both', sql`(location_lat is null) = (location_lon is null)`)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('garden_tests').dropConstraint('garden_tests_location_both').execute();
    await db.schema
      .alterTable('garden_tests')
      .dropColumn('location_lat')
      .dropColumn('location_lon')
      .execute();
  },
};
