import type { ServiceContext, ServiceDefinition } from '@gleba/platform';
import { ZConfig, type Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { identityHandlers } from './events/identity.consumer';
import { labHandlers } from './events/lab.consumer';
import { ordersHandlers } from './events/orders.consumer';
import { shippingHandlers } from './events/shipping.consumer';
import { deliveriesRoutes } from './http/deliveries.routes';
import { inAppRoutes } from './http/in-app.routes';
import { inAppChangesOf } from './domain/in-app-changes';
import { NoticeWriter, type DeliveryQueue } from './domain/notify';
import { newsletterRoutes } from './http/newsletter.routes';
import { preferencesRoutes } from './http/preferences.routes';
import { forkDeliveryWorker } from './jobs/delivery-process';
import { deliveryQueue, DeliveryWorker } from './jobs/delivery.worker';
import { createProviders } from './providers';

/** The e-mail and SMS workers, as DELIVERY_WORKER says; returns what stops them. */
async function startDelivery(ctx: ServiceContext<Database, Config>): Promise<(() => Promise<void>) | void> {
  if (ctx.config.DELIVERY_WORKER === 'off') return;
  if (ctx.config.DELIVERY_WORKER === 'process') return forkDeliveryWorker(ctx.config, ctx.logger);
  const worker = new DeliveryWorker({ db: ctx.db, config: ctx.config, providers: createProviders(ctx.config, ctx.db), logger: ctx.logger });
  return worker.start(ctx.jobs, deliveryQueue(ctx.jobs, ctx.config, ctx.logger));
}

const eventPaths = new WeakMap<object, { queue: DeliveryQueue; notices: NoticeWriter }>();

/** The consumer's delivery queue and notice writer (its handlers gather notices, its beforeCommit writes them). */
function eventPathOf(ctx: ServiceContext<Database, Config>): { queue: DeliveryQueue; notices: NoticeWriter } {
  let path = eventPaths.get(ctx);
  if (!path) {
    const queue = deliveryQueue(ctx.jobs, ctx.config, ctx.logger);
    path = { queue, notices: new NoticeWriter(queue) };
    eventPaths.set(ctx, path);
  }
  return path;
}

export const notificationService: ServiceDefinition<Database, Config> = {
  name: 'notification',
  migrations,
  configSchema: ZConfig,
  routes(app, ctx) {
    inAppRoutes(app, ctx);
    preferencesRoutes(app, ctx);
    newsletterRoutes(app, ctx);
    deliveriesRoutes(app, ctx);
  },
  // Waiting events share a transaction (one BEGIN, inbox insert and COMMIT for up to 20): under a
  // backlog the consumer catches up instead of falling further behind.
  // Their notices are written together, two statements per transaction (see NoticeWriter).
  consumerBatchMax: 20,
  handlers(ctx) {
    const { queue, notices } = eventPathOf(ctx);
    return [...identityHandlers(ctx, queue), ...ordersHandlers(notices), ...shippingHandlers(notices), ...labHandlers(notices)];
  },
  consumerBeforeCommit(ctx) {
    const { notices } = eventPathOf(ctx);
    return (trx) => notices.flush(trx);
  },
  async start(ctx) {
    const changes = inAppChangesOf(ctx);
    changes.start();
    const stopWorker = await startDelivery(ctx);
    return async () => {
      await changes.stop();
      await stopWorker?.();
    };
  },
};
