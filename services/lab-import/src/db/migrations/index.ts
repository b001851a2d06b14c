import type { Migration } from 'kysely';

/** Every migration of this service, in order of their names (`yyyy_mm_dd_hhmmss_<verb>_<noun>`). */
export const migrations: Record<string, Migration> = {};
