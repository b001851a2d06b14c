import { readFile } from 'node:fs/promises';
import { privacyHandlers, type ServiceDefinition } from '@gleba/platform';
import { ZGeoSettings, type Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { countUnits } from './db/repositories/admin-units.repository';
import type { GeoDeps } from './app/deps';
import { orderHandlers } from './events/orders.consumer';
import { geoPrivacy } from './app/privacy';
import { cropRoutes, sectorRoutes } from './http/crops.routes';
import { farmRoutes } from './http/farm.routes';
import { plotRoutes } from './http/plots.routes';
import { adminUnitRoutes, cadastreRoutes, cityRoutes, plantRoutes } from './http/reference.routes';
import { nominatimGeocoder } from './providers/geocoder.provider';
import { uldkCadastre } from './providers/uldk.provider';
import { importTercFile } from './scripts/terc-import';
import { weatherRouter } from './weather';
import { stopGeometryThread, warmGeometryThread } from './app/geometry-thread';

export const geoService: ServiceDefinition<Database, Config> = {
  name: 'geo',
  migrations,
  jsonLimit: '6mb',
  routes(app, ctx) {
    const config = ZGeoSettings.parse(ctx.config);
    const deps: GeoDeps = {
      db: ctx.db,
      outbox: ctx.outbox,
      config,
      cadastre: uldkCadastre({ baseUrl: config.ULDK_URL, timeoutMs: config.ULDK_TIMEOUT_MS }),
      geocoder: config.GEOCODER_URL
        ? nominatimGeocoder({ url: config.GEOCODER_URL, timeoutMs: config.GEOCODER_TIMEOUT_MS })
        : null,
    };
    app.use('/api/farm', farmRoutes(deps));
    app.use('/api/plots', plotRoutes(deps));
    app.use('/api/crops', cropRoutes(deps));
    app.use('/api/sectors', sectorRoutes(deps));
    app.use('/api/admin-units', adminUnitRoutes(deps));
    app.use('/api/cadastre', cadastreRoutes(deps));
    app.use('/api/cities', cityRoutes(deps));
    app.use('/api/plants', plantRoutes());
    app.use('/api/weather', weatherRouter(ctx.config, ctx.logger));
  },
  handlers: (ctx) => [...orderHandlers(), ...privacyHandlers<Database>('geo', ctx, geoPrivacy)],
  async start(ctx) {
    warmGeometryThread();
    // Seed: a fresh database gets the TERC file's units (npm start ships the sample in data/).
    const file = ZGeoSettings.parse(ctx.config).TERC_SEED_FILE;
    if (file && (await countUnits(ctx.db)) === 0) {
      try {
        const result = await importTercFile(ctx.db, await readFile(file, 'utf8'));
        ctx.logger.info(result, 'administrative units seeded from TERC');
      } catch (error) {
        ctx.logger.warn({ err: error, file }, 'TERC seed skipped');
      }
    }
    return stopGeometryThread;
  },
};
