// `npm run seed -w @gleba/orders`: demo data, idempotent (run it as often as you like).
import { pathToFileURL } from 'node:url';
import {
  createDatabase,
  createLogger,
  loadConfig,
  migrateToLatest,
  refuseInProduction,
} from '@gleba/platform';
import type { Kysely } from 'kysely';
import { createBatch } from './app/barcodes';
import { ZConfig } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { batchExists } from './db/repositories/barcodes.repository';

/** The demo batch: 10 paid garden labels with known codes (listed in the README). */
export const DEMO_BATCH_ID = '00000000-0000-4000-8000-00000000b001';
export const DEMO_BARCODES = Array.from({ length: 10 }, (_, i) => `GLEBA${String(i + 1).padStart(10, '0')}`);

/** Paid kit codes anyone can guess: demo data only, refused in production. */
export async function seed(
  db: Kysely<Database>,
  env: Record<string, string | undefined> = process.env,
): Promise<{ created: boolean }> {
  refuseInProduction('The demo seed (predictable kit codes)', env);
  return db.transaction().execute(async (trx) => {
    const exists = await batchExists(trx, DEMO_BATCH_ID);
    if (exists) return { created: false };
    await createBatch(trx, {
      id: DEMO_BATCH_ID,
      count: DEMO_BARCODES.length,
      codes: DEMO_BARCODES,
      retail: true,
      paid: true,
    });
    return { created: true };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfig(ZConfig, { SERVICE_NAME: 'orders', ...process.env });
  const db = createDatabase<Database>(config.DATABASE_URL);
  try {
    await migrateToLatest(db as Kysely<unknown>, migrations, {
      databaseUrl: config.DATABASE_URL,
      logger: createLogger('orders-seed', config.LOG_LEVEL),
    });
    const { created } = await seed(db);
    console.log(
      created
        ? `seeded ${DEMO_BARCODES.length} paid garden labels: ${DEMO_BARCODES.join(', ')}`
        : 'demo labels already present',
    );
  } finally {
    await db.destroy();
  }
}
