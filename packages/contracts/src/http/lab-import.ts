import { z } from 'zod';
import { AdminMode, AgronomicCategory, LabTestType, OrderKind, SoilTestType } from '../enums';

/** What one row of a lab file reports: the basic test or one of the additional tests. */
export const ImportTestType = z.enum([...SoilTestType.options, ...LabTestType.options]);
export type ImportTestType = z.infer<typeof ImportTestType>;

/** UPLOADED -> CHECKING -> CHECKED -> APPLYING -> APPLIED; FAILED (file-level error) or REJECTED (refused at upload). */
export const ImportStatus = z.enum([
  'UPLOADED',
  'CHECKING',
  'CHECKED',
  'APPLYING',
  'APPLIED',
  'FAILED',
  'REJECTED',
]);
export type ImportStatus = z.infer<typeof ImportStatus>;

/** How far the wizard goes with one upload: only check the document, or check and apply it. */
export const ImportStep = z.enum(['check', 'apply']);
export type ImportStep = z.infer<typeof ImportStep>;

/** `POST /{farm,garden}-api/imports?testType=BASIC_TEST&step=check` (multipart `file` or a raw body). */
export const ZImportUploadQuery = z.object({
  testType: ImportTestType,
  step: ImportStep.default('check'),
  fileName: z.string().max(255).optional(),
});
export type TImportUploadQuery = z.infer<typeof ZImportUploadQuery>;

/**
 * The parameters of an import's message (`errors.<code>` in @gleba/i18n): `column` (its letter),
 * `header` (as the file names it), `value`, `testType`... `importMessage` renders them.
 */
export const ZImportMessageParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type TImportMessageParams = z.infer<typeof ZImportMessageParams>;

export const ZImportRowError = z.object({
  /** The worksheet row (1 = the header); null for a file-level error. */
  row: z.number().int().nullable(),
  label: z.string().nullable(),
  code: z.string(),
  params: ZImportMessageParams.nullable(),
  /** The code and its parameters as text, in the request's language. */
  message: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportView = z.object({
  id: z.uuid(),
  mode: AdminMode,
  testType: ImportTestType,
  fileName: z.string().nullable(),
  fileSize: z.number().int(),
  status: ImportStatus,
  errorCode: z.string().nullable(),
  errorParams: ZImportMessageParams.nullable(),
  /** The file-level error as text, in the request's language. */
  errorMessage: z.string().nullable(),
  progress: z.object({
    phase: z.enum(['check', 'apply']).nullable(),
    rowsRead: z.number().int(),
    total: z.number().int().nullable(),
    percent: z.number().min(0).max(100),
  }),
  summary: z.object({
    rowsRead: z.number().int(),
    valid: z.number().int(),
    applied: z.number().int(),
    rejected: z.number().int(),
    ordersTouched: z.number().int(),
  }),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
  createdByUserId: z.uuid(),
});
export type TImportView = z.infer<typeof ZImportView>;

export const ZImportDetail = ZImportView.extend({
  errors: z.array(ZImportRowError),
  errorsTotal: z.number().int(),
});
export type TImportDetail = z.infer<typeof ZImportDetail>;

export const ZResultElement = z.object({
  /** Stable parameter key of the lab file format (`PH_KCL`, `P2O5`, ...). */
  key: z.string(),
  name: z.string(),
  symbol: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  valueDescripted: z.string().nullable(),
  /** The class of the value and its legend, where a table exists. */
  class: z.string().nullable(),
  classLabel: z.string().nullable(),
});
export type TResultElement = z.infer<typeof ZResultElement>;

export const ZFieldHistoryQuery = z
  .object({ cropId: z.uuid().optional(), fieldName: z.string().min(1).max(200).optional() })
  .refine((q) => q.cropId || q.fieldName, { message: 'cropId or fieldName is required' });
export type TFieldHistoryQuery = z.infer<typeof ZFieldHistoryQuery>;

export const ZAgronomicCategoryView = z.object({ value: AgronomicCategory, label: z.string() });
export const ZResultKind = OrderKind;
