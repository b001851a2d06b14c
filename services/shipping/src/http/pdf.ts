import type { Response } from 'express';
import type { PdfFile } from '../app/my-shipments';

/** Sends a PDF for download (inline display is the browser's choice). */
export function sendPdf(res: Response, file: PdfFile): undefined {
  res
    .status(200)
    .type('application/pdf')
    .setHeader('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.pdf);
  return undefined;
}
