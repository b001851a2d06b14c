import type { Migration } from 'kysely';
import { createNotificationTables } from './2026_11_22_010000_create_notification_tables';
import { createInAppNotifyTrigger } from './2026_11_22_050000_create_in_app_notify_trigger';
import { addSmsLogSegments } from './2026_11_26_100000_add_sms_log_segments';

/** Every migration of this service, in order of their names (`yyyy_mm_dd_hhmmss_<verb>_<noun>`). */
export const migrations: Record<string, Migration> = {
  '2026_11_22_010000_create_notification_tables': createNotificationTables,
  '2026_11_22_050000_create_in_app_notify_trigger': createInAppNotifyTrigger,
  '2026_11_26_100000_add_sms_log_segments': addSmsLogSegments,
};
