import type { ColumnType, Generated } from 'kysely';
import type { PlatformTables } from '@gleba/platform';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Read model of identity's users: who to write to, in which language. */
export interface ContactsTable {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  /** E.164, or null when identity has none or it cannot be normalised. */
  phone_number: string | null;
  language: string;
  /** `occurredAt` of the event the row comes from: an older event never overwrites a newer one. */
  source_at: Timestamp;
  updated_at: Timestamp;
}

export interface PreferencesTable {
  user_id: string;
  type: string;
  is_email_enabled: boolean;
  is_in_app_enabled: boolean;
  is_sms_enabled: boolean;
  updated_at: Timestamp;
}

export interface InAppNotificationsTable {
  id: string;
  user_id: string;
  type: string;
  content: string;
  params: Json<Record<string, string | number | null>>;
  seen: Generated<boolean>;
  /** The event id, or a natural key for messages that two events may announce (one per order). */
  source_key: string;
  created_at: Generated<Date>;
  seen_at: Date | null;
}

export interface DeliveriesTable {
  id: string;
  user_id: string | null;
  channel: string;
  type: string;
  template: string;
  source_key: string;
  /** Fixed for account e-mails (the event's address); else filled from the contact when sent. */
  recipient: string | null;
  fixed_recipient: boolean;
  language: string;
  params: Json<Record<string, string | number | null>>;
  /** `customer` or `admin`: which SPA the link opens. */
  app: string;
  link_path: string | null;
  status: string;
  reason: string | null;
  external_id: string | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  sent_at: Date | null;
}

export interface SmsLogTable {
  id: string;
  delivery_id: string | null;
  to: string;
  from: string;
  body: string;
  /** Segments the body takes (decision 0038); null for rows older than the count. */
  segments: number | null;
  encoding: string | null;
  created_at: Generated<Date>;
}

export interface NewsletterSubscriptionsTable {
  email: string;
  user_id: string | null;
  language: string;
  unsubscribe_token: string;
  subscribed: boolean;
  source_at: Timestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** Tables of the notification database (the platform's outbox, inbox and job failures included). */
export interface Database extends PlatformTables {
  contacts: ContactsTable;
  preferences: PreferencesTable;
  in_app_notifications: InAppNotificationsTable;
  deliveries: DeliveriesTable;
  sms_log: SmsLogTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
}
