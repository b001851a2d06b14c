import type { PlatformTables } from '@gleba/platform';

/** Tables of the shipping database (the platform's outbox, inbox and job failures included). */
export interface Database extends PlatformTables {}
