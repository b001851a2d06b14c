import { Router } from 'express';
import { requireAuth, route, type Logger } from '@gleba/platform';
import { ZWeatherQuery } from '@gleba/contracts';
import { openMeteoProvider } from '../adapters/open-meteo.provider';
import { weatherService, type WeatherService } from '../app/weather';
import { ZWeatherSettings } from '../weather-settings';

/** `GET /api/weather?lat&lon` (signed-in users: the dashboard's widget). */
export function weatherRoutes(weather: WeatherService): Router {
  const r = Router();
  r.use(requireAuth);
  r.get(
    '/',
    route({ query: ZWeatherQuery }, ({ query, res }) => {
      res.setHeader('cache-control', 'private, max-age=600');
      return weather.forecast(query.lat, query.lon);
    }),
  );
  return r;
}

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
