import type { ServiceContext } from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';

/** What the routes and use cases need: the platform's service context. */
export type Deps = ServiceContext<Database, Config>;
