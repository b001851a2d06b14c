import { z } from 'zod';
import { defineEvent } from '../define-event';
import { EXPORT_PART_MAX_CHARS, type PrivacyService } from './privacy-services';

const ZPartWritten = z.object({
  requestId: z.uuid(),
  userId: z.uuid(),
  /** The service's export files (`TExportFile[]`) as JSON, gzipped, base64. */
  files: z.string().max(EXPORT_PART_MAX_CHARS),
  fileCount: z.number().int().nonnegative(),
});

const ZErasureCompleted = z.object({
  requestId: z.uuid(),
  userId: z.uuid(),
  /** What was done, per kind of record: `{ contacts: 1, deliveriesRedacted: 12 }`. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});

function partWritten<S extends PrivacyService>(service: S) {
  return defineEvent(`${service}.data-export.part-written` as const, 1, ZPartWritten);
}
function erasureCompleted<S extends PrivacyService>(service: S) {
  return defineEvent(`${service}.erasure.completed` as const, 1, ZErasureCompleted);
}

/** `<service>.data-export.part-written`: one service's part of an export, to identity. */
export const IdentityExportPartWrittenV1 = partWritten('identity');
export const GeoExportPartWrittenV1 = partWritten('geo');
export const OrdersExportPartWrittenV1 = partWritten('orders');
export const LabImportExportPartWrittenV1 = partWritten('lab-import');
export const ShippingExportPartWrittenV1 = partWritten('shipping');
export const NotificationExportPartWrittenV1 = partWritten('notification');

/** `<service>.erasure.completed`: the service erased or anonymized what it held of the user. */
export const IdentityErasureCompletedV1 = erasureCompleted('identity');
export const GeoErasureCompletedV1 = erasureCompleted('geo');
export const OrdersErasureCompletedV1 = erasureCompleted('orders');
export const LabImportErasureCompletedV1 = erasureCompleted('lab-import');
export const ShippingErasureCompletedV1 = erasureCompleted('shipping');
export const NotificationErasureCompletedV1 = erasureCompleted('notification');

export const EXPORT_PART_WRITTEN = {
  identity: IdentityExportPartWrittenV1,
  geo: GeoExportPartWrittenV1,
  orders: OrdersExportPartWrittenV1,
  'lab-import': LabImportExportPartWrittenV1,
  shipping: ShippingExportPartWrittenV1,
  notification: NotificationExportPartWrittenV1,
} as const;

export const ERASURE_COMPLETED = {
  identity: IdentityErasureCompletedV1,
  geo: GeoErasureCompletedV1,
  orders: OrdersErasureCompletedV1,
  'lab-import': LabImportErasureCompletedV1,
  shipping: ShippingErasureCompletedV1,
  notification: NotificationErasureCompletedV1,
} as const;
