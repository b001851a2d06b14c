import { PDFDocument } from 'pdf-lib';
import { ShippingErrorCode, type TLabelFormat, type TReturnResult } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import { dateIn } from '../adapters/clock';
import { labelledShipments, updateShipment, type ShipmentRow } from '../db/repositories/shipments.repository';
import type { DpdLabelFormat } from '../adapters/dpd.port';
import { carrierFailure } from './shipments';
import type { Deps } from './deps';

const E = ShippingErrorCode;
/** Waybills per generateSpedLabels call; larger batches are merged into one PDF. */
const LABEL_BATCH = 50;

const dpdFormat = (f: TLabelFormat): DpdLabelFormat => (f === 'LABEL_PRINTER' ? 'LBL_PRINTER' : 'A4');

export async function mergePdfs(parts: Buffer[]): Promise<Buffer> {
  if (parts.length === 1) return parts[0]!;
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const doc = await PDFDocument.load(part);
    const pages = await merged.copyPages(doc, doc.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save({ useObjectStreams: false }));
}

function printable(row: ShipmentRow): string {
  if (!row.waybill) throw new AppError(E.labelPrintFailed, 409, `Shipment ${row.id} has no waybill yet`);
  if (!row.with_label)
    throw new AppError(
      E.labelPrintFailed,
      409,
      `Shipment ${row.id} is sent with a drop-off code, without a label`,
    );
  return row.waybill;
}

/** DPD's labels (with the waybill barcode) for the shipments, as one PDF. */
export async function labels(deps: Deps, rows: ShipmentRow[], format: TLabelFormat): Promise<Buffer> {
  const waybills = rows.map(printable);
  const parts: Buffer[] = [];
  try {
    for (let i = 0; i < waybills.length; i += LABEL_BATCH) {
      const { pdf } = await deps.dpd.generateSpedLabels({
        waybills: waybills.slice(i, i + LABEL_BATCH),
        format: dpdFormat(format),
        outputType: 'BIC3',
      });
      parts.push(pdf);
    }
    return await mergePdfs(parts);
  } catch (error) {
    throw carrierFailure(error, E.labelPrintFailed, 'Label print failed');
  }
}

/** The handover protocol of the day's parcels: created that day or booked for a courier that day. */
export async function protocol(deps: Deps, kind: 'FARM' | 'GARDEN', date: string): Promise<Buffer> {
  const rows = await labelledShipments(deps.db, kind);
  const tz = deps.config.TIME_ZONE;
  const ofDay = rows.filter((r) => (r.courier_date ?? dateIn(new Date(r.created_at), tz)) === date);
  if (ofDay.length === 0) throw new AppError(E.shipmentNotFound, 404, `No parcels to hand over on ${date}`);
  try {
    return (await deps.dpd.generateProtocol({ waybills: ofDay.map((r) => r.waybill!), date })).pdf;
  } catch (error) {
    throw carrierFailure(error, E.labelPrintFailed, 'Protocol failed');
  }
}

/**
 * A parcel that must come back: DPD issues a return label (outputType RETURN) with its own
 * waybill, which is the return code; the RMA number names the return in our records.
 */
export async function requestReturn(deps: Deps, row: ShipmentRow): Promise<TReturnResult> {
  if (!row.waybill || row.status === 'RETURNED')
    throw new AppError(E.returnNotPossible, 409, 'This parcel cannot be returned');
  if (row.return_waybill && row.return_code && row.rma) {
    return {
      shipmentId: row.id,
      returnCode: row.return_code,
      rma: row.rma,
      returnWaybill: row.return_waybill,
    };
  }
  let returnWaybill: string | undefined;
  try {
    const res = await deps.dpd.generateSpedLabels({
      waybills: [row.waybill],
      format: 'A4',
      outputType: 'RETURN',
    });
    returnWaybill = res.returnWaybills[row.waybill];
  } catch (error) {
    throw carrierFailure(error, E.labelPrintFailed, 'Return label failed');
  }
  if (!returnWaybill) throw new AppError(E.carrierError, 502, 'DPD gave no return waybill');
  const rma = `RMA-${row.order_number}-${dateIn(deps.clock.now(), deps.config.TIME_ZONE).replaceAll('-', '')}`;
  await updateShipment(deps.db, row.id, { return_waybill: returnWaybill, return_code: returnWaybill, rma });
  return { shipmentId: row.id, returnCode: returnWaybill, rma, returnWaybill };
}

export async function returnLabel(deps: Deps, row: ShipmentRow, format: TLabelFormat): Promise<Buffer> {
  if (!row.return_waybill)
    throw new AppError(E.returnNotPossible, 409, 'No return was requested for this parcel');
  try {
    return (
      await deps.dpd.generateSpedLabels({
        waybills: [row.return_waybill],
        format: dpdFormat(format),
        outputType: 'BIC3',
      })
    ).pdf;
  } catch (error) {
    throw carrierFailure(error, E.labelPrintFailed, 'Return label failed');
  }
}
