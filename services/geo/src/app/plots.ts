import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Position } from 'geojson';
import type {
  TCadastralPlotBody,
  TCreatePlotBody,
  TPlot,
  TUpdatePlotBody,
  Voivodeship,
} from '@gleba/contracts';
import type { Database } from '../db/database';
import {
  deletePlots,
  findPlot,
  findPlotByTeryt,
  insertPlot,
  listPlots,
  listPlotShapes,
  lockPlot,
  updatePlot,
  type NewPlot,
  type PlotRow,
} from '../db/repositories/plots.repository';
import { deleteShapes, recordShape, shapeRanges, shapeVersion } from '../db/repositories/shapes.repository';
import { cropIdsOfPlots } from '../db/repositories/crops.repository';
import { geoError } from '../domain/errors';
import { areaHa, type Area } from '../domain/geometry';
import type { ImportCheck } from './geometry-tasks';
import { geometry as geo } from './geometry-thread';
import type { Deps } from './deps';
import { deleteCropsOfPlots, ensureNoTests, reassignCropPlots } from './crops';
import { cadastralParcel } from './cadastre';

export function toPlot(row: PlotRow, range?: { min: number; max: number }): TPlot {
  return {
    id: row.id,
    publicId: row.public_id,
    kind: row.kind,
    name: row.name,
    plotNumber: row.plot_number,
    terytId: row.teryt_id,
    voivodeship: (row.voivodeship as Voivodeship | null) ?? null,
    county: row.county,
    commune: row.commune,
    precinct: row.precinct,
    areaHa: Number(row.area_ha),
    geometry: row.geometry as TPlot['geometry'],
    canUndo: range ? range.min < row.history_cursor : false,
    canRedo: range ? range.max > row.history_cursor : false,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function present(deps: Deps, rows: PlotRow[]): Promise<TPlot[]> {
  const ranges = await shapeRanges(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPlot(r, ranges.get(r.id)));
}

export async function getPlots(deps: Deps, userId: string): Promise<TPlot[]> {
  return present(deps, await listPlots(deps.db, userId));
}

export async function getPlot(deps: Deps, userId: string, id: string): Promise<TPlot> {
  const row = await findPlot(deps.db, userId, id);
  if (!row) throw geoError('plotNotFound', 'Plot not found');
  return (await present(deps, [row]))[0]!;
}

/** Refuses a shape that covers the user's other plots beyond the configured limit. */
async function checkOverlap(
  trx: Transaction<Database>,
  deps: Deps,
  userId: string,
  geometry: Area,
  exclude: string[],
): Promise<void> {
  const { percent } = await geo.overlapStored(geometry, await listPlotShapes(trx, userId, exclude));
  const limit = deps.config.PLOT_OVERLAP_LIMIT_PERCENT;
  if (percent > limit) {
    throw geoError(
      'plotOverlapLimitExceeded',
      `The plot overlaps existing plots by ${percent.toFixed(1)}% (limit ${limit}%)`,
      { limit },
    );
  }
}

/** Validates a drawn shape, snaps it to the user's other plots, and validates the result again. */
async function prepareDrawn(
  trx: Transaction<Database>,
  deps: Deps,
  userId: string,
  raw: Area | undefined,
  snapM: number | undefined,
  exclude: string[],
): Promise<Area> {
  const drawn = await geo.normalizePlot(raw ?? null);
  const tolerance = snapM ?? deps.config.SNAP_TOLERANCE_M;
  if (tolerance <= 0) return drawn;
  return geo.snapPlot(drawn, await listPlotShapes(trx, userId, exclude), tolerance);
}

async function saveNew(trx: Transaction<Database>, deps: Deps, plot: NewPlot): Promise<PlotRow> {
  const row = await insertPlot(trx, plot);
  const cursor = await recordShape(trx, row.id, 0, plot.geometry, deps.config.SHAPE_HISTORY_LIMIT);
  return updatePlot(trx, row.id, { cursor });
}

async function setShape(
  trx: Transaction<Database>,
  deps: Deps,
  row: PlotRow,
  geometry: Area,
  extra: Parameters<typeof updatePlot>[2] = {},
): Promise<PlotRow> {
  const cursor = await recordShape(
    trx,
    row.id,
    row.history_cursor,
    geometry,
    deps.config.SHAPE_HISTORY_LIMIT,
  );
  return updatePlot(trx, row.id, { ...extra, geometry, areaHa: areaHa(geometry), cursor });
}

export async function createDrawnPlot(deps: Deps, userId: string, body: TCreatePlotBody): Promise<TPlot> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const geometry = await prepareDrawn(trx, deps, userId, body.geometry, body.snapToleranceM, []);
    await checkOverlap(trx, deps, userId, geometry, []);
    return saveNew(trx, deps, {
      id: randomUUID(),
      userId,
      kind: 'CUSTOM',
      name: body.name ?? body.plotNumber ?? 'Działka',
      plotNumber: body.plotNumber ?? null,
      terytId: null,
      voivodeship: null,
      county: null,
      commune: null,
      precinct: body.precinct ?? null,
      areaHa: areaHa(geometry),
      geometry,
    });
  });
  return (await present(deps, [row]))[0]!;
}

export async function createCadastralPlot(
  deps: Deps,
  userId: string,
  body: TCadastralPlotBody,
): Promise<TPlot> {
  if (!body.precinct.startsWith(body.commune) || !body.commune.startsWith(body.county)) {
    throw geoError('parcelNotFound', 'The precinct is not in the chosen commune and county');
  }
  const terytId = `${body.precinct}.${body.plotNumber}`;
  if (await findPlotByTeryt(deps.db, userId, terytId))
    throw geoError('plotAlreadyExists', 'This plot has already been added');
  const parcel = await cadastralParcel(deps, terytId);
  const row = await deps.db.transaction().execute(async (trx) => {
    const geometry = await geo.normalizePlot(parcel.geometry);
    await checkOverlap(trx, deps, userId, geometry, []);
    try {
      return await saveNew(trx, deps, {
        id: randomUUID(),
        userId,
        kind: 'CADASTRAL',
        name: body.name ?? `${parcel.precinct} ${parcel.plotNumber}`,
        plotNumber: parcel.plotNumber,
        terytId,
        voivodeship: body.voivodeship,
        county: body.county,
        commune: body.commune,
        precinct: body.precinct,
        areaHa: areaHa(geometry),
        geometry,
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        throw geoError('plotAlreadyExists', 'This plot has already been added');
      throw error;
    }
  });
  return (await present(deps, [row]))[0]!;
}

async function mustLock(trx: Transaction<Database>, userId: string, id: string): Promise<PlotRow> {
  const row = await lockPlot(trx, userId, id);
  if (!row) throw geoError('plotNotFound', 'Plot not found');
  return row;
}

export async function updatePlotFields(
  deps: Deps,
  userId: string,
  id: string,
  body: TUpdatePlotBody,
): Promise<TPlot> {
  const row = await deps.db.transaction().execute(async (trx) => {
    let row = await mustLock(trx, userId, id);
    const fields = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.plotNumber !== undefined ? { plotNumber: body.plotNumber } : {}),
      ...(body.precinct !== undefined ? { precinct: body.precinct } : {}),
    };
    if (body.geometry) {
      const geometry = await prepareDrawn(trx, deps, userId, body.geometry, body.snapToleranceM, [id]);
      await checkOverlap(trx, deps, userId, geometry, [id]);
      row = await setShape(trx, deps, row, geometry, fields);
    } else if (Object.keys(fields).length) {
      row = await updatePlot(trx, id, fields);
    }
    return row;
  });
  return (await present(deps, [row]))[0]!;
}

export async function movePlot(
  deps: Deps,
  userId: string,
  id: string,
  distanceM: number,
  bearingDeg: number,
): Promise<TPlot> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await mustLock(trx, userId, id);
    const geometry = await geo.movePlot(row.geometry, distanceM, bearingDeg);
    await checkOverlap(trx, deps, userId, geometry, [id]);
    // A moved parcel is no longer the cadastral one.
    return setShape(
      trx,
      deps,
      row,
      geometry,
      row.kind === 'CADASTRAL' ? { kind: 'CUSTOM', terytId: null } : {},
    );
  });
  return (await present(deps, [row]))[0]!;
}

export async function undoRedoPlot(deps: Deps, userId: string, id: string, step: -1 | 1): Promise<TPlot> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await mustLock(trx, userId, id);
    const target = row.history_cursor + step;
    const geometry = await shapeVersion(trx, id, target);
    if (!geometry)
      throw step < 0
        ? geoError('nothingToUndo', 'Nothing to undo')
        : geoError('nothingToRedo', 'Nothing to redo');
    // The older shape may now cover a plot divided off or drawn since.
    await checkOverlap(trx, deps, userId, geometry, [id]);
    return updatePlot(trx, id, { geometry, areaHa: areaHa(geometry), cursor: target });
  });
  return (await present(deps, [row]))[0]!;
}

/** The plot keeps the largest piece; the others become new custom plots. */
export async function dividePlot(deps: Deps, userId: string, id: string, line: Position[]): Promise<TPlot[]> {
  const rows = await deps.db.transaction().execute(async (trx) => {
    const row = await mustLock(trx, userId, id);
    await ensureNoTests(trx, await cropIdsOfPlots(trx, [id]));
    const pieces = await geo.dividePlot(row.geometry, line);
    const first = await setShape(trx, deps, row, pieces[0]!);
    const created: PlotRow[] = [];
    for (const [i, piece] of pieces.slice(1).entries()) {
      const geometry = piece;
      created.push(
        await saveNew(trx, deps, {
          id: randomUUID(),
          userId,
          kind: 'CUSTOM',
          name: `${row.name} (${i + 2})`,
          plotNumber: null,
          terytId: null,
          voivodeship: row.voivodeship,
          county: row.county,
          commune: row.commune,
          precinct: row.precinct,
          areaHa: areaHa(geometry),
          geometry,
        }),
      );
    }
    return [first, ...created];
  });
  return present(deps, rows);
}

/** The first plot becomes the union; the others are removed and their crops move to it. */
export async function mergePlots(deps: Deps, userId: string, ids: string[]): Promise<TPlot> {
  const unique = [...new Set(ids)];
  const row = await deps.db.transaction().execute(async (trx) => {
    const rows: PlotRow[] = [];
    for (const id of unique) rows.push(await mustLock(trx, userId, id));
    const merged = await geo.mergePlots(rows.map((r) => r.geometry));
    const [first, ...rest] = rows;
    await ensureNoTests(
      trx,
      await cropIdsOfPlots(
        trx,
        rest.map((r) => r.id),
      ),
    );
    await reassignCropPlots(
      trx,
      rest.map((r) => r.id),
      first!.id,
    );
    await deleteShapes(
      trx,
      rest.map((r) => r.id),
    );
    await deletePlots(
      trx,
      rest.map((r) => r.id),
    );
    return setShape(
      trx,
      deps,
      first!,
      merged,
      first!.kind === 'CADASTRAL' ? { kind: 'CUSTOM', terytId: null } : {},
    );
  });
  return (await present(deps, [row]))[0]!;
}

/** Deletes a plot; crops lying only on it go too (refused when one has a test). */
export async function deletePlot(deps: Deps, userId: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await mustLock(trx, userId, id);
    await deleteCropsOfPlots(trx, deps, userId, [id]);
    await deleteShapes(trx, [id]);
    await deletePlots(trx, [id]);
  });
}

/**
 * Imports a file's shapes as custom plots, each by the rules of a drawn one (without snapping):
 * the user's plots are read once; the file is read and every shape checked on the geometry
 * thread, against them and the shapes before it; the accepted ones are written in one transaction.
 * Refuses a file with no polygon at all (`plotImportInvalid`).
 */
export async function importPlotFile(
  deps: Deps,
  userId: string,
  format: 'kml' | 'geojson',
  content: string,
): Promise<{ imported: TPlot[]; skipped: Extract<ImportCheck, { ok: false }>[] }> {
  const existing = await listPlotShapes(deps.db, userId);
  const checks = await geo.importFile(format, content, existing, deps.config.PLOT_OVERLAP_LIMIT_PERCENT);
  const skipped = checks.filter((c): c is Extract<ImportCheck, { ok: false }> => !c.ok);
  if (skipped.length === checks.length && skipped.every((c) => c.unreadable))
    throw geoError('plotImportInvalid', 'The file holds no polygons');
  const rows = await deps.db.transaction().execute(async (trx) => {
    const saved: PlotRow[] = [];
    for (const check of checks) {
      if (!check.ok) continue;
      const geometry = JSON.parse(check.geometryJson) as Area;
      const plotNumber = check.plotNumber?.trim().slice(0, 32) || null;
      saved.push(
        await saveNew(trx, deps, {
          id: randomUUID(),
          userId,
          kind: 'CUSTOM',
          name: check.name?.trim().slice(0, 100) || plotNumber || 'Działka',
          plotNumber,
          terytId: null,
          voivodeship: null,
          county: null,
          commune: null,
          precinct: null,
          areaHa: areaHa(geometry),
          geometry,
        }),
      );
    }
    return saved;
  });
  return { imported: await present(deps, rows), skipped };
}
