import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PlotsTable } from '../database';
import type { Area } from '../../domain/geometry';

type Db = Kysely<Database> | Transaction<Database>;
export type PlotRow = Selectable<PlotsTable>;

export function listPlots(db: Db, userId: string): Promise<PlotRow[]> {
  return db
    .selectFrom('plots')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('public_id')
    .execute();
}

/** Some of the user's plots (a crop's), in the order `listPlots` gives them. */
export async function plotsByIds(db: Db, userId: string, ids: readonly string[]): Promise<PlotRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('plots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .orderBy('created_at')
    .orderBy('public_id')
    .execute();
}

/**
 * The user's plots as `{ id, geometryJson }`: the shapes as the database's text, for the geometry
 * thread to parse (the service's thread neither parses nor copies their vertices).
 */
export async function listPlotShapes(
  db: Db,
  userId: string,
  exclude: string[] = [],
): Promise<{ id: string; geometryJson: string }[]> {
  let q = db
    .selectFrom('plots')
    .select(['id', sql<string>`geometry::text`.as('geometryJson')])
    .where('user_id', '=', userId);
  if (exclude.length) q = q.where('id', 'not in', exclude);
  return q.execute();
}

/** The user's plots as an export writes them, the shapes as text for the geometry thread (see `listPlotShapes`). */
export async function listPlotsForExport(
  db: Db,
  userId: string,
): Promise<{ id: string; name: string; plotNumber: string | null; areaHa: string; geometryJson: string }[]> {
  return db
    .selectFrom('plots')
    .select([
      'id',
      'name',
      'plot_number as plotNumber',
      sql<string>`area_ha::text`.as('areaHa'),
      sql<string>`geometry::text`.as('geometryJson'),
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('public_id')
    .execute();
}

/** Some of the user's plots as `{ id, geometryJson }` (see `listPlotShapes`). */
export async function plotShapesByIds(
  db: Db,
  userId: string,
  ids: string[],
): Promise<{ id: string; geometryJson: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('plots')
    .select(['id', sql<string>`geometry::text`.as('geometryJson')])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

export function findPlot(db: Db, userId: string, id: string): Promise<PlotRow | undefined> {
  return db
    .selectFrom('plots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locks the plot row: changes of one plot are serialised. */
export function lockPlot(
  trx: Transaction<Database>,
  userId: string,
  id: string,
): Promise<PlotRow | undefined> {
  return trx
    .selectFrom('plots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function nextPublicPlotId(
  trx: Transaction<Database>,
  kind: 'CADASTRAL' | 'CUSTOM',
): Promise<string> {
  const { rows } = await sql<{ n: number }>`select nextval('plot_public_ids')::int as n`.execute(trx);
  return `${kind === 'CADASTRAL' ? 'PL' : 'CP'}-${String(rows[0]!.n).padStart(6, '0')}`;
}

export interface NewPlot {
  id: string;
  userId: string;
  kind: 'CADASTRAL' | 'CUSTOM';
  name: string;
  plotNumber: string | null;
  terytId: string | null;
  voivodeship: string | null;
  county: string | null;
  commune: string | null;
  precinct: string | null;
  areaHa: number;
  geometry: Area;
}

export async function insertPlot(trx: Transaction<Database>, p: NewPlot): Promise<PlotRow> {
  return trx
    .insertInto('plots')
    .values({
      id: p.id,
      user_id: p.userId,
      public_id: await nextPublicPlotId(trx, p.kind),
      kind: p.kind,
      name: p.name,
      plot_number: p.plotNumber,
      teryt_id: p.terytId,
      voivodeship: p.voivodeship,
      county: p.county,
      commune: p.commune,
      precinct: p.precinct,
      area_ha: p.areaHa,
      geometry: JSON.stringify(p.geometry),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePlot(
  trx: Transaction<Database>,
  id: string,
  patch: Partial<{
    name: string;
    plotNumber: string | null;
    precinct: string | null;
    terytId: string | null;
    kind: 'CADASTRAL' | 'CUSTOM';
    geometry: Area;
    areaHa: number;
    cursor: number;
  }>,
): Promise<PlotRow> {
  return trx
    .updateTable('plots')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.plotNumber !== undefined ? { plot_number: patch.plotNumber } : {}),
      ...(patch.precinct !== undefined ? { precinct: patch.precinct } : {}),
      ...(patch.terytId !== undefined ? { teryt_id: patch.terytId } : {}),
      ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
      ...(patch.geometry !== undefined ? { geometry: JSON.stringify(patch.geometry) } : {}),
      ...(patch.areaHa !== undefined ? { area_ha: patch.areaHa } : {}),
      ...(patch.cursor !== undefined ? { history_cursor: patch.cursor } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePlots(trx: Transaction<Database>, ids: string[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('plots').where('id', 'in', ids).execute();
}

export function findPlotByTeryt(db: Db, userId: string, terytId: string): Promise<PlotRow | undefined> {
  return db
    .selectFrom('plots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('teryt_id', '=', terytId)
    .executeTakeFirst();
}
