import type { TLabelFormat, TShipment } from '@gleba/contracts';
import { shipmentWithHistory, toShipment, userShipments } from '../db/repositories/shipments.repository';
import type { Deps } from './deps';
import { labels } from './documents';
import { ownShipment } from './shipments';

/** A PDF to download and the name it is saved under. */
export interface PdfFile {
  pdf: Buffer;
  fileName: string;
}

/** A shipment as the API shows it, with its tracking history (read together: they agree). */
export async function shipmentView(deps: Deps, id: string) {
  const snap = (await shipmentWithHistory(deps.db, id))!;
  return { ...toShipment(snap.row, deps.clock.now()), history: snap.history };
}

/** The customer's shipments, newest first. */
export async function myShipments(deps: Deps, userId: string): Promise<{ items: TShipment[] }> {
  const rows = await userShipments(deps.db, userId);
  const now = deps.clock.now();
  return { items: rows.map((row) => toShipment(row, now)) };
}

/** One of the customer's shipments with its tracking history. */
export async function myShipment(deps: Deps, userId: string, id: string) {
  return shipmentView(deps, (await ownShipment(deps, userId, id)).id);
}

/** The label of one of the customer's shipments, to print. */
export async function myShipmentLabel(
  deps: Deps,
  userId: string,
  id: string,
  format: TLabelFormat,
): Promise<PdfFile> {
  const row = await ownShipment(deps, userId, id);
  return { pdf: await labels(deps, [row], format), fileName: `label-${row.waybill ?? row.id}.pdf` };
}
