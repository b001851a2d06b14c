import type { Request } from 'express';
import busboy from 'busboy';
import { LabImportErrorCode } from '@gleba/contracts';
import { FileRejected } from '../adapters/xlsx-guard';

export interface Upload {
  buffer: Buffer;
  fileName: string | null;
}

/**
 * The uploaded file: the first file of a multipart form, or the raw body. More than `max` bytes is
 * refused (the rest of the body is read and dropped, so the client gets the answer, not a reset).
 */
export function readUpload(req: Request, max: number): Promise<Upload> {
  // A JSON body was already read by express.json: no file is left in the stream, and waiting for
  // its end would hang the request (abuse finding F-4).
  if (req.readableEnded)
    return Promise.reject(
      new FileRejected(LabImportErrorCode.importUnsupportedFile, 'the body is not a file'),
    );
  const type = req.headers['content-type'] ?? '';
  if (type.toLowerCase().startsWith('multipart/form-data')) return readMultipart(req, max);
  return readRaw(req, max).then((buffer) => ({ buffer, fileName: null }));
}

function tooLarge(max: number) {
  return new FileRejected(LabImportErrorCode.importFileTooLarge, `the file is larger than ${max} bytes`, 413);
}

function readRaw(req: Request, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on('end', () => (size > max ? reject(tooLarge(max)) : resolve(Buffer.concat(chunks, size))));
    req.on('error', reject);
  });
}

function readMultipart(req: Request, max: number): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: max, fields: 20 } });
    } catch {
      reject(new FileRejected(LabImportErrorCode.importUnsupportedFile, 'malformed multipart body'));
      return;
    }
    let found: Promise<Upload> | null = null;
    parser.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      found = new Promise<Upload>((res, rej) => {
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('limit', () => (truncated = true));
        stream.on('end', () =>
          truncated
            ? rej(Object.assign(tooLarge(max), { fileName: info.filename ?? null }))
            : res({ buffer: Buffer.concat(chunks), fileName: info.filename ?? null }),
        );
        stream.on('error', rej);
      });
      found.catch(() => undefined);
    });
    parser.on('error', () =>
      reject(new FileRejected(LabImportErrorCode.importUnsupportedFile, 'malformed multipart body')),
    );
    parser.on('close', () => {
      if (!found) reject(new FileRejected(LabImportErrorCode.importUnsupportedFile, 'the form has no file'));
      else found.then(resolve, reject);
    });
    req.pipe(parser);
  });
}
