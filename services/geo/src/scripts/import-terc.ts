// `npm run import:terc -w @gleba/geo -- <file>`: loads GUS's TERC file (voivodeships, counties,
// communes) into geo's database (DATABASE_URL), replacing names of units already there.
import { readFile } from 'node:fs/promises';
import { createDatabase, migrateToLatest, createLogger } from '@gleba/platform';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { migrations } from '../db/migrations';
import { importTercFile } from './terc-import';

const file = process.argv[2];
const url = process.env.DATABASE_URL;
if (!file || !url) {
  console.error('usage: DATABASE_URL=postgres://... npm run import:terc -w @gleba/geo -- <TERC.csv>');
  process.exit(2);
}
const db = createDatabase<Database>(url, { max: 2, applicationName: 'geo-import-terc' });
try {
  await migrateToLatest(db as Kysely<unknown>, migrations, {
    databaseUrl: url,
    logger: createLogger('geo-import-terc', 'warn'),
  });
  const result = await importTercFile(db, await readFile(file, 'utf8'));
  console.log(
    `TERC: ${result.voivodeships} voivodeships, ${result.counties} counties, ${result.communes} communes loaded`,
  );
} catch (error) {
  console.error(`TERC import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
