import { z } from 'zod';
import { Language, NotificationChannel, NotificationType } from '../enums';
import { ZPageMeta, ZPageQuery } from './common';

// ---- in-app notifications -------------------------------------------------

export const InAppFilter = z.enum(['all', 'unread']);
export type InAppFilter = z.infer<typeof InAppFilter>;

/** `GET /api/notifications/in-app?page&perPage&orderBy=createdAt:desc&filter=all|unread` */
export const ZInAppListQuery = ZPageQuery.extend({
  orderBy: z.enum(['createdAt:desc', 'createdAt:asc']).default('createdAt:desc'),
  filter: InAppFilter.default('all'),
});
export type TInAppListQuery = z.infer<typeof ZInAppListQuery>;

export const ZInAppNotification = z.object({
  id: z.uuid(),
  type: NotificationType,
  /** i18n key of the text (`notifications.inAppSamplesSent`); the SPA translates it with `params`. */
  content: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** `content` rendered with `params` in the request's language. */
  text: z.string().optional(),
  seen: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TInAppNotification = z.infer<typeof ZInAppNotification>;

export const ZInAppList = z.object({ items: z.array(ZInAppNotification), meta: ZPageMeta });
export type TInAppList = z.infer<typeof ZInAppList>;

export const ZUnseenCount = z.object({ unseenCount: z.number().int().nonnegative() });
export type TUnseenCount = z.infer<typeof ZUnseenCount>;

/** Longest wait of `GET /api/notifications/in-app/changes` (below the gateway's upstream timeout). */
export const IN_APP_CHANGES_MAX_WAIT_MS = 12_000;

/**
 * `GET /api/notifications/in-app/changes?after=<cursor>&waitMs=` (long poll): without `after`, the
 * state at once; with it, answers as soon as the user's notifications differ from that cursor (a
 * new one, one marked seen), or after `waitMs` with the same cursor.
 */
export const ZInAppChangesQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,20}-\d{1,10}$/)
    .optional(),
  waitMs: z.coerce.number().int().min(0).max(IN_APP_CHANGES_MAX_WAIT_MS).default(10_000),
});
export type TInAppChangesQuery = z.infer<typeof ZInAppChangesQuery>;

/** `cursor`: opaque; `unseenCount` as `GET .../unseen/count` answers it. */
export const ZInAppChanges = z.object({ cursor: z.string(), unseenCount: z.number().int().nonnegative() });
export type TInAppChanges = z.infer<typeof ZInAppChanges>;

// ---- preferences -----------------------------------------------------------

/** Types a user can switch per channel (account e-mails such as activation are always sent). */
export const ConfigurableNotificationType = NotificationType.exclude([
  'ACCOUNT_ACTIVATION',
  'PASSWORD_RESET',
  'NEWSLETTER',
  'ACCOUNT_DATA',
]);
export type ConfigurableNotificationType = z.infer<typeof ConfigurableNotificationType>;

export const ZNotificationPreference = z.object({
  type: ConfigurableNotificationType,
  isEmailEnabled: z.boolean(),
  isInAppEnabled: z.boolean(),
  isSmsEnabled: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

export const ZNotificationPreferences = z.object({ items: z.array(ZNotificationPreference) });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** `PUT /api/notifications/preferences`: the types listed are changed, flags left out keep their value. */
export const ZUpdatePreferencesBody = z.object({
  items: z
    .array(
      z.object({
        type: ConfigurableNotificationType,
        isEmailEnabled: z.boolean().optional(),
        isInAppEnabled: z.boolean().optional(),
        isSmsEnabled: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(50),
});
export type TUpdatePreferencesBody = z.infer<typeof ZUpdatePreferencesBody>;

// ---- newsletter ------------------------------------------------------------

/** Signed in: the account's e-mail is used and `email` may be left out. */
export const ZNewsletterSubscribeBody = z.object({
  email: z.email().max(254).optional(),
  language: Language.optional(),
});
export type TNewsletterSubscribeBody = z.infer<typeof ZNewsletterSubscribeBody>;

export const ZNewsletterStatus = z.object({ email: z.string(), subscribed: z.boolean() });
export type TNewsletterStatus = z.infer<typeof ZNewsletterStatus>;

// ---- admin: delivery log ---------------------------------------------------

/** `LOGGED`: an SMS kept in the SMS log only (no provider configured), never sent. */
export const DeliveryStatus = z.enum(['WAITING_CONTACT', 'PENDING', 'SENT', 'LOGGED', 'FAILED', 'SKIPPED']);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const ZDeliveryListQuery = ZPageQuery.extend({
  status: DeliveryStatus.optional(),
  channel: NotificationChannel.exclude(['IN_APP']).optional(),
  userId: z.uuid().optional(),
});
export type TDeliveryListQuery = z.infer<typeof ZDeliveryListQuery>;

export const ZDelivery = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  channel: NotificationChannel,
  type: NotificationType,
  template: z.string(),
  recipient: z.string().nullable(),
  language: Language,
  status: DeliveryStatus,
  reason: z.string().nullable(),
  externalId: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TDelivery = z.infer<typeof ZDelivery>;

export const ZDeliveryList = z.object({ items: z.array(ZDelivery), meta: ZPageMeta });
export type TDeliveryList = z.infer<typeof ZDeliveryList>;

export const ZSmsLogEntry = z.object({
  id: z.uuid(),
  deliveryId: z.uuid().nullable(),
  to: z.string(),
  from: z.string(),
  body: z.string(),
  /** Segments the body takes (null: logged before segments were counted). */
  segments: z.number().int().positive().nullable(),
  encoding: z.enum(['GSM7', 'UCS2']).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TSmsLogEntry = z.infer<typeof ZSmsLogEntry>;

export const ZSmsLogList = z.object({ items: z.array(ZSmsLogEntry), meta: ZPageMeta });
export type TSmsLogList = z.infer<typeof ZSmsLogList>;
