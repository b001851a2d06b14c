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
  /** File level: no worksheet has a single filled cell. */
  importEmptyWorkbook: 'importEmptyWorkbook',
  /** File level: more result rows than one import takes (IMPORT_MAX_ROWS). */
  importTooManyRows: 'importTooManyRows',
  /** File level: a header was found but no row of results under it. */
  importNoRows: 'importNoRows',
  /** File level: rows were read, every one refused (the reasons are listed per row). */
  importNoRowApplicable: 'importNoRowApplicable',
  /** Row level: the labels cell is empty. */
  importRowNoLabel: 'importRowNoLabel',
  /** Row level: no sample expects the label (unknown, or its order was cancelled). */
  importLabelNotExpected: 'importLabelNotExpected',
  /** Row level: the label is a garden test's, the import is the farm's (or the other way round). */
  importLabelIsGarden: 'importLabelIsGarden',
  importLabelIsFarm: 'importLabelIsFarm',
  /** Row level: a garden test whose shipment the customer has not confirmed (decision 0043). */
  importShipmentNotConfirmed: 'importShipmentNotConfirmed',
  /** Row level: the row's test type is not the one chosen in the wizard. */
  importRowTestTypeDiffers: 'importRowTestTypeDiffers',
  /** Row level: the row's test type was not ordered for the sample. */
  importTestNotOrdered: 'importTestNotOrdered',
  /** Row level: the test type cell holds a word the format does not know. */
  importUnknownTestTypeValue: 'importUnknownTestTypeValue',
  /** Cell level: a required parameter's cell is empty. */
  importCellMissing: 'importCellMissing',
  /** File level: the header has no column for a parameter the test type needs. */
  importColumnMissing: 'importColumnMissing',
  /** Cell level: text where a number belongs. */
  importCellNotANumber: 'importCellNotANumber',
  /** Cell level: a date where a number belongs. */
  importCellIsDate: 'importCellIsDate',
  /** Cell level: a formula whose result the file does not hold. */
  importCellFormulaNoValue: 'importCellFormulaNoValue',
  /** Cell level: a cell with an Excel error (#DIV/0!, #N/A...). */
  importCellError: 'importCellError',
  /** Cell level: a number outside the parameter's plausible range. */
  importCellOutOfRange: 'importCellOutOfRange',
  /** Cell level: an agronomic category the format does not know. */
  importUnknownCategory: 'importUnknownCategory',
  /** Apply asked of an import that is not checked, or already applied. */
  importNotReady: 'importNotReady',
  resultsNotFound: 'resultsNotFound',
} as const;
export type LabImportErrorCode = (typeof LabImportErrorCode)[keyof typeof LabImportErrorCode];
