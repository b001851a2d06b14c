import type { PlatformTables } from '@gleba/platform';

/** Tables of the geo database (the platform's outbox, inbox and job failures included). */
export interface Database extends PlatformTables {}
