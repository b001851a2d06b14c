import type { Migration } from 'kysely';
import * as m20261122010000 from './2026_11_22_010000_create_lab_tables';
import * as m20261122020000 from './2026_11_22_020000_alter_results_compression';
import * as m20261122030000 from './2026_11_22_030000_create_recommendations';
import * as m20261122040000 from './2026_11_22_040000_alter_import_rows_advice';
import * as m20261125010000 from './2026_11_25_010000_alter_import_rows_staged_advice';
import * as m20261126010000 from './2026_11_26_010000_alter_imports_message_params';
import * as m20261126020000 from './2026_11_26_020000_create_shipment_confirmations';
import * as m20261126140000 from './2026_11_26_140000_create_sample_punctures';

/** Every migration of this service, in order of their names (`yyyy_mm_dd_hhmmss_<verb>_<noun>`). */
export const migrations: Record<string, Migration> = {
  '2026_11_22_010000_create_lab_tables': m20261122010000,
  '2026_11_22_020000_alter_results_compression': m20261122020000,
  '2026_11_22_030000_create_recommendations': m20261122030000,
  '2026_11_22_040000_alter_import_rows_advice': m20261122040000,
  '2026_11_25_010000_alter_import_rows_staged_advice': m20261125010000,
  '2026_11_26_010000_alter_imports_message_params': m20261126010000,
  '2026_11_26_020000_create_shipment_confirmations': m20261126020000,
  '2026_11_26_140000_create_sample_punctures': m20261126140000,
};
