import { privacyHandlers, type ServiceDefinition } from '@gleba/platform';
import { ZGeoSettings, type Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import type { Deps } from './app/deps';
import { orderHandlers } from './events/orders.consumer';
import { geoPrivacy } from './app/privacy';
import { cropRoutes, sectorRoutes } from './http/crops.routes';
import { farmRoutes } from './http/farm.routes';
import { plotRoutes } from './http/plots.routes';
import { adminUnitRoutes, cadastreRoutes, cityRoutes, plantRoutes } from './http/reference.routes';
import { nominatimGeocoder } from './adapters/geocoder.provider';
import { uldkCadastre } from './adapters/uldk.provider';
import { wmsCadastreMap } from './adapters/cadastre-wms.provider';
import { weatherRoutes } from './http/weather.routes';
import { openMeteoProvider } from './adapters/open-meteo.provider';
import { weatherService } from './app/weather';
import { ZWeatherSettings } from './weather-settings';
import { stopGeometryThread, warmGeometryThread } from './app/geometry-thread';

export const geoService: ServiceDefinition<Database, Config> = {
  name: 'geo',
  migrations,
  jsonLimit: '6mb',
  routes(app, ctx) {
    const config = ZGeoSettings.parse(ctx.config);
    const weather = ZWeatherSettings.parse(ctx.config);
    const deps: Deps = {
      db: ctx.db,
      outbox: ctx.outbox,
      config,
      cadastre: uldkCadastre({ baseUrl: config.ULDK_URL, timeoutMs: config.ULDK_TIMEOUT_MS }),
      cadastreMap: wmsCadastreMap({ url: config.CADASTRE_WMS_URL, timeoutMs: config.ULDK_TIMEOUT_MS }),
      geocoder: config.GEOCODER_URL
        ? nominatimGeocoder({ url: config.GEOCODER_URL, timeoutMs: config.GEOCODER_TIMEOUT_MS })
        : null,
      weather: weatherService({
        provider: openMeteoProvider({
          baseUrl: weather.OPEN_METEO_URL,
          apiKey: weather.OPEN_METEO_API_KEY,
          timeoutMs: weather.OPEN_METEO_TIMEOUT_MS,
        }),
        settings: weather,
        logger: ctx.logger,
      }),
    };
    app.use('/api/farm', farmRoutes(deps));
    app.use('/api/plots', plotRoutes(deps));
    app.use('/api/crops', cropRoutes(deps));
    app.use('/api/sectors', sectorRoutes(deps));
    app.use('/api/admin-units', adminUnitRoutes(deps));
    app.use('/api/cadastre', cadastreRoutes(deps));
    app.use('/api/cities', cityRoutes(deps));
    app.use('/api/plants', plantRoutes());
    app.use('/api/weather', weatherRoutes(deps));
  },
  handlers: (ctx) => [...orderHandlers(), ...privacyHandlers<Database>('geo', ctx, geoPrivacy)],
  async start() {
    warmGeometryThread();
    return stopGeometryThread;
  },
};
