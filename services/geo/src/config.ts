import { z } from 'zod';
import { ZBaseConfig } from '@gleba/platform';
import { ZWeatherSettings } from './weather-settings';

/** geo's own settings (parsed again from the running config, so tests get the defaults too). */
export const ZGeoSettings = z.object({
  /** ULDK (GUGiK) base URL; the local simulator by default. Production: https://uldk.gugik.gov.pl */
  ULDK_URL: z.url().default('http://127.0.0.1:4103'),
  ULDK_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** How long cached parcels and precincts are trusted. */
  ULDK_CACHE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  /** Largest share (percent of the new plot's area) a new plot may overlap the user's existing plots. */
  PLOT_OVERLAP_LIMIT_PERCENT: z.coerce.number().min(0).max(100).default(5),
  /** Default snap tolerance for drawn shapes, in metres (a request may set its own; 0 = off). */
  SNAP_TOLERANCE_M: z.coerce.number().min(0).max(50).default(1),
  /** Largest sector of an auto-divide, in ha. */
  SECTOR_MAX_AREA_HA: z.coerce.number().positive().default(4),
  /** Shape versions kept per plot or crop for undo/redo. */
  SHAPE_HISTORY_LIMIT: z.coerce.number().int().min(2).default(50),
  /** GUS TERC file loaded at start when the unit tables are empty ('' = none). */
  TERC_SEED_FILE: z.string().default('data/terc-sample.csv'),
  /** Optional Nominatim-compatible geocoder for city search (`{url}?q=...&format=json`); '' = local units only. */
  GEOCODER_URL: z.string().default(''),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
});
export type GeoSettings = z.infer<typeof ZGeoSettings>;

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  ...ZGeoSettings.shape,
  ...ZWeatherSettings.shape,
});
export type Config = z.infer<typeof ZConfig>;
