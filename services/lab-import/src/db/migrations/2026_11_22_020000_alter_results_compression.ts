import { sql, type Kysely } from 'kysely';

const RESULT_BLOBS = ['elements', 'classes', 'recommendation', 'rulesets'] as const;

/**
 * A result row carries ~5.5 KB of JSON (elements and the recommendation), which Postgres TOASTs
 * and compresses on every insert and update; lz4 does that several times faster than the default
 * pglz. Only where the server was built with lz4 (Postgres 14+ with --with-lz4, as the Debian and
 * Docker builds are); elsewhere nothing changes. The stored workbook (a zip, incompressible) is
 * kept uncompressed instead of having pglz try and give up on every upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    lz4: boolean;
  }>`select coalesce('lz4' = any(enumvals), false) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(
    db,
  );
  if (rows[0]?.lz4) {
    for (const column of RESULT_BLOBS)
      await sql`alter table results alter column ${sql.ref(column)} set compression lz4`.execute(db);
  }
  await sql`alter table imports alter column file set storage external`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    lz4: boolean;
  }>`select coalesce('lz4' = any(enumvals), false) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(
    db,
  );
  if (rows[0]?.lz4) {
    for (const column of RESULT_BLOBS)
      await sql`alter table results alter column ${sql.ref(column)} set compression default`.execute(db);
  }
  await sql`alter table imports alter column file set storage extended`.execute(db);
}
