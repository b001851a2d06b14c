import type { Kysely } from 'kysely';
import type { Logger, Outbox } from '@gleba/platform';
import type { Clock } from '../adapters/clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DpdPort } from '../adapters/dpd.port';

/** What the use cases need; built once in `start`/`routes` from the service context. */
export interface Deps {
  db: Kysely<Database>;
  outbox: Outbox;
  logger: Logger;
  config: Config;
  dpd: DpdPort;
  clock: Clock;
}
