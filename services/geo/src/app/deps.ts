import type { Kysely } from 'kysely';
import type { Outbox } from '@gleba/platform';
import type { GeoSettings } from '../config';
import type { Database } from '../db/database';
import type { Cadastre } from '../adapters/uldk.provider';
import type { Geocoder } from '../adapters/geocoder.provider';

/** What the use cases need: the database, the outbox, settings and the external ports. */
export interface Deps {
  db: Kysely<Database>;
  outbox: Outbox;
  config: GeoSettings;
  cadastre: Cadastre;
  geocoder: Geocoder | null;
}
