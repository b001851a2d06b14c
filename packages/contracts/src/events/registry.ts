import type { z } from 'zod';
import type { EventDefinition } from './define-event';
import { ActivationLinkRequestedV1 } from './identity/activation-link-requested.v1';
import { NewsletterConsentChangedV1 } from './identity/newsletter-consent-changed.v1';
import { PasswordResetRequestedV1 } from './identity/password-reset-requested.v1';
import { ProfileUpdatedV1 } from './identity/profile-updated.v1';
import { UserActivatedV1 } from './identity/user-activated.v1';
import { UserRegisteredV1 } from './identity/user-registered.v1';
import { UserReinstatedV1, UserSuspendedV1 } from './identity/user-suspended.v1';
import { CropChangedV1, CropCreatedV1, CropDeletedV1, SectorsChangedV1 } from './geo/crop-changed.v1';
import { OrderCancelledV1 } from './orders/order-cancelled.v1';
import { OrderPaidV1 } from './orders/order-paid.v1';
import { OrderPlacedV1 } from './orders/order-placed.v1';
import { PaymentRefundDueV1, PaymentSessionEndedV1 } from './orders/payment-session.v1';
import { OrderStatusChangedV1 } from './orders/order-status-changed.v1';
import { SampleRegisteredV1 } from './orders/sample-registered.v1';
import { PuncturesRecordedV1 } from './orders/punctures-recorded.v1';
import { TestShipmentConfirmedV1 } from './orders/test-shipment-confirmed.v1';
import { SamplesSendReminderV1 } from './orders/samples-send-reminder.v1';
import { ComplaintAnsweredV1, ComplaintFiledV1 } from './orders/complaint.v1';
import { CourierOrderedV1 } from './shipping/courier-ordered.v1';
import {
  DropOffCodeExpiredV1,
  DropOffCodeExpiringV1,
  DropOffCodeGeneratedV1,
} from './shipping/drop-off-code.v1';
import { ParcelStatusChangedV1 } from './shipping/parcel-status-changed.v1';
import { ResultsImportedV1 } from './lab/results-imported.v1';
import { PingV1 } from './platform/ping.v1';
import { DataExportCompletedV1, DataExportRequestedV1 } from './identity/data-export-requested.v1';
import { ErasureConfirmationRequestedV1, ErasureRequestedV1 } from './identity/erasure-requested.v1';
import {
  GeoErasureCompletedV1,
  GeoExportPartWrittenV1,
  IdentityErasureCompletedV1,
  IdentityExportPartWrittenV1,
  LabImportErasureCompletedV1,
  LabImportExportPartWrittenV1,
  NotificationErasureCompletedV1,
  NotificationExportPartWrittenV1,
  OrdersErasureCompletedV1,
  OrdersExportPartWrittenV1,
  ShippingErasureCompletedV1,
  ShippingExportPartWrittenV1,
} from './privacy/part-written.v1';

/** Every event the system knows. Add a new version beside the old one; never edit a published schema. */
export const ALL_EVENTS = [
  PingV1,
  UserRegisteredV1,
  ActivationLinkRequestedV1,
  UserActivatedV1,
  UserSuspendedV1,
  UserReinstatedV1,
  ProfileUpdatedV1,
  PasswordResetRequestedV1,
  NewsletterConsentChangedV1,
  CropCreatedV1,
  CropChangedV1,
  CropDeletedV1,
  SectorsChangedV1,
  OrderPlacedV1,
  OrderPaidV1,
  OrderStatusChangedV1,
  OrderCancelledV1,
  PaymentSessionEndedV1,
  PaymentRefundDueV1,
  SampleRegisteredV1,
  PuncturesRecordedV1,
  TestShipmentConfirmedV1,
  SamplesSendReminderV1,
  ComplaintFiledV1,
  ComplaintAnsweredV1,
  ParcelStatusChangedV1,
  CourierOrderedV1,
  DropOffCodeGeneratedV1,
  DropOffCodeExpiringV1,
  DropOffCodeExpiredV1,
  ResultsImportedV1,
  DataExportRequestedV1,
  DataExportCompletedV1,
  ErasureRequestedV1,
  ErasureConfirmationRequestedV1,
  IdentityExportPartWrittenV1,
  GeoExportPartWrittenV1,
  OrdersExportPartWrittenV1,
  LabImportExportPartWrittenV1,
  ShippingExportPartWrittenV1,
  NotificationExportPartWrittenV1,
  IdentityErasureCompletedV1,
  GeoErasureCompletedV1,
  OrdersErasureCompletedV1,
  LabImportErasureCompletedV1,
  ShippingErasureCompletedV1,
  NotificationErasureCompletedV1,
] as const satisfies readonly EventDefinition[];

export type AnyEventDefinition = (typeof ALL_EVENTS)[number];
export type EventType = AnyEventDefinition['type'];

/** type -> version -> schema */
export const eventRegistry: ReadonlyMap<string, ReadonlyMap<number, z.ZodType>> = (() => {
  const registry = new Map<string, Map<number, z.ZodType>>();
  for (const event of ALL_EVENTS as readonly EventDefinition[]) {
    const versions = registry.get(event.type) ?? new Map<number, z.ZodType>();
    if (versions.has(event.version)) throw new Error(`duplicate event ${event.type} v${event.version}`);
    versions.set(event.version, event.schema);
    registry.set(event.type, versions);
  }
  return registry;
})();

export function schemaFor(type: string, version: number): z.ZodType | undefined {
  return eventRegistry.get(type)?.get(version);
}
