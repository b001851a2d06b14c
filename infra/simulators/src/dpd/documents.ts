import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { usePdfFonts } from '@gleba/platform/pdf-fonts';

/** What a label shows for one parcel. */
export interface LabelParcel {
  waybill: string;
  sender: string[];
  receiver: string[];
  weightKg: number;
  reference: string | null;
  pickupPointId: string | null;
  returnOf: string | null;
}

async function barcode(text: string, height = 14): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height, includetext: false });
}

function render(
  size: [number, number] | 'A4',
  draw: (doc: PDFKit.PDFDocument) => Promise<void>,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size,
      margin: 24,
      autoFirstPage: false,
      info: { Title: 'DPD simulator document' },
    });
    // Names and addresses keep their Polish letters: the documents embed DejaVu Sans.
    usePdfFonts(doc);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc).then(
      () => doc.end(),
      (error: unknown) => reject(error),
    );
  });
}

/** 100x150 mm for label printers, else A4: one parcel per page, its waybill as Code 128. */
export function renderLabels(
  parcels: LabelParcel[],
  format: 'A4' | 'LBL_PRINTER',
  outputType: 'BIC3' | 'RETURN',
): Promise<Buffer> {
  const size: [number, number] | 'A4' = format === 'A4' ? 'A4' : [283, 425];
  return render(size, async (doc) => {
    for (const p of parcels) {
      doc.addPage();
      const width = doc.page.width - 48;
      doc.fontSize(18).text(outputType === 'RETURN' ? 'DPD Polska - RETURN' : 'DPD Polska', { width });
      doc.fontSize(9).text(p.pickupPointId ? `DPD Pickup: ${p.pickupPointId}` : 'DPD Classic', { width });
      if (p.returnOf) doc.text(`Return of ${p.returnOf}`, { width });
      doc.moveDown(0.5).fontSize(8).text('Sender:', { width });
      for (const line of p.sender) doc.text(line, { width });
      doc.moveDown(0.5).text('Receiver:', { width });
      for (const line of p.receiver) doc.text(line, { width });
      doc
        .moveDown(0.5)
        .text(`Weight: ${p.weightKg} kg${p.reference ? `  Ref: ${p.reference}` : ''}`, { width });
      doc.moveDown(0.5);
      const y = doc.y;
      doc.image(await barcode(p.waybill), 24, y, { width: Math.min(width, 240), height: 60 });
      doc.y = y + 66;
      doc.fontSize(14).text(p.waybill, 24, doc.y, { width });
    }
  });
}

/** The handover protocol: every waybill handed to the courier, with its barcode. */
export function renderProtocol(
  documentId: string,
  fid: string,
  parcels: LabelParcel[],
  date: string,
): Promise<Buffer> {
  return render('A4', async (doc) => {
    doc.addPage();
    doc.fontSize(16).text('DPD Polska – Protokół przekazania przesyłek');
    doc.fontSize(9).text(`Protocol ${documentId}   FID ${fid}   Date ${date}   Parcels ${parcels.length}`);
    doc.moveDown();
    for (const [i, p] of parcels.entries()) {
      if (doc.y > doc.page.height - 110) doc.addPage();
      const y = doc.y;
      doc.fontSize(10).text(`${i + 1}. ${p.waybill}  ${p.weightKg} kg  ${p.receiver[0] ?? ''}`, 24, y);
      doc.image(await barcode(p.waybill, 8), 24, y + 14, { width: 180, height: 30 });
      doc.y = y + 52;
    }
    doc
      .moveDown()
      .fontSize(9)
      .text('Sender signature: ______________     Courier signature: ______________', 24);
  });
}
