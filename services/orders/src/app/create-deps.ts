import { readFileSync } from 'node:fs';
import { ZPriceList, type TPriceList } from '@gleba/contracts';
import type { ServiceContext } from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { P24Client } from '../adapters/p24.client';
import type { Deps } from './deps';

/** Reads and checks the price list; a broken file stops the service at start, naming the problem. */
export function loadPriceList(file: string): TPriceList {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read price list ${file}: ${(error as Error).message}`);
  }
  const parsed = ZPriceList.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `Invalid price list ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

const cache = new WeakMap<object, Deps>();

/** One set of dependencies per running service (routes, consumers and jobs share it). */
export function depsOf(ctx: ServiceContext<Database, Config>): Deps {
  let deps = cache.get(ctx);
  if (!deps) {
    const c = ctx.config;
    deps = {
      ctx,
      prices: loadPriceList(c.PRICES_FILE),
      p24: new P24Client({
        baseUrl: c.P24_URL,
        merchantId: c.P24_MERCHANT_ID,
        posId: c.P24_POS_ID,
        apiKey: c.P24_API_KEY,
        crc: c.P24_CRC,
        timeoutMs: c.P24_TIMEOUT_MS,
      }),
    };
    cache.set(ctx, deps);
  }
  return deps;
}
