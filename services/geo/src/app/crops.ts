import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Position } from 'geojson';
import { getCrop } from '@gleba/agronomy';
import {
  CropChangedV1,
  CropCreatedV1,
  CropDeletedV1,
  SectorsChangedV1,
  type Language,
  type TCreateCropBody,
  type TCrop,
  type TCropSnapshot,
  type TUpdateCropBody,
  type TUpdateSectorsBody,
} from '@gleba/contracts';
import type { Database } from '../db/database';
import {
  cropIdsOfPlots,
  cropPlotIds,
  deleteCrops,
  findCrop,
  findSector,
  insertCrop,
  listCrops,
  lockCrop,
  lockedIds,
  replaceSectors,
  sectorsOf,
  setCropPlots,
  updateCrop,
  type CropRow,
  type NewSector,
} from '../db/repositories/crops.repository';
import { deleteShapes, recordShape, shapeRanges, shapeVersion } from '../db/repositories/shapes.repository';
import { plotsByIds, plotShapesByIds } from '../db/repositories/plots.repository';
import { geoError } from '../domain/errors';
import { areaHa, type Area } from '../domain/geometry';
import { geometry as geo } from './geometry-thread';
import type { Deps } from './deps';

type Db = Deps['db'] | Transaction<Database>;

function isoDate(value: unknown): string {
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}

function plantOf(plantId: string) {
  const plant = getCrop(plantId);
  if (!plant) throw geoError('plantNotFound', `No plant "${plantId}" in the catalogue`);
  return plant;
}

/** Crops with their plots, sectors, locks and undo state, as the API shows them. */
export async function presentCrops(db: Db, rows: CropRow[], language: Language): Promise<TCrop[]> {
  const ids = rows.map((r) => r.id);
  const [plots, sectors, locks, ranges] = await Promise.all([
    cropPlotIds(db, ids),
    sectorsOf(db, ids),
    lockedIds(db, ids),
    shapeRanges(db, ids),
  ]);
  return rows.map((r) => {
    const plant = getCrop(r.plant_id);
    const range = ranges.get(r.id);
    const cropLocked = locks.crops.has(r.id);
    const own = sectors.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      plantId: r.plant_id,
      plantName: plant?.names[language] ?? r.plant_id,
      plantGroup: plant?.group ?? 'FIELD',
      plantType: plant?.type ?? 'CEREALS',
      cultivationFrom: isoDate(r.cultivation_from),
      cultivationTo: isoDate(r.cultivation_to),
      estimatedYieldTPerHa: r.estimated_yield_t_per_ha === null ? null : Number(r.estimated_yield_t_per_ha),
      plotIds: plots.get(r.id) ?? [],
      areaHa: Number(r.area_ha),
      geometry: r.geometry as TCrop['geometry'],
      divided: own.length > 1,
      hasTest: cropLocked,
      sectors: own.map((s) => ({
        id: s.id,
        name: s.name,
        areaHa: Number(s.area_ha),
        geometry: s.geometry as TCrop['geometry'],
        locked: cropLocked || locks.sectors.has(s.id),
      })),
      canUndo: range ? range.min < r.history_cursor : false,
      canRedo: range ? range.max > r.history_cursor : false,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
}

/** What orders snapshots: the crop, its plots' numbers and its sectors. */
async function snapshot(trx: Transaction<Database>, row: CropRow): Promise<TCropSnapshot> {
  const [crop] = await presentCrops(trx, [row], 'pl');
  const plots = await plotsByIds(trx, row.user_id, crop!.plotIds);
  return {
    cropId: row.id,
    userId: row.user_id,
    name: row.name,
    plantId: row.plant_id,
    plantGroup: crop!.plantGroup,
    plantType: crop!.plantType,
    areaHa: crop!.areaHa,
    plotNumbers: plots.map((p) => p.plot_number ?? p.name),
    fieldName: plots.map((p) => p.name).join(', '),
    // Only a crop without sectors needs its own outline: otherwise the sectors carry it.
    geometry: crop!.sectors.length === 0 ? crop!.geometry : undefined,
    sectors: crop!.sectors.map((s) => ({
      sectorId: s.id,
      name: s.name,
      areaHa: s.areaHa,
      geometry: s.geometry,
    })),
  };
}

export async function ensureNoTests(db: Db, cropIds: string[]): Promise<void> {
  const locks = await lockedIds(db, cropIds);
  if (locks.crops.size > 0)
    throw geoError('cropHasTest', 'A crop with an ordered test cannot be changed this way');
}

async function ensureSectorsFree(db: Db, cropId: string): Promise<void> {
  const locks = await lockedIds(db, [cropId]);
  if (locks.crops.size > 0 || locks.sectors.size > 0)
    throw geoError('sectorsUsedInTests', 'A sector used in a test cannot be changed');
}

function singleSector(geometry: Area): NewSector[] {
  return [{ id: randomUUID(), name: '1', areaHa: areaHa(geometry), geometry }];
}

async function plotsUnion(trx: Transaction<Database>, userId: string, plotIds: string[]): Promise<Area> {
  const unique = [...new Set(plotIds)];
  const plots = await plotShapesByIds(trx, userId, unique);
  if (plots.length !== unique.length) throw geoError('plotNotFound', 'Plot not found');
  const union = await geo.unionStored(plots);
  if (!union) throw geoError('geometryInvalid', 'The plots have no area');
  return union;
}

/** A crop's shape: the drawn part of its plots, or the whole of them. */
async function cropShape(
  trx: Transaction<Database>,
  userId: string,
  plotIds: string[],
  raw: Area | undefined,
): Promise<Area> {
  const plots = await plotsUnion(trx, userId, plotIds);
  return geo.cropShape(plots, raw ?? null);
}

function periodsOverlap(aFrom: string, aTo: string, bFrom: string, bTo: string): boolean {
  return aFrom <= bTo && bFrom <= aTo;
}

/** The same plant growing on the same ground in an overlapping period is the same crop. */
async function ensureUnique(
  trx: Transaction<Database>,
  userId: string,
  plantId: string,
  geometry: Area,
  from: string,
  to: string,
  exclude: string[] = [],
) {
  const same = (await listCrops(trx, userId)).filter(
    (c) =>
      !exclude.includes(c.id) &&
      c.plant_id === plantId &&
      periodsOverlap(from, to, isoDate(c.cultivation_from), isoDate(c.cultivation_to)),
  );
  if (same.length === 0) return;
  if (
    (
      await geo.overlap(
        geometry,
        same.map((c) => ({ id: c.id, geometry: c.geometry })),
      )
    ).percent > 1
  ) {
    throw geoError('cropAlreadyExists', 'This crop already exists on these plots in this period');
  }
}

async function mustLock(trx: Transaction<Database>, userId: string, id: string): Promise<CropRow> {
  const row = await lockCrop(trx, userId, id);
  if (!row) throw geoError('cropNotFound', 'Crop not found');
  return row;
}

export async function getCrops(deps: Deps, userId: string, language: Language): Promise<TCrop[]> {
  return presentCrops(deps.db, await listCrops(deps.db, userId), language);
}

export async function getCropById(
  deps: Deps,
  userId: string,
  id: string,
  language: Language,
): Promise<TCrop> {
  const row = await findCrop(deps.db, userId, id);
  if (!row) throw geoError('cropNotFound', 'Crop not found');
  return (await presentCrops(deps.db, [row], language))[0]!;
}

export async function createCrop(
  deps: Deps,
  userId: string,
  body: TCreateCropBody,
  language: Language,
): Promise<TCrop> {
  const plant = plantOf(body.plantId);
  if (body.cultivationTo < body.cultivationFrom)
    throw geoError('cultivationPeriodInvalid', 'The cultivation end cannot be before its start');
  const row = await deps.db.transaction().execute(async (trx) => {
    const geometry = await cropShape(trx, userId, body.plotIds, body.geometry);
    await ensureUnique(trx, userId, body.plantId, geometry, body.cultivationFrom, body.cultivationTo);
    const id = randomUUID();
    await insertCrop(trx, id, userId, {
      name: body.name ?? plant.names[language],
      plantId: body.plantId,
      cultivationFrom: body.cultivationFrom,
      cultivationTo: body.cultivationTo,
      estimatedYieldTPerHa: body.estimatedYieldTPerHa ?? null,
      areaHa: areaHa(geometry),
      geometry,
    });
    await setCropPlots(trx, id, [...new Set(body.plotIds)]);
    await replaceSectors(trx, id, singleSector(geometry));
    const cursor = await recordShape(trx, id, 0, geometry, deps.config.SHAPE_HISTORY_LIMIT);
    const row = await updateCrop(trx, id, { cursor });
    await deps.outbox.publish(trx, CropCreatedV1, await snapshot(trx, row));
    return row;
  });
  return (await presentCrops(deps.db, [row], language))[0]!;
}

/** A new shape for a crop: refused while a test uses it; its sectors go back to one. */
async function reshape(
  trx: Transaction<Database>,
  deps: Deps,
  row: CropRow,
  geometry: Area,
  plotIds?: string[],
): Promise<CropRow> {
  await ensureSectorsFree(trx, row.id);
  const plots = await plotsUnion(
    trx,
    row.user_id,
    plotIds ?? (await cropPlotIds(trx, [row.id])).get(row.id) ?? [],
  );
  if (!(await geo.liesWithin(geometry, plots)))
    throw geoError('cropOutsidePlots', 'The crop must lie on its assigned plots');
  const cursor = await recordShape(
    trx,
    row.id,
    row.history_cursor,
    geometry,
    deps.config.SHAPE_HISTORY_LIMIT,
  );
  await replaceSectors(trx, row.id, singleSector(geometry));
  return updateCrop(trx, row.id, { geometry, areaHa: areaHa(geometry), cursor });
}

export async function updateCropFields(
  deps: Deps,
  userId: string,
  id: string,
  body: TUpdateCropBody,
  language: Language,
): Promise<TCrop> {
  const row = await deps.db.transaction().execute(async (trx) => {
    let row = await mustLock(trx, userId, id);
    const plantId = body.plantId ?? row.plant_id;
    plantOf(plantId);
    const from = body.cultivationFrom ?? isoDate(row.cultivation_from);
    const to = body.cultivationTo ?? isoDate(row.cultivation_to);
    if (to < from)
      throw geoError('cultivationPeriodInvalid', 'The cultivation end cannot be before its start');
    const currentPlots = (await cropPlotIds(trx, [id])).get(id) ?? [];
    const plotIds = body.plotIds ? [...new Set(body.plotIds)] : currentPlots;
    const geometry =
      body.plotIds || body.geometry ? await cropShape(trx, userId, plotIds, body.geometry) : row.geometry;
    await ensureUnique(trx, userId, plantId, geometry, from, to, [id]);
    if (body.plotIds || body.geometry) {
      if (body.plotIds) {
        await ensureSectorsFree(trx, id);
        await setCropPlots(trx, id, plotIds);
      }
      row = await reshape(trx, deps, row, geometry, plotIds);
    }
    row = await updateCrop(trx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      plantId,
      cultivationFrom: from,
      cultivationTo: to,
      ...(body.estimatedYieldTPerHa !== undefined ? { estimatedYieldTPerHa: body.estimatedYieldTPerHa } : {}),
    });
    await deps.outbox.publish(trx, CropChangedV1, await snapshot(trx, row));
    return row;
  });
  return (await presentCrops(deps.db, [row], language))[0]!;
}

async function deleteCropRows(trx: Transaction<Database>, deps: Deps, rows: CropRow[]): Promise<void> {
  await ensureNoTests(
    trx,
    rows.map((r) => r.id),
  );
  await deleteShapes(
    trx,
    rows.map((r) => r.id),
  );
  await deleteCrops(
    trx,
    rows.map((r) => r.id),
  );
  for (const r of rows) await deps.outbox.publish(trx, CropDeletedV1, { cropId: r.id, userId: r.user_id });
}

export async function deleteCrop(deps: Deps, userId: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await mustLock(trx, userId, id);
    await deleteCropRows(trx, deps, [row]);
  });
}

/** Before plots are deleted: crops lying only on them go too; the others just lose those plots. */
export async function deleteCropsOfPlots(
  trx: Transaction<Database>,
  deps: Deps,
  userId: string,
  plotIds: string[],
): Promise<void> {
  const cropIds = await cropIdsOfPlots(trx, plotIds);
  if (cropIds.length === 0) return;
  const plots = await cropPlotIds(trx, cropIds);
  const crops = (await listCrops(trx, userId)).filter((c) => cropIds.includes(c.id));
  const orphaned = crops.filter((c) => (plots.get(c.id) ?? []).every((p) => plotIds.includes(p)));
  await deleteCropRows(trx, deps, orphaned);
  const kept = crops.filter((c) => !orphaned.includes(c));
  await ensureNoTests(
    trx,
    kept.map((c) => c.id),
  );
}

/** Merged plots: crops of the removed plots now lie on the plot that stays. */
export async function reassignCropPlots(
  trx: Transaction<Database>,
  from: string[],
  to: string,
): Promise<void> {
  const cropIds = await cropIdsOfPlots(trx, from);
  if (cropIds.length === 0) return;
  const plots = await cropPlotIds(trx, cropIds);
  for (const cropId of cropIds) {
    const next = [...new Set((plots.get(cropId) ?? []).map((p) => (from.includes(p) ? to : p)))];
    await setCropPlots(trx, cropId, next);
  }
}

async function changeShape(
  deps: Deps,
  userId: string,
  id: string,
  language: Language,
  compute: (row: CropRow, trx: Transaction<Database>) => Promise<Area>,
): Promise<TCrop> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await mustLock(trx, userId, id);
    const geometry = await compute(row, trx);
    const next = await reshape(trx, deps, row, geometry);
    await deps.outbox.publish(trx, CropChangedV1, await snapshot(trx, next));
    return next;
  });
  return (await presentCrops(deps.db, [row], language))[0]!;
}

export function moveCrop(
  deps: Deps,
  userId: string,
  id: string,
  distanceM: number,
  bearingDeg: number,
  language: Language,
) {
  return changeShape(deps, userId, id, language, (row) => geo.moveArea(row.geometry, distanceM, bearingDeg));
}

export function cutCrop(deps: Deps, userId: string, id: string, ring: Position[], language: Language) {
  return changeShape(deps, userId, id, language, (row) => geo.cutOut(row.geometry, ring));
}

/** The crop keeps the largest piece; each other piece becomes a new crop of the same plant. */
export async function divideCrop(
  deps: Deps,
  userId: string,
  id: string,
  line: Position[],
  language: Language,
): Promise<TCrop[]> {
  const rows = await deps.db.transaction().execute(async (trx) => {
    const row = await mustLock(trx, userId, id);
    await ensureSectorsFree(trx, id);
    const pieces = await geo.divideArea(row.geometry, line);
    const plotIds = (await cropPlotIds(trx, [id])).get(id) ?? [];
    const plots = await plotsByIds(trx, userId, plotIds);
    const first = await reshape(trx, deps, row, pieces[0]!);
    await deps.outbox.publish(trx, CropChangedV1, await snapshot(trx, first));
    const created: CropRow[] = [];
    for (const [i, geometry] of pieces.slice(1).entries()) {
      const newId = randomUUID();
      await insertCrop(trx, newId, userId, {
        name: `${row.name} (${i + 2})`,
        plantId: row.plant_id,
        cultivationFrom: isoDate(row.cultivation_from),
        cultivationTo: isoDate(row.cultivation_to),
        estimatedYieldTPerHa:
          row.estimated_yield_t_per_ha === null ? null : Number(row.estimated_yield_t_per_ha),
        areaHa: areaHa(geometry),
        geometry,
      });
      // A piece lies on the plots it touches.
      const touched = await geo.touching(
        geometry,
        plots.map((p) => ({ id: p.id, geometry: p.geometry })),
      );
      await setCropPlots(trx, newId, touched.length ? touched : plotIds);
      await replaceSectors(trx, newId, singleSector(geometry));
      const cursor = await recordShape(trx, newId, 0, geometry, deps.config.SHAPE_HISTORY_LIMIT);
      const made = await updateCrop(trx, newId, { cursor });
      await deps.outbox.publish(trx, CropCreatedV1, await snapshot(trx, made));
      created.push(made);
    }
    return [first, ...created];
  });
  return presentCrops(deps.db, rows, language);
}

export async function undoRedoCrop(
  deps: Deps,
  userId: string,
  id: string,
  step: -1 | 1,
  language: Language,
): Promise<TCrop> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await mustLock(trx, userId, id);
    const target = row.history_cursor + step;
    const geometry = await shapeVersion(trx, id, target);
    if (!geometry)
      throw step < 0
        ? geoError('nothingToUndo', 'Nothing to undo')
        : geoError('nothingToRedo', 'Nothing to redo');
    await ensureSectorsFree(trx, id);
    await replaceSectors(trx, id, singleSector(geometry));
    const next = await updateCrop(trx, id, { geometry, areaHa: areaHa(geometry), cursor: target });
    await deps.outbox.publish(trx, CropChangedV1, await snapshot(trx, next));
    return next;
  });
  return (await presentCrops(deps.db, [row], language))[0]!;
}

// ---- sectors ------------------------------------------------------------------------------

async function changeSectors(
  deps: Deps,
  userId: string,
  id: string,
  language: Language,
  compute: (row: CropRow, trx: Transaction<Database>) => Promise<NewSector[]>,
): Promise<TCrop> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await mustLock(trx, userId, id);
    const sectors = await compute(row, trx);
    await replaceSectors(trx, id, sectors);
    const next = await updateCrop(trx, id, {});
    await deps.outbox.publish(trx, SectorsChangedV1, await snapshot(trx, next));
    return next;
  });
  return (await presentCrops(deps.db, [row], language))[0]!;
}

export function autoDivideCrop(
  deps: Deps,
  userId: string,
  id: string,
  maxAreaHa: number | undefined,
  language: Language,
) {
  return changeSectors(deps, userId, id, language, async (row, trx) => {
    await ensureSectorsFree(trx, id);
    const current = (await sectorsOf(trx, [id])).get(id) ?? [];
    if (current.length > 1) throw geoError('sectorsAlreadyDivided', 'Revert to a single sector first');
    const pieces = await geo.autoDivide(row.geometry, (maxAreaHa ?? deps.config.SECTOR_MAX_AREA_HA) * 10_000);
    return pieces.map((geometry, i) => ({
      id: randomUUID(),
      name: String(i + 1),
      areaHa: areaHa(geometry),
      geometry,
    }));
  });
}

export function revertSectors(deps: Deps, userId: string, id: string, language: Language) {
  return changeSectors(deps, userId, id, language, async (row, trx) => {
    await ensureSectorsFree(trx, id);
    return singleSector(row.geometry);
  });
}

/**
 * Replaces the sectors by hand: each inside the crop, none overlapping another. A sector used in
 * a test must come back unchanged (same id and shape).
 */
export function updateSectors(
  deps: Deps,
  userId: string,
  id: string,
  body: TUpdateSectorsBody,
  language: Language,
) {
  return changeSectors(deps, userId, id, language, async (row, trx) => {
    const current = (await sectorsOf(trx, [id])).get(id) ?? [];
    const byId = new Map(current.map((s) => [s.id, s]));
    const locks = await lockedIds(trx, [id]);
    const cropLocked = locks.crops.has(id);
    const next: NewSector[] = [];
    for (const [i, s] of body.sectors.entries()) {
      if (s.id && !byId.has(s.id)) throw geoError('sectorNotFound', 'Sector not found');
      const geometry = await geo.normalizeArea(s.geometry);
      next.push({
        id: s.id ?? randomUUID(),
        name: s.name ?? byId.get(s.id ?? '')?.name ?? String(i + 1),
        areaHa: areaHa(geometry),
        geometry,
      });
    }
    for (const old of current) {
      if (!cropLocked && !locks.sectors.has(old.id)) continue;
      const kept = next.find((s) => s.id === old.id);
      if (!kept || !(await geo.sameShape(kept.geometry, old.geometry))) {
        throw geoError('sectorsUsedInTests', 'A sector used in a test cannot be changed');
      }
      kept.geometry = old.geometry;
    }
    if (new Set(next.map((s) => s.id)).size !== next.length)
      throw geoError('sectorsInvalid', 'A sector is listed twice');
    await geo.checkSectors(
      next.map((s) => s.geometry),
      row.geometry,
    );
    return next;
  });
}

export async function getSector(deps: Deps, userId: string, sectorId: string, language: Language) {
  const sector = await findSector(deps.db, sectorId);
  if (!sector || sector.user_id !== userId) throw geoError('sectorNotFound', 'Sector not found');
  const crop = await getCropById(deps, userId, sector.crop_id, language);
  return { ...crop.sectors.find((s) => s.id === sectorId)!, cropId: crop.id };
}
