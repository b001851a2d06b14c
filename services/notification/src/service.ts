import { privacyHandlers, type ServiceContext, type ServiceDefinition } from '@gleba/platform';
import { notificationPrivacy } from './app/privacy';
import { startRetentionWorker } from './jobs/retention.worker';
import { ZConfig, type Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { identityHandlers } from './events/identity.consumer';
import { labHandlers } from './events/lab.consumer';
import { ordersHandlers } from './events/orders.consumer';
import { shippingHandlers } from './events/shipping.consumer';
import { deliveriesRoutes } from './http/deliveries.routes';
import { inAppRoutes } from './http/in-app.routes';
import { inAppChangesOf } from './app/in-app-changes';
import { NoticeWriter, type DeliveryQueue } from './app/notify';
import { newsletterRoutes } from './http/newsletter.routes';
import { preferencesRoutes } from './http/preferences.routes';
import { forkDeliveryWorker } from './jobs/delivery-process';
import { deliveryPacer, EventPathLag } from './jobs/delivery-pacer';
import { deliveryQueue, DeliveryWorker } from './jobs/delivery.worker';
import { createProviders } from './adapters';

/**
 * The e-mail and SMS workers, as DELIVERY_WORKER says, paced on the event path's lag when they
 * share this machine (in this process or forked); returns what stops them.
 */
async function startDelivery(ctx: ServiceContext<Database, Config>): Promise<(() => Promise<void>) | void> {
  const { config } = ctx;
  if (config.DELIVERY_WORKER === 'off') return;
  const { lag } = eventPathOf(ctx);
  if (config.DELIVERY_WORKER === 'process') {
    const forked = await forkDeliveryWorker(config, ctx.logger);
    return lag ? paced(lag, forked.reportLag, forked.stop) : forked.stop;
  }
  const worker = new DeliveryWorker({
    db: ctx.db,
    config,
    providers: createProviders(config, ctx.db),
    logger: ctx.logger,
  });
  const pacer = lag ? deliveryPacer(config) : undefined;
  const stop = worker.start(ctx.jobs, deliveryQueue(ctx.jobs, config, ctx.logger), pacer);
  return lag && pacer ? paced(lag, (ms) => pacer.report(ms), stop) : stop;
}

/** Starts reporting the event path's lag to `report`; the returned stop ends that, then calls `stop`. */
function paced(
  lag: EventPathLag,
  report: (lagMs: number) => void,
  stop: () => Promise<void>,
): () => Promise<void> {
  lag.sendTo(report);
  return async () => {
    lag.stop();
    await stop();
  };
}

interface EventPath {
  queue: DeliveryQueue;
  notices: NoticeWriter;
  /** The consumer's lag, for pacing the deliveries (null when DELIVERY_YIELD_LAG_MS is 0). */
  lag: EventPathLag | null;
}

const eventPaths = new WeakMap<object, EventPath>();

/** The consumer's delivery queue and notice writer (its handlers gather notices, its beforeCommit writes them). */
function eventPathOf(ctx: ServiceContext<Database, Config>): EventPath {
  let path = eventPaths.get(ctx);
  if (!path) {
    const queue = deliveryQueue(ctx.jobs, ctx.config, ctx.logger);
    path = {
      queue,
      notices: new NoticeWriter(queue),
      lag: ctx.config.DELIVERY_YIELD_LAG_MS > 0 ? new EventPathLag() : null,
    };
    eventPaths.set(ctx, path);
  }
  return path;
}

export const notificationService: ServiceDefinition<Database, Config> = {
  name: 'notification',
  migrations,
  configSchema: ZConfig,
  // The default SMTP server is the local mail capture; without Twilio SMS only go to a log table.
  productionSecrets: [
    'SMTP_URL',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    ['TWILIO_FROM', 'TWILIO_MESSAGING_SERVICE_SID'],
  ],
  routes(app, ctx) {
    const deps = { ...ctx, queue: eventPathOf(ctx).queue };
    app.use(inAppRoutes(deps));
    app.use(preferencesRoutes(deps));
    app.use(newsletterRoutes(deps));
    app.use(deliveriesRoutes(deps));
  },
  // Waiting events share a transaction (one BEGIN, inbox insert and COMMIT for up to 20): under a
  // backlog the consumer catches up instead of falling further behind.
  // Their notices are written together, two statements per transaction (see NoticeWriter).
  consumerBatchMax: 20,
  handlers(ctx) {
    const { queue, notices } = eventPathOf(ctx);
    return [
      ...identityHandlers(ctx, queue),
      ...ordersHandlers(notices),
      ...shippingHandlers(notices),
      ...labHandlers(notices),
      ...privacyHandlers<Database>('notification', ctx, notificationPrivacy),
    ];
  },
  consumerBeforeCommit(ctx) {
    const { notices } = eventPathOf(ctx);
    return (trx) => notices.flush(trx);
  },
  consumerSettled(ctx) {
    const { lag } = eventPathOf(ctx);
    return (settled) => lag?.settled(settled);
  },
  async start(ctx) {
    const changes = inAppChangesOf(ctx);
    changes.start();
    await startRetentionWorker(ctx);
    const stopWorker = await startDelivery(ctx);
    return async () => {
      await changes.stop();
      await stopWorker?.();
    };
  },
};
