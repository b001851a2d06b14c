import type { ServiceContext } from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DeliveryQueue } from './notify';

/** What the routes and use cases need: the platform's service context and the delivery queue. */
export type Deps = ServiceContext<Database, Config> & { queue: DeliveryQueue };
