import type { Logger } from '@gleba/platform';
import type { Router } from 'express';
import { ZWeatherSettings } from './config';
import { openMeteoProvider } from './open-meteo.provider';
import { weatherService } from './weather';
import { weatherRoutes } from './weather.routes';

export { ZWeatherSettings, type WeatherSettings } from './config';

/** The weather route wired from geo's running config (mounted at `/api/weather`). */
export function weatherRouter(config: unknown, logger: Logger): Router {
  const settings = ZWeatherSettings.parse(config);
  const provider = openMeteoProvider({
    baseUrl: settings.OPEN_METEO_URL,
    apiKey: settings.OPEN_METEO_API_KEY,
    timeoutMs: settings.OPEN_METEO_TIMEOUT_MS,
  });
  return weatherRoutes(weatherService({ provider, settings, logger }));
}
