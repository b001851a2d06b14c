import type { ServiceContext } from '@gleba/platform';
import type { TPriceList } from '@gleba/contracts';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { P24Client } from '../adapters/p24.client';

/** What the use cases of this service need: the platform context, the price list, Przelewy24. */
export interface Deps {
  ctx: ServiceContext<Database, Config>;
  prices: TPriceList;
  p24: P24Client;
}
