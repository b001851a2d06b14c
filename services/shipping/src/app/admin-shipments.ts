import { pageMeta, ShippingErrorCode, type TAdminShipmentsQuery, type TLabelFormat } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import { adminShipmentsPage, findShipment, toShipment } from '../db/repositories/shipments.repository';
import type { Deps } from './deps';
import { labels, protocol, requestReturn, returnLabel } from './documents';
import { shipmentView, type PdfFile } from './my-shipments';
import { carrierFailure } from './shipments';
import { trackShipment } from './tracking';

/** The admin panel's mode: `/farm-api` sees farm orders, `/garden-api` garden tests. */
export type ShipmentKind = 'FARM' | 'GARDEN';

/** A shipment of the panel's mode; one of the other mode answers like an unknown one. */
async function ofMode(deps: Deps, kind: ShipmentKind, id: string) {
  const row = await findShipment(deps.db, id);
  if (!row || row.kind !== kind)
    throw new AppError(ShippingErrorCode.shipmentNotFound, 404, 'Shipment not found');
  return row;
}

export async function adminShipments(deps: Deps, kind: ShipmentKind, query: TAdminShipmentsQuery) {
  const { rows, total } = await adminShipmentsPage(deps.db, kind, query, deps.config.TIME_ZONE);
  const now = deps.clock.now();
  return {
    items: rows.map((row) => toShipment(row, now)),
    meta: pageMeta(query.page, query.perPage, total),
  };
}

export async function adminShipment(deps: Deps, kind: ShipmentKind, id: string) {
  return shipmentView(deps, (await ofMode(deps, kind, id)).id);
}

/** The labels of several shipments in one PDF. */
export async function adminLabels(
  deps: Deps,
  kind: ShipmentKind,
  ids: string[],
  format: TLabelFormat,
): Promise<PdfFile> {
  const rows = [];
  for (const id of ids) rows.push(await ofMode(deps, kind, id));
  return { pdf: await labels(deps, rows, format), fileName: `labels-${rows.length}.pdf` };
}

export async function adminLabel(
  deps: Deps,
  kind: ShipmentKind,
  id: string,
  format: TLabelFormat,
): Promise<PdfFile> {
  const row = await ofMode(deps, kind, id);
  return { pdf: await labels(deps, [row], format), fileName: `label-${row.waybill ?? row.id}.pdf` };
}

/** The handover protocol of a day's parcels. */
export async function adminProtocol(deps: Deps, kind: ShipmentKind, date: string): Promise<PdfFile> {
  return { pdf: await protocol(deps, kind, date), fileName: `protocol-${date}.pdf` };
}

/** Asks DPD now instead of waiting for the next poll; answers with the history and what was new. */
export async function adminTrack(deps: Deps, kind: ShipmentKind, id: string) {
  const row = await ofMode(deps, kind, id);
  let found: Awaited<ReturnType<typeof trackShipment>>;
  try {
    found = await trackShipment(deps, row);
  } catch (error) {
    throw carrierFailure(error, ShippingErrorCode.carrierError, 'Tracking failed');
  }
  return {
    ...(await shipmentView(deps, row.id)),
    found: { newEvents: found.inserted, steps: found.steps },
  };
}

export async function adminReturn(deps: Deps, kind: ShipmentKind, id: string) {
  return requestReturn(deps, await ofMode(deps, kind, id));
}

export async function adminReturnLabel(
  deps: Deps,
  kind: ShipmentKind,
  id: string,
  format: TLabelFormat,
): Promise<PdfFile> {
  const row = await ofMode(deps, kind, id);
  return {
    pdf: await returnLabel(deps, row, format),
    fileName: `return-${row.return_waybill ?? row.id}.pdf`,
  };
}
