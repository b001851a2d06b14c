import type { Migration } from 'kysely';
import { createOrdersTables } from './2026_11_22_010000_create_orders_tables';
import { addSendReminders } from './2026_11_26_030000_add_send_reminders';
import { alterPaymentsSessions } from './2026_11_26_010000_alter_payments_sessions';
import { createComplaints } from './2026_11_26_110000_create_complaints';
import { alterComplaintsFarmSamples } from './2026_11_26_131000_alter_complaints_farm_samples';
import { addGardenLocation } from './2026_11_26_133000_add_garden_location';
import { addSamplePunctures } from './2026_11_26_140000_add_sample_punctures';

/** Every migration of this service, in order of their names (`yyyy_mm_dd_hhmmss_<verb>_<noun>`). */
export const migrations: Record<string, Migration> = {
  '2026_11_22_010000_create_orders_tables': createOrdersTables,
  '2026_11_26_010000_alter_payments_sessions': alterPaymentsSessions,
  '2026_11_26_030000_add_send_reminders': addSendReminders,
  '2026_11_26_110000_create_complaints': createComplaints,
  '2026_11_26_131000_alter_complaints_farm_samples': alterComplaintsFarmSamples,
  '2026_11_26_133000_add_garden_location': addGardenLocation,
  '2026_11_26_140000_add_sample_punctures': addSamplePunctures,
};
