import type { LabImportErrorCode } from '@gleba/contracts';

export class FileRejected extends Error {
  constructor(
    readonly code: LabImportErrorCode,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'FileRejected';
  }
  /** The uploaded file's name, when it was known before the file was refused. */
  fileName: string | null = null;
}
