import type { TWeather } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import type { WeatherSettings } from '../weather-settings';
import { WeatherProviderError, type Forecast, type WeatherProvider } from '../adapters/open-meteo.provider';

/** Coordinates are rounded to 0.1° (about 11 km north-south, 7 km east-west in Poland) before the look-up: nearby users share one cached forecast, and the provider never sees a precise location. */
export const ROUND_DEGREES = 0.1;
/** Entries kept at most (about 1 KB each); the oldest go first. */
const MAX_ENTRIES = 5000;

export const roundCoordinate = (value: number) => Math.round(value / ROUND_DEGREES) * ROUND_DEGREES;
const fixed = (value: number) => Number(roundCoordinate(value).toFixed(1));

interface Entry {
  at: number;
  value: TWeather;
}

export interface WeatherLogger {
  warn(obj: object, msg: string): void;
}

/**
 * The weather use case: an in-memory TTL cache keyed by the rounded coordinates in front of the
 * provider, one provider call per key at a time, and a stale answer (up to `WEATHER_STALE_HOURS`)
 * when the provider fails. Without any answer the error is `weatherUnavailable` (503).
 */
export function weatherService(deps: {
  provider: WeatherProvider;
  settings: WeatherSettings;
  logger?: WeatherLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<TWeather>>();
  const ttl = deps.settings.WEATHER_CACHE_MINUTES * 60_000;
  const staleLimit = deps.settings.WEATHER_STALE_HOURS * 3_600_000;

  const toWeather = (lat: number, lon: number, f: Forecast): TWeather => {
    const [today, ...rest] = f.days;
    return {
      lat,
      lon,
      fetchedAt: new Date(now()).toISOString(),
      current: f.current,
      today: today!,
      outlook: rest.slice(0, 3),
    };
  };

  async function fetchFresh(key: string, lat: number, lon: number): Promise<TWeather> {
    const value = toWeather(lat, lon, await deps.provider.forecast(lat, lon));
    cache.delete(key);
    cache.set(key, { at: now(), value });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    return value;
  }

  return {
    async forecast(latIn: number, lonIn: number): Promise<TWeather> {
      const lat = fixed(latIn);
      const lon = fixed(lonIn);
      const key = `${lat.toFixed(1)},${lon.toFixed(1)}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < ttl) return hit.value;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchFresh(key, lat, lon).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      try {
        return await pending;
      } catch (error) {
        if (!(error instanceof WeatherProviderError)) throw error;
        deps.logger?.warn({ err: error, key }, 'weather provider failed');
        if (hit && now() - hit.at < staleLimit) return hit.value;
        throw new AppError('weatherUnavailable', 503, 'The weather forecast is unavailable right now');
      }
    },
    /** For tests and metrics. */
    cacheSize: () => cache.size,
  };
}
export type WeatherService = ReturnType<typeof weatherService>;
