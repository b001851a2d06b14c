import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';
import type { Area } from '../../domain/geometry';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Versions of a plot's or crop's shape. The entity's `history_cursor` is the version shown; a
 * new shape drops the versions after it (redo is gone once you draw), as every editor does.
 */
export async function recordShape(
  trx: Transaction<Database>,
  entityId: string,
  cursor: number,
  geometry: Area,
  limit: number,
): Promise<number> {
  const next = cursor + 1;
  await trx.deleteFrom('shape_versions').where('entity_id', '=', entityId).where('seq', '>=', next).execute();
  await trx
    .insertInto('shape_versions')
    .values({ entity_id: entityId, seq: next, geometry: JSON.stringify(geometry) })
    .execute();
  await trx
    .deleteFrom('shape_versions')
    .where('entity_id', '=', entityId)
    .where('seq', '<=', next - limit)
    .execute();
  return next;
}

export async function shapeVersion(db: Db, entityId: string, seq: number): Promise<Area | undefined> {
  const row = await db
    .selectFrom('shape_versions')
    .select('geometry')
    .where('entity_id', '=', entityId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.geometry;
}

/** Lowest and highest version kept per entity (for canUndo / canRedo). */
export async function shapeRanges(
  db: Db,
  entityIds: string[],
): Promise<Map<string, { min: number; max: number }>> {
  const out = new Map<string, { min: number; max: number }>();
  if (entityIds.length === 0) return out;
  const rows = await db
    .selectFrom('shape_versions')
    .select((eb) => ['entity_id', eb.fn.min<number>('seq').as('min'), eb.fn.max<number>('seq').as('max')])
    .where('entity_id', 'in', entityIds)
    .groupBy('entity_id')
    .execute();
  for (const r of rows) out.set(r.entity_id, { min: Number(r.min), max: Number(r.max) });
  return out;
}

export async function deleteShapes(trx: Transaction<Database>, entityIds: string[]): Promise<void> {
  if (entityIds.length) await trx.deleteFrom('shape_versions').where('entity_id', 'in', entityIds).execute();
}
