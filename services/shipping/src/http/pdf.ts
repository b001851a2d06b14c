import type { Response } from 'express';
import { sendDownload } from '@gleba/platform';
import type { PdfFile } from '../app/my-shipments';

/** Sends a PDF for download (inline display is the browser's choice). */
export function sendPdf(res: Response, file: PdfFile): undefined {
  return sendDownload(res, { contentType: 'application/pdf', fileName: file.fileName, body: file.pdf });
}
