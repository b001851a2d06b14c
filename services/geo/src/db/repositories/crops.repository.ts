import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CropsTable, Database, SectorsTable } from '../database';
import type { Area } from '../../domain/geometry';

type Db = Kysely<Database> | Transaction<Database>;
export type CropRow = Selectable<CropsTable>;
export type SectorRow = Selectable<SectorsTable>;

export function listCrops(db: Db, userId: string): Promise<CropRow[]> {
  return db
    .selectFrom('crops')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findCrop(db: Db, userId: string, id: string): Promise<CropRow | undefined> {
  return db
    .selectFrom('crops')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function lockCrop(
  trx: Transaction<Database>,
  userId: string,
  id: string,
): Promise<CropRow | undefined> {
  return trx
    .selectFrom('crops')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface CropFields {
  name: string;
  plantId: string;
  cultivationFrom: string;
  cultivationTo: string;
  estimatedYieldTPerHa: number | null;
  areaHa: number;
  geometry: Area;
}

export function insertCrop(
  trx: Transaction<Database>,
  id: string,
  userId: string,
  f: CropFields,
): Promise<CropRow> {
  return trx
    .insertInto('crops')
    .values({
      id,
      user_id: userId,
      name: f.name,
      plant_id: f.plantId,
      cultivation_from: f.cultivationFrom,
      cultivation_to: f.cultivationTo,
      estimated_yield_t_per_ha: f.estimatedYieldTPerHa,
      area_ha: f.areaHa,
      geometry: JSON.stringify(f.geometry),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCrop(
  trx: Transaction<Database>,
  id: string,
  f: Partial<CropFields> & { cursor?: number },
): Promise<CropRow> {
  return trx
    .updateTable('crops')
    .set({
      ...(f.name !== undefined ? { name: f.name } : {}),
      ...(f.plantId !== undefined ? { plant_id: f.plantId } : {}),
      ...(f.cultivationFrom !== undefined ? { cultivation_from: f.cultivationFrom } : {}),
      ...(f.cultivationTo !== undefined ? { cultivation_to: f.cultivationTo } : {}),
      ...(f.estimatedYieldTPerHa !== undefined ? { estimated_yield_t_per_ha: f.estimatedYieldTPerHa } : {}),
      ...(f.areaHa !== undefined ? { area_ha: f.areaHa } : {}),
      ...(f.geometry !== undefined ? { geometry: JSON.stringify(f.geometry) } : {}),
      ...(f.cursor !== undefined ? { history_cursor: f.cursor } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function cropPlotIds(db: Db, cropIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (cropIds.length === 0) return out;
  const rows = await db
    .selectFrom('crop_plots')
    .select(['crop_id', 'plot_id'])
    .where('crop_id', 'in', cropIds)
    .orderBy('plot_id')
    .execute();
  for (const r of rows) out.set(r.crop_id, [...(out.get(r.crop_id) ?? []), r.plot_id]);
  return out;
}

export async function setCropPlots(
  trx: Transaction<Database>,
  cropId: string,
  plotIds: string[],
): Promise<void> {
  await trx.deleteFrom('crop_plots').where('crop_id', '=', cropId).execute();
  if (plotIds.length)
    await trx
      .insertInto('crop_plots')
      .values(plotIds.map((plot_id) => ({ crop_id: cropId, plot_id })))
      .execute();
}

export async function cropIdsOfPlots(db: Db, plotIds: string[]): Promise<string[]> {
  if (plotIds.length === 0) return [];
  const rows = await db
    .selectFrom('crop_plots')
    .select('crop_id')
    .distinct()
    .where('plot_id', 'in', plotIds)
    .execute();
  return rows.map((r) => r.crop_id);
}

export async function deleteCrops(trx: Transaction<Database>, ids: string[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('crops').where('id', 'in', ids).execute();
}

export async function sectorsOf(db: Db, cropIds: string[]): Promise<Map<string, SectorRow[]>> {
  const out = new Map<string, SectorRow[]>();
  if (cropIds.length === 0) return out;
  const rows = await db
    .selectFrom('sectors')
    .selectAll()
    .where('crop_id', 'in', cropIds)
    .orderBy('ordinal')
    .execute();
  for (const r of rows) out.set(r.crop_id, [...(out.get(r.crop_id) ?? []), r]);
  return out;
}

export function findSector(db: Db, id: string) {
  return db
    .selectFrom('sectors')
    .innerJoin('crops', 'crops.id', 'sectors.crop_id')
    .selectAll('sectors')
    .select('crops.user_id')
    .where('sectors.id', '=', id)
    .executeTakeFirst();
}

export interface NewSector {
  id: string;
  name: string;
  areaHa: number;
  geometry: Area;
}

/** Replaces a crop's sectors (kept ids keep their row identity). */
export async function replaceSectors(
  trx: Transaction<Database>,
  cropId: string,
  sectors: NewSector[],
): Promise<void> {
  await trx.deleteFrom('sectors').where('crop_id', '=', cropId).execute();
  if (sectors.length === 0) return;
  await trx
    .insertInto('sectors')
    .values(
      sectors.map((s, i) => ({
        id: s.id,
        crop_id: cropId,
        ordinal: i + 1,
        name: s.name,
        area_ha: s.areaHa,
        geometry: JSON.stringify(s.geometry),
      })),
    )
    .execute();
}

/** Crops named by a placed order, and sectors named by it (a crop's test locks all its sectors). */
export async function lockedIds(
  db: Db,
  cropIds: string[],
): Promise<{ crops: Set<string>; sectors: Set<string> }> {
  const crops = new Set<string>();
  const sectors = new Set<string>();
  if (cropIds.length === 0) return { crops, sectors };
  const rows = await db
    .selectFrom('test_locks')
    .leftJoin('sectors', 'sectors.id', 'test_locks.sector_id')
    .select(['test_locks.crop_id', 'test_locks.sector_id', 'sectors.crop_id as sector_crop_id'])
    .where((eb) => eb.or([eb('test_locks.crop_id', 'in', cropIds), eb('sectors.crop_id', 'in', cropIds)]))
    .execute();
  for (const r of rows) {
    if (r.crop_id) crops.add(r.crop_id);
    if (r.sector_crop_id) crops.add(r.sector_crop_id);
    if (r.sector_id) sectors.add(r.sector_id);
  }
  return { crops, sectors };
}

export async function addTestLocks(
  trx: Transaction<Database>,
  orderId: string,
  cropIds: string[],
  sectorIds: string[],
): Promise<void> {
  await trx.deleteFrom('test_locks').where('order_id', '=', orderId).execute();
  const rows = [
    ...cropIds.map((crop_id) => ({ order_id: orderId, crop_id, sector_id: null })),
    ...sectorIds.map((sector_id) => ({ order_id: orderId, crop_id: null, sector_id })),
  ];
  if (rows.length) await trx.insertInto('test_locks').values(rows).execute();
}

export async function removeTestLocks(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx.deleteFrom('test_locks').where('order_id', '=', orderId).execute();
}
