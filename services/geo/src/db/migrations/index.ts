import type { Migration } from 'kysely';
import * as createGeoTables from './2026_11_22_010000_create_geo_tables';
import * as loadTercRegister from './2026_11_26_132000_load_terc_register';

/** Every migration of this service, in order of their names (`yyyy_mm_dd_hhmmss_<verb>_<noun>`). */
export const migrations: Record<string, Migration> = {
  '2026_11_22_010000_create_geo_tables': createGeoTables,
  '2026_11_26_132000_load_terc_register': loadTercRegister,
};
