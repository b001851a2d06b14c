import type { Response } from 'express';

/** Sends a PDF for download (inline display is the browser's choice). */
export function sendPdf(res: Response, pdf: Buffer, filename: string): undefined {
  res
    .status(200)
    .type('application/pdf')
    .setHeader('content-disposition', `attachment; filename="${filename}"`)
    .send(pdf);
  return undefined;
}
