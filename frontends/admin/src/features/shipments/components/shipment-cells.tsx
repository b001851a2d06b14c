import { Link } from 'react-router';
import type { TShipment } from '@gleba/contracts';
import type { Translate } from '../../../lib/i18n';

/** A shipment's waybill (or drop-off code, or short id), linking to its tracking page. */
export function WaybillLink({ shipment: s }: { shipment: TShipment }) {
  return <Link to={`/shipments/${s.id}`}>{s.waybill ?? s.dropOffCode?.code ?? s.id.slice(0, 8)}</Link>;
}

/** "Cancelled", or the parcel's tracking status. */
export const parcelStatusText = (tr: Translate, s: TShipment) =>
  s.isCancelled ? tr('admin.cancelled') : tr(`admin.parcel${s.status}`);
