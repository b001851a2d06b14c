import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import {
  pageMeta,
  type Language,
  type ImportStatus,
  type ImportTestType,
  type TImportDetail,
  type TImportRowError,
  type TImportView,
} from '@gleba/contracts';
import { importMessage } from '@gleba/i18n';
import type { Database, ImportErrorsTable, ImportsTable } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

export type ImportRow = Selectable<ImportsTable>;

const VIEW_COLUMNS = [
  'id',
  'mode',
  'test_type',
  'step',
  'file_name',
  'file_size',
  'status',
  'phase',
  'error_code',
  'error_params',
  'error_message',
  'rows_read',
  'rows_total',
  'rows_valid',
  'rows_applied',
  'rows_rejected',
  'orders_touched',
  'apply_processed',
  'percent',
  'created_by',
  'created_at',
  'checked_at',
  'applied_at',
] as const;

export type ImportViewRow = Pick<ImportRow, (typeof VIEW_COLUMNS)[number]>;

/** An import as the admin reads it, its file-level message in `lang`. */
export function toImportView(row: ImportViewRow, lang: Language): TImportView {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    mode: row.mode,
    testType: row.test_type as ImportTestType,
    fileName: row.file_name,
    fileSize: row.file_size,
    status: row.status as ImportStatus,
    errorCode: row.error_code,
    errorParams: row.error_params,
    errorMessage:
      row.error_code === null
        ? null
        : importMessage(lang, row.error_code, row.error_params, row.error_message),
    progress: {
      phase: (row.phase as 'check' | 'apply' | null) ?? null,
      rowsRead: row.phase === 'apply' ? row.apply_processed : row.rows_read,
      total: row.phase === 'apply' ? row.rows_valid : row.rows_total,
      percent: Math.round(Math.min(100, Math.max(0, row.percent)) * 10) / 10,
    },
    summary: {
      rowsRead: row.rows_total ?? row.rows_read,
      valid: row.rows_valid,
      applied: row.rows_applied,
      rejected: row.rows_rejected,
      ordersTouched: row.orders_touched,
    },
    createdAt: new Date(row.created_at).toISOString(),
    checkedAt: iso(row.checked_at),
    appliedAt: iso(row.applied_at),
    createdByUserId: row.created_by,
  };
}

export async function findImport(
  db: Kysely<Database>,
  id: string,
  mode: 'farm' | 'garden',
): Promise<ImportViewRow | undefined> {
  return db
    .selectFrom('imports')
    .select(VIEW_COLUMNS)
    .where('id', '=', id)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

export async function importDetail(
  db: Kysely<Database>,
  row: ImportViewRow,
  errorLimit: number,
  lang: Language,
): Promise<TImportDetail> {
  const errors = await db
    .selectFrom('import_errors')
    .select(['row_number', 'label', 'code', 'params', 'message'])
    .where('import_id', '=', row.id)
    .orderBy('row_number', 'asc')
    .orderBy('id', 'asc')
    .limit(errorLimit)
    .execute();
  const total = await db
    .selectFrom('import_errors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('import_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return {
    ...toImportView(row, lang),
    errors: errors.map((e): TImportRowError => ({
      row: e.row_number,
      label: e.label,
      code: e.code,
      params: e.params,
      message: importMessage(lang, e.code, e.params, e.message),
    })),
    errorsTotal: Number(total.n),
  };
}

export async function listImports(
  db: Kysely<Database>,
  mode: 'farm' | 'garden',
  page: number,
  perPage: number,
  lang: Language,
) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('imports')
      .select(VIEW_COLUMNS)
      .where('mode', '=', mode)
      .orderBy('created_at', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('imports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mode', '=', mode)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.map((i) => toImportView(i, lang)), meta: pageMeta(page, perPage, Number(total.n)) };
}

/** What a job reads of an import before it runs. */
export async function importForRun(db: Db, id: string) {
  return db
    .selectFrom('imports')
    .select(['id', 'mode', 'test_type', 'status', 'phase', 'rows_read'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The stored workbook, or null once an import applied or was refused. */
export async function importFile(db: Db, id: string): Promise<Buffer | null> {
  return (
    (await db.selectFrom('imports').select('file').where('id', '=', id).executeTakeFirst())?.file ?? null
  );
}

export async function hasFile(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('imports')
    .select(sql<boolean>`file is not null`.as('has_file'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.has_file ?? false;
}

export async function insertImport(db: Db, row: Insertable<ImportsTable>): Promise<void> {
  await db.insertInto('imports').values(row).execute();
}

export async function updateImport(db: Db, id: string, patch: Updateable<ImportsTable>): Promise<void> {
  await db.updateTable('imports').set(patch).where('id', '=', id).execute();
}

/** A checked import of `mode` moves to APPLYING; false when it is not (any more) CHECKED. */
export async function claimForApply(db: Db, id: string, mode: 'farm' | 'garden'): Promise<boolean> {
  const updated = await db
    .updateTable('imports')
    .set({ status: 'APPLYING', phase: 'apply', percent: 0 })
    .where('id', '=', id)
    .where('mode', '=', mode)
    .where('status', '=', 'CHECKED')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Counts a batch of orders the staged apply stored (in the batch's transaction). */
export async function addApplied(
  trx: Transaction<Database>,
  id: string,
  batch: { applied: number; rejected: number; processed: number; orders: number },
): Promise<void> {
  await trx
    .updateTable('imports')
    .set((eb) => ({
      rows_applied: eb('rows_applied', '+', batch.applied),
      rows_rejected: eb('rows_rejected', '+', batch.rejected),
      apply_processed: eb('apply_processed', '+', batch.processed),
      orders_touched: eb('orders_touched', '+', batch.orders),
      percent: sql<number>`least(99, 100.0 * (apply_processed + ${batch.processed}) / greatest(1, rows_valid))`,
    }))
    .where('id', '=', id)
    .execute();
}

/** Removes what an earlier check of the import left: staged rows and row errors. */
export async function clearCheck(db: Db, id: string): Promise<void> {
  await db.deleteFrom('import_rows').where('import_id', '=', id).execute();
  await db.deleteFrom('import_errors').where('import_id', '=', id).execute();
}

export async function insertImportErrors(db: Db, rows: Insertable<ImportErrorsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('import_errors').values(rows).execute();
}

/** The errors listed against rows (not the file) of an import. */
export async function countRowErrors(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('import_errors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('import_id', '=', id)
    .where('row_number', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
