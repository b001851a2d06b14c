import { z } from 'zod';

/** Settings of the weather route (part of geo's config; see `../config.ts`). */
export const ZWeatherSettings = z.object({
  /** Open-Meteo base URL (the simulator by default). Production: https://api.open-meteo.com (free tier, non-commercial) or https://customer-api.open-meteo.com with a key. */
  OPEN_METEO_URL: z.url().default('http://127.0.0.1:4106'),
  /** Key for Open-Meteo's commercial endpoint ('' = none, the free API). */
  OPEN_METEO_API_KEY: z.string().default(''),
  OPEN_METEO_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
  /** How long a forecast is served from the cache (integrations.md: 30-60 minutes). */
  WEATHER_CACHE_MINUTES: z.coerce.number().positive().default(30),
  /** An expired forecast still answers while the provider is down, up to this age. */
  WEATHER_STALE_HOURS: z.coerce.number().min(0).default(6),
});
export type WeatherSettings = z.infer<typeof ZWeatherSettings>;
