import type { AgronomicCategory, ImportTestType, LabImportErrorCode } from '@gleba/contracts';

/** The header is looked for in the first rows of the first worksheet. */
export const HEADER_SEARCH_ROWS = 10;
/** Batches the parser thread posts before it waits for the service's thread to take one. */
export const MAX_IN_FLIGHT = 3;

/** One workbook for the parser thread to parse. */
export interface ParseJob {
  file: Uint8Array;
  chosen: ImportTestType;
  maxRows: number;
  batchSize: number;
}

/** One data row, checked on its own: an error, or the row as it is staged. */
export type ParsedItem =
  | { kind: 'error'; number: number; label: string | null; code: LabImportErrorCode; message: string }
  | {
      kind: 'ok';
      number: number;
      label: string;
      testType: ImportTestType;
      category: AgronomicCategory | null;
      /** Staged text: compact element tuples, and the values the advice reads. */
      elements: string;
      advice: string;
    };

export type ThreadMessage =
  | { type: 'batch'; items: ParsedItem[]; share: number }
  | { type: 'end'; rowsRead: number }
  | { type: 'error'; known: boolean; code: LabImportErrorCode; message: string };

/** To the parser thread: parse a workbook, or the service's thread took one batch. */
export type ParentMessage = { type: 'parse'; job: ParseJob } | { type: 'ack' };
