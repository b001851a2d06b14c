import { privacyHandlers, type ServiceDefinition } from '@gleba/platform';
import { ordersPrivacy } from './app/privacy';
import { depsOf } from './app/create-deps';
import { ZConfig, type Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { geoHandlers } from './events/geo.consumer';
import { identityHandlers } from './events/identity.consumer';
import { progressHandlers } from './events/progress.consumer';
import { adminRoutes } from './http/admin.routes';
import { customerRoutes } from './http/customer.routes';
import { startPaymentDueJob } from './jobs/payment-due.worker';
import { startSendReminderJob } from './jobs/send-reminder.worker';
import { startPaymentSessionsJob } from './jobs/payment-sessions.worker';

export const ordersService: ServiceDefinition<Database, Config> = {
  name: 'orders',
  configSchema: ZConfig,
  // Przelewy24: the defaults are the local simulator's merchant, keys and CRC.
  productionSecrets: ['P24_MERCHANT_ID', 'P24_POS_ID', 'P24_API_KEY', 'P24_CRC'],
  migrations,
  routes(app, ctx) {
    const deps = depsOf(ctx);
    app.use(customerRoutes(deps));
    app.use('/farm-api', adminRoutes({ ...deps, mode: 'farm' }));
    app.use('/garden-api', adminRoutes({ ...deps, mode: 'garden' }));
  },
  handlers: (ctx) => [
    ...identityHandlers(),
    ...geoHandlers(),
    ...progressHandlers(depsOf(ctx)),
    ...privacyHandlers<Database>('orders', ctx, ordersPrivacy(depsOf(ctx))),
  ],
  async start(ctx) {
    await startPaymentDueJob(depsOf(ctx));
    await startSendReminderJob(depsOf(ctx));
    await startPaymentSessionsJob(depsOf(ctx));
  },
};
