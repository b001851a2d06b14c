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
}
