import { privacyHandlers, type ServiceDefinition } from '@gleba/platform';
import { labImportPrivacy } from './app/privacy';
import { labImportSettings, type Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { orderHandlers } from './events/orders.consumer';
import { importRoutes } from './http/imports.routes';
import { resultsRoutes } from './http/results.routes';
import { startImportWorker } from './jobs/import.worker';
import { stopParserThread, warmParserThread } from './adapters/parse-in-thread';

export const labImportService: ServiceDefinition<Database, Config> = {
  name: 'lab-import',
  migrations,
  routes(app, ctx) {
    app.use(importRoutes(ctx));
    app.use(resultsRoutes(ctx));
  },
  handlers: (ctx) => [...orderHandlers(), ...privacyHandlers<Database>('lab-import', ctx, labImportPrivacy)],
  async start(ctx) {
    if (labImportSettings(ctx.config).IMPORT_PARSE_THREAD) warmParserThread();
    const worker = startImportWorker(ctx);
    return async () => {
      await worker.close();
      await stopParserThread();
    };
  },
};
