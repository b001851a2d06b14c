import type { Kysely } from 'kysely';
import type { Outbox } from '@gleba/platform';
import type { GeoSettings } from '../config';
import type { Database } from '../db/database';
import type { Cadastre } from '../adapters/uldk.provider';
import type { Geocoder } from '../adapters/geocoder.provider';
import type { CadastreMap } from '../adapters/cadastre-wms.provider';
import type { WeatherService } from './weather';

/** What the use cases need: the database, the outbox, settings and the external ports. */
export interface Deps {
  db: Kysely<Database>;
  outbox: Outbox;
  config: GeoSettings;
  cadastre: Cadastre;
  /** The cadastral overlay's WMS (decision 0053). */
  cadastreMap: CadastreMap;
  geocoder: Geocoder | null;
  /** Forecasts for the dashboard's widget, cached (Open-Meteo). */
  weather: WeatherService;
}
