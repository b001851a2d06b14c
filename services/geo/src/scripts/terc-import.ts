import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { countUnitsByLevel, upsertUnitRows, upsertUnits } from '../db/repositories/admin-units.repository';
import { parseTercRegister, type TercUnit } from '../domain/terc';

export interface TercImportResult {
  /** Units in the file, per level: communes are GUS's (RODZ 1-3), their parts (towns and rural areas of
   * urban-rural communes, Warsaw's districts, delegations: RODZ 4, 5, 8, 9) are counted apart. */
  voivodeships: number;
  counties: number;
  communes: number;
  communeParts: number;
  /** Units in the database after the import (units of older files stay), per level (communes with their parts). */
  stored: { voivodeships: number; counties: number; communes: number };
}

function perLevel(units: TercUnit[]) {
  return {
    voivodeships: units.filter((u) => u.level === 'VOIVODESHIP').length,
    counties: units.filter((u) => u.level === 'COUNTY').length,
    communes: units.filter((u) => u.level === 'COMMUNE' && ['1', '2', '3'].includes(u.rodz ?? '')).length,
    communeParts: units.filter((u) => u.level === 'COMMUNE' && !['1', '2', '3'].includes(u.rodz ?? ''))
      .length,
  };
}

/**
 * Checks a whole TERC register and upserts every unit; a malformed or partial file throws
 * `TercFormatError` before anything is written. `inTransaction`: the caller's transaction (a
 * migration) instead of one of its own.
 */
export async function importTercFile(
  db: Kysely<Database>,
  text: string,
  options: { inTransaction?: boolean } = {},
): Promise<TercImportResult> {
  const units = parseTercRegister(text);
  if (options.inTransaction) await upsertUnitRows(db, units);
  else await upsertUnits(db, units);
  const stored = await countUnitsByLevel(db);
  return {
    ...perLevel(units),
    stored: {
      voivodeships: stored.VOIVODESHIP ?? 0,
      counties: stored.COUNTY ?? 0,
      communes: stored.COMMUNE ?? 0,
    },
  };
}
