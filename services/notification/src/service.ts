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
import { startDeliveries } from './jobs/delivery-runner';
import { deliveryQueue } from './jobs/delivery.worker';

interface EventPath {
  queue: DeliveryQueue;
  notices: NoticeWriter;
}

const eventPaths = new WeakMap<object, EventPath>();

/** The consumer's delivery queue and notice writer (its handlers gather notices, its beforeCommit writes them). */
function eventPathOf(ctx: ServiceContext<Database, Config>): EventPath {
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
  // Handling a backlog: waiting events share a transaction (one BEGIN, inbox insert and COMMIT for
  // up to 20), so the consumer catches up instead of falling further behind; their notices are
  // written together just before it commits, two statements per transaction (NoticeWriter).
  consumerBatch(ctx) {
    const { notices } = eventPathOf(ctx);
    return { max: 20, beforeCommit: (trx) => notices.flush(trx) };
  },
  async start(ctx) {
    const changes = inAppChangesOf(ctx);
    changes.start();
    await startRetentionWorker(ctx);
    const stopDeliveries = await startDeliveries(ctx);
    return async () => {
      await changes.stop();
      await stopDeliveries();
    };
  },
};
