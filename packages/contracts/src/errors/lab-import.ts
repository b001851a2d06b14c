/**
 * Error codes of result import and results (spec section 8, "Import"). Each has its text in
 * `packages/i18n/src/messages/errors-lab-import.ts`. File-level codes answer the upload; row-level
 * codes are listed per row in an import's errors.
 */
export const LabImportErrorCode = {
  /** Not an .xlsx workbook (checked by content, not by name). */
  importUnsupportedFile: 'importUnsupportedFile',
  /** Over the 5 MB limit. */
  importFileTooLarge: 'importFileTooLarge',
  /** A password-protected workbook (an OLE compound file, not a zip). */
  importFileEncrypted: 'importFileEncrypted',
  /** A macro-enabled workbook (.xlsm, vbaProject.bin). */
  importFileHasMacros: 'importFileHasMacros',
  /** Declared or real uncompressed size or ratio over the limits (a zip bomb). */
  importFileTooLargeUncompressed: 'importFileTooLargeUncompressed',
  /** A zip or workbook that cannot be read. */
  importFileCorrupt: 'importFileCorrupt',
  /** Reading the workbook took longer than allowed. */
  importTimeout: 'importTimeout',
  importNoLabelsColumn: 'importNoLabelsColumn',
  /** File level: no row matches an expected sample; row level: this row's label matches none. */
  importNoMatchingOrders: 'importNoMatchingOrders',
  /** The row's test type differs from the one chosen, or was not ordered for the sample. */
  importInvalidTestType: 'importInvalidTestType',
  /** A parameter the test type needs is missing or not a number. */
  importIncompleteResults: 'importIncompleteResults',
  /** A test type, parameter value or category the format does not know. */
  importUnknownType: 'importUnknownType',
  importUnknownError: 'importUnknownError',
  /** The same label twice in one file. */
  importDuplicateLabel: 'importDuplicateLabel',
  importNotFound: 'importNotFound',
  /** Apply asked of an import that is not checked, or already applied. */
  importNotReady: 'importNotReady',
  resultsNotFound: 'resultsNotFound',
} as const;
export type LabImportErrorCode = (typeof LabImportErrorCode)[keyof typeof LabImportErrorCode];
