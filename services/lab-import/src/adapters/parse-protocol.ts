import type { LabImportErrorCode } from '@gleba/contracts';
import type { ImportMessageParams } from '@gleba/i18n';
import type { ParseJob, ParsedItem } from './parse-workbook';

/** Batches the parser thread posts before it waits for the service's thread to take one. */
export const MAX_IN_FLIGHT = 3;

export type ThreadMessage =
  | { type: 'batch'; items: ParsedItem[]; share: number }
  | { type: 'end' }
  | {
      type: 'error';
      known: boolean;
      code: LabImportErrorCode;
      message: string;
      params: ImportMessageParams | null;
    };

/** To the parser thread: parse a workbook, or the service's thread took one batch. */
export type ParentMessage = { type: 'parse'; job: ParseJob } | { type: 'ack' };
