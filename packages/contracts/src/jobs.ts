import { z } from 'zod';

/** BullMQ queue names: one place, so producers and workers agree. */
export const QueueName = {
  notificationEmail: 'notification-email',
  notificationSms: 'notification-sms',
  labImport: 'lab-import',
  shippingTracking: 'shipping-tracking',
  shippingDropOffCodes: 'shipping-drop-off-codes',
  ordersPaymentDue: 'orders-payment-due',
  ordersSendReminder: 'orders-send-reminder',
  ordersPaymentSessions: 'orders-payment-sessions',
  platformPing: 'platform-ping',
  identityPrivacy: 'identity-privacy',
  shippingRetention: 'shipping-retention',
  notificationRetention: 'notification-retention',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Every job payload carries its version, so a worker can refuse what it does not understand. */
export const ZJobEnvelope = z.object({ v: z.number().int().positive() });
