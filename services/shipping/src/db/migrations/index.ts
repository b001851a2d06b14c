import type { Migration } from 'kysely';
import * as createShippingTables from './2026_11_22_010000_create_shipping_tables';
import * as addShippingCost from './2026_11_26_100000_add_shipping_cost';

/** Every migration of this service, in order of their names (`yyyy_mm_dd_hhmmss_<verb>_<noun>`). */
export const migrations: Record<string, Migration> = {
  '2026_11_22_010000_create_shipping_tables': createShippingTables,
  '2026_11_26_100000_add_shipping_cost': addShippingCost,
};
