import { sql, type Kysely } from 'kysely';
import type { Database } from '../database';
import type { TercUnit } from '../../domain/terc';
import type { DictionaryEntry } from '../../adapters/uldk.provider';

export async function upsertUnits(db: Kysely<Database>, units: TercUnit[]): Promise<number> {
  let n = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < units.length; i += 500) {
      const chunk = units.slice(i, i + 500).map((u) => ({
        teryt: u.teryt,
        level: u.level,
        woj: u.woj,
        pow: u.pow,
        gmi: u.gmi,
        rodz: u.rodz,
        name: u.name,
        kind_name: u.kindName,
        valid_on: u.validOn,
      }));
      if (chunk.length === 0) continue;
      await trx
        .insertInto('admin_units')
        .values(chunk)
        .onConflict((oc) =>
          oc.column('teryt').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            kind_name: eb.ref('excluded.kind_name'),
            rodz: eb.ref('excluded.rodz'),
            valid_on: eb.ref('excluded.valid_on'),
          })),
        )
        .execute();
      n += chunk.length;
    }
  });
  return n;
}

export async function countUnits(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('admin_units')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listUnits(
  db: Kysely<Database>,
  level: 'VOIVODESHIP' | 'COUNTY' | 'COMMUNE',
  woj: string,
  pow?: string,
) {
  let q = db.selectFrom('admin_units').selectAll().where('level', '=', level).where('woj', '=', woj);
  if (pow) q = q.where('pow', '=', pow);
  return q.orderBy('teryt').execute();
}

export function findUnit(db: Kysely<Database>, teryt: string) {
  return db.selectFrom('admin_units').selectAll().where('teryt', '=', teryt).executeTakeFirst();
}

/** Communes and counties whose name starts with `q` (case-insensitive), towns first. */
export function searchUnitsByName(db: Kysely<Database>, q: string, limit = 10) {
  const pattern = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('admin_units')
    .selectAll()
    .where('level', '=', 'COMMUNE')
    .where(sql<boolean>`lower(name) like ${pattern}`)
    .orderBy(sql`case when rodz in ('1','3','4') then 0 else 1 end`)
    .orderBy('name')
    .limit(limit)
    .execute();
}

export async function cachedPrecincts(db: Kysely<Database>, communeTeryt: string, freshAfter: Date) {
  return db
    .selectFrom('precincts')
    .select(['teryt', 'name'])
    .where('commune_teryt', '=', communeTeryt)
    .where('fetched_at', '>', freshAfter)
    .orderBy('name')
    .execute();
}

export async function storePrecincts(
  db: Kysely<Database>,
  communeTeryt: string,
  entries: DictionaryEntry[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('precincts').where('commune_teryt', '=', communeTeryt).execute();
    if (entries.length === 0) return;
    await trx
      .insertInto('precincts')
      .values(entries.map((e) => ({ teryt: e.teryt, name: e.name, commune_teryt: communeTeryt })))
      .onConflict((oc) =>
        oc.column('teryt').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          commune_teryt: eb.ref('excluded.commune_teryt'),
          fetched_at: sql`now()`,
        })),
      )
      .execute();
  });
}
