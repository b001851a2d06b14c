import type { Kysely, Selectable } from 'kysely';
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
import type { Database, ImportsTable } from '../database';

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
