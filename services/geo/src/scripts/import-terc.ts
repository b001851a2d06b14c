// `npm run import:terc -w @gleba/geo -- <file>`: loads a newer GUS TERC register (voivodeships,
// counties, communes) into geo's database (DATABASE_URL, default: `npm start`'s), renaming units
// already there and adding new ones. A malformed or partial file is refused and nothing changes.
import { readFile } from 'node:fs/promises';
import { createDatabase, migrateToLatest, createLogger } from '@gleba/platform';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { migrations } from '../db/migrations';
import { parseTercRegister, TercFormatError } from '../domain/terc';
import { importTercFile } from './terc-import';

const file = process.argv[2];
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gleba_geo';
if (!file) {
  console.error('usage: [DATABASE_URL=postgres://...] npm run import:terc -w @gleba/geo -- <TERC.csv>');
  process.exit(2);
}
let text: string;
try {
  text = await readFile(file, 'utf8');
} catch (error) {
  console.error(`TERC import failed: cannot read ${file}: ${(error as Error).message}`);
  process.exit(1);
}
// The file is checked before the database is touched: a refused file changes nothing at all.
try {
  parseTercRegister(text);
} catch (error) {
  console.error(`TERC import failed, nothing changed: not a GUS TERC register: ${(error as Error).message}`);
  process.exit(1);
}
const db = createDatabase<Database>(url, { max: 2, applicationName: 'geo-import-terc' });
try {
  await migrateToLatest(db as Kysely<unknown>, migrations, {
    databaseUrl: url,
    logger: createLogger('geo-import-terc', 'warn'),
  });
  const r = await importTercFile(db, text);
  console.log(
    `TERC: ${r.voivodeships} voivodeships, ${r.counties} counties, ${r.communes} communes` +
      ` (+${r.communeParts} towns, rural areas, districts, delegations) loaded;` +
      ` stored now: ${r.stored.voivodeships} voivodeships, ${r.stored.counties} counties, ${r.stored.communes} communes with parts`,
  );
} catch (error) {
  const why =
    error instanceof TercFormatError ? `not a GUS TERC register: ${error.message}` : (error as Error).message;
  console.error(`TERC import failed, nothing changed: ${why}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
