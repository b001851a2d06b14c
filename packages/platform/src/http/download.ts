import type { Response } from 'express';

/** A generated file to download. */
export interface Download {
  contentType: string;
  fileName: string;
  body: Buffer | Uint8Array | string;
}

/**
 * Sends a generated file for download: its bytes as they are, with their length, never cached.
 * Not through `res.send`, which hashes the whole body for an ETag on every GET: an export of a
 * user's plots at the limits (tens of megabytes) held the event loop for that hash alone.
 */
export function sendDownload(res: Response, file: Download): undefined {
  const body =
    typeof file.body === 'string'
      ? Buffer.from(file.body, 'utf8')
      : Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength);
  res
    .status(200)
    .type(file.contentType)
    .setHeader('content-disposition', `attachment; filename="${file.fileName}"`)
    .setHeader('cache-control', 'no-store')
    .setHeader('content-length', body.byteLength);
  res.end(body);
  return undefined;
}
