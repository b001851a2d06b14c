import { privacyHandlers, type ServiceContext, type ServiceDefinition } from '@gleba/platform';
import { shippingPrivacy } from './app/privacy';
import type { Deps } from './app/deps';
import { systemClock, type Clock } from './adapters/clock';
import { ZShippingConfig, type Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { DpdHttpClient } from './adapters/dpd.client';
import type { DpdPort } from './adapters/dpd.port';
import { consumers } from './events/consumers';
import { adminRoutes } from './http/admin.routes';
import { shipmentsRoutes } from './http/shipments.routes';
import { startWorkers } from './jobs/shipping.worker';

export interface ShippingOptions {
  /** The time source; tests pass a `MovableClock`. */
  clock?: Clock;
  /** DPD; defaults to the HTTP client built from the configuration. */
  dpd?: (config: Config) => DpdPort;
}

function dpdFromConfig(c: Config): DpdPort {
  return new DpdHttpClient({
    url: c.DPD_URL,
    infoUrl: c.DPD_INFO_URL,
    pudoUrl: c.DPD_PUDO_URL,
    login: c.DPD_LOGIN,
    password: c.DPD_PASSWORD,
    fid: c.DPD_FID,
    pudoKey: c.DPD_PUDO_KEY,
    timeoutMs: c.DPD_TIMEOUT_MS,
  });
}

export function createShippingService(options: ShippingOptions = {}): ServiceDefinition<Database, Config> {
  const cache = new WeakMap<ServiceContext<Database, Config>, Deps>();
  const depsOf = (ctx: ServiceContext<Database, Config>): Deps => {
    let deps = cache.get(ctx);
    if (!deps) {
      // A config built in code (tests) may lack shipping's settings: their defaults apply.
      const config: Config = { ...ctx.config, ...ZShippingConfig.parse(ctx.config) };
      deps = {
        db: ctx.db,
        outbox: ctx.outbox,
        logger: ctx.logger,
        config,
        dpd: (options.dpd ?? dpdFromConfig)(config),
        clock: options.clock ?? systemClock,
      };
      cache.set(ctx, deps);
    }
    return deps;
  };
  return {
    name: 'shipping',
    migrations,
    // DPD: the defaults are the simulator's test account.
    productionSecrets: ['DPD_LOGIN', 'DPD_PASSWORD', 'DPD_FID', 'DPD_PUDO_KEY'],
    routes(app, ctx) {
      const deps = depsOf(ctx);
      app.use(shipmentsRoutes(deps));
      app.use(adminRoutes(deps));
    },
    handlers: (ctx) => [
      ...consumers(() => depsOf(ctx)),
      ...privacyHandlers<Database>('shipping', ctx, shippingPrivacy),
    ],
    async start(ctx) {
      await startWorkers(ctx.jobs, depsOf(ctx));
    },
  };
}

export const shippingService = createShippingService();
