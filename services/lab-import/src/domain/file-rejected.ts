import type { LabImportErrorCode } from '@gleba/contracts';
import type { ImportMessageParams } from '@gleba/i18n';

/**
 * A file refused as a whole: its code and the parameters of its message (rendered in the reader's
 * language when read). `message` is for the log only and never shown.
 */
export class FileRejected extends Error {
  constructor(
    readonly code: LabImportErrorCode,
    message: string,
    readonly status = 400,
    readonly params: ImportMessageParams | null = null,
  ) {
    super(message);
    this.name = 'FileRejected';
  }
  /** The uploaded file's name, when it was known before the file was refused. */
  fileName: string | null = null;
}
