import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Logger } from '../logger';
import { ensureDatabaseExists } from './database';
import { platformMigrations } from './platform-migrations';

/**
 * Migrates one service's own database to the latest version (creating it if missing).
 * Migrations are passed as a record (`src/db/migrations/index.ts`), so bundled builds keep them.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
  options: { databaseUrl?: string; logger?: Logger } = {},
): Promise<string[]> {
  if (options.databaseUrl) await ensureDatabaseExists(options.databaseUrl);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...platformMigrations, ...migrations }) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  for (const failed of (results ?? []).filter((r) => r.status === 'Error')) {
    options.logger?.error({ migration: failed.migrationName }, 'migration failed');
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  if (applied.length) options.logger?.info({ applied }, 'migrations applied');
  return applied;
}
