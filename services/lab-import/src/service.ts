import type { ServiceDefinition } from '@gleba/platform';
import type { Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';

export const labImportService: ServiceDefinition<Database, Config> = {
  name: 'lab-import',
  migrations,
  routes() {},
};
