import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { toBuffer as barcodePng } from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { OrdersErrorCode, pageMeta, type ZBarcodeLabelsQuery } from '@gleba/contracts';
import type { z } from 'zod';
import { AppError, isPgError, PG_UNIQUE_VIOLATION, usePdfFonts } from '@gleba/platform';
import type { BarcodeBatchesTable, Database } from '../db/database';
import {
  batchesPage,
  getBatch,
  labelsPage,
  markBatchPrinted,
  setBatchPaid,
  insertBatch,
  insertLabel,
  labelsOfBatch,
  releaseLabelCode,
  rollbackToLabelCode,
  savepointLabelCode,
} from '../db/repositories/barcodes.repository';
import { newBarcode } from '../domain/codes';
import type { Deps } from './deps';

export interface BatchInput {
  count: number;
  retail: boolean;
  paid: boolean;
  kitOrderId?: string | null;
  createdByUserId?: string | null;
  /** Known codes (the seed); otherwise generated. */
  codes?: string[];
  id?: string;
}

/** Creates a batch of barcode labels; generated codes are unique (a collision is retried). */
export async function createBatch(trx: Transaction<Database>, input: BatchInput) {
  const id = input.id ?? randomUUID();
  const now = new Date();
  await insertBatch(trx, {
    id,
    retail: input.retail,
    paid: input.paid,
    label_count: input.codes?.length ?? input.count,
    kit_order_id: input.kitOrderId ?? null,
    created_by_user_id: input.createdByUserId ?? null,
    printed_at: null,
    paid_at: input.paid ? now : null,
  });
  const codes: string[] = [];
  const total = input.codes?.length ?? input.count;
  for (let i = 0; i < total; i += 1) {
    for (let attempt = 0; ; attempt += 1) {
      const barcode = input.codes?.[i] ?? newBarcode();
      await savepointLabelCode(trx);
      try {
        await insertLabel(trx, {
          id: randomUUID(),
          batch_id: id,
          barcode,
          label: `Gleba ${barcode}`,
          printed: false,
          used_at: null,
        });
        await releaseLabelCode(trx);
        codes.push(barcode);
        break;
      } catch (error) {
        if (!isPgError(error, PG_UNIQUE_VIOLATION) || input.codes || attempt >= 5) throw error;
        await rollbackToLabelCode(trx);
      }
    }
  }
  return { id, codes };
}

export async function batchWithLabels(db: Kysely<Database> | Transaction<Database>, batchId: string) {
  const batch = await getBatch(db, batchId);
  if (!batch) throw new AppError(OrdersErrorCode.batchNotFound, 404, 'Batch not found');
  const labels = await labelsOfBatch(db, batchId);
  return { batch, labels };
}

/** An admin creates a batch of labels (retail batches are paid when sold); returns it with its codes. */
export async function adminCreateBatch(
  deps: Deps,
  adminId: string,
  body: { count: number; retail: boolean },
) {
  const created = await deps.ctx.db.transaction().execute((trx) =>
    createBatch(trx, {
      count: body.count,
      retail: body.retail,
      paid: !body.retail,
      createdByUserId: adminId,
    }),
  );
  const { batch } = await batchWithLabels(deps.ctx.db, created.id);
  return { ...toBatch(batch), barcodes: created.codes };
}

/** The admin's page of batches, newest first. */
export async function adminBatches(deps: Deps, query: { page: number; perPage: number }) {
  const { rows, count } = await batchesPage(deps.ctx.db, query.page, query.perPage);
  return { items: rows.map(toBatch), meta: pageMeta(query.page, query.perPage, count) };
}

/** The admin's page of labels, filtered by batch, printed and paid. */
export async function adminLabels(deps: Deps, query: z.output<typeof ZBarcodeLabelsQuery>) {
  const { rows, count } = await labelsPage(deps.ctx.db, query);
  return {
    items: rows.map((l) => ({
      id: l.id,
      barcode: l.barcode,
      label: l.label,
      printed: l.printed,
      paid: l.paid,
      used: l.used_at !== null,
      batchId: l.batch_id,
    })),
    meta: pageMeta(query.page, query.perPage, count),
  };
}

/** The batch's label sheet (PDF); the batch and its labels are marked printed. */
export async function printBatch(deps: Deps, batchId: string): Promise<Buffer> {
  const { labels } = await batchWithLabels(deps.ctx.db, batchId);
  const pdf = await renderLabelSheet(labels);
  const now = new Date();
  await deps.ctx.db.transaction().execute(async (trx) => {
    await markBatchPrinted(trx, batchId, now);
  });
  return pdf;
}

/** An admin marks a batch paid (once). */
export async function markBatchPaid(deps: Deps, batchId: string) {
  const { batch } = await batchWithLabels(deps.ctx.db, batchId);
  if (batch.paid) throw new AppError(OrdersErrorCode.alreadyPaid, 409, 'Batch already paid');
  const updated = await setBatchPaid(deps.ctx.db, batchId, new Date());
  return toBatch(updated);
}

export function toBatch(batch: Selectable<BarcodeBatchesTable>) {
  return {
    id: batch.id,
    retail: batch.retail,
    paid: batch.paid,
    labelCount: batch.label_count,
    kitOrderId: batch.kit_order_id,
    printedAt: batch.printed_at ? new Date(batch.printed_at).toISOString() : null,
    paidAt: batch.paid_at ? new Date(batch.paid_at).toISOString() : null,
    createdAt: new Date(batch.created_at).toISOString(),
  };
}

/** The line above each barcode (the kits go to Polish customers). */
export const LABEL_HEADING = 'Gleba – próbka gleby do badań';

/** An A4 sheet of labels: 3 columns x 8 rows, each a Code128 barcode with its human-readable code. */
export async function renderLabelSheet(labels: { barcode: string; label: string }[]): Promise<Buffer> {
  const images = await Promise.all(
    labels.map((l) =>
      barcodePng({
        bcid: 'code128',
        text: l.barcode,
        scale: 2,
        height: 10,
        includetext: true,
        textxalign: 'center',
      }),
    ),
  );
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: 'Gleba – etykiety próbek' } });
  // Embedded DejaVu Sans: the standard Helvetica would drop the Polish letters.
  usePdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cols = 3;
  const rows = 8;
  const cellW = 595.28 / cols;
  const cellH = 841.89 / rows;
  labels.forEach((l, i) => {
    const slot = i % (cols * rows);
    if (i > 0 && slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = (slot % cols) * cellW;
    const y = Math.floor(slot / cols) * cellH;
    doc.fontSize(9).text(LABEL_HEADING, x + 10, y + 10, { width: cellW - 20, align: 'center' });
    doc.image(images[i]!, x + 15, y + 26, { fit: [cellW - 30, cellH - 40], align: 'center' });
  });
  doc.end();
  return done;
}
