import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { upsertUnits } from '../db/repositories/admin-units.repository';
import { parseTerc } from '../domain/terc';

/** Parses a TERC file and upserts every unit; nothing is written when a line is malformed. */
export async function importTercFile(db: Kysely<Database>, text: string) {
  const units = parseTerc(text);
  await upsertUnits(db, units);
  return {
    voivodeships: units.filter((u) => u.level === 'VOIVODESHIP').length,
    counties: units.filter((u) => u.level === 'COUNTY').length,
    communes: units.filter((u) => u.level === 'COMMUNE').length,
  };
}
