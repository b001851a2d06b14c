import { z } from 'zod';

/** The forecast as geo uses it, whatever the provider. */
export interface Forecast {
  current: {
    time: string;
    temperatureC: number;
    precipitationMm: number;
    weatherCode: number;
    windKmh: number | null;
  };
  days: {
    date: string;
    weatherCode: number;
    tempMaxC: number;
    tempMinC: number;
    precipitationMm: number;
    precipitationProbability: number | null;
  }[];
}

/** A forecast provider (the port). */
export interface WeatherProvider {
  forecast(lat: number, lon: number): Promise<Forecast>;
}

export class WeatherProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'malformed' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'WeatherProviderError';
  }
}

const num = z.number();
const ZOpenMeteoForecast = z.object({
  current: z.object({
    time: z.string(),
    temperature_2m: num,
    precipitation: num,
    weather_code: num,
    wind_speed_10m: num.nullable().optional(),
  }),
  daily: z.object({
    time: z.array(z.string()).min(1),
    weather_code: z.array(num.nullable()),
    temperature_2m_max: z.array(num.nullable()),
    temperature_2m_min: z.array(num.nullable()),
    precipitation_sum: z.array(num.nullable()),
    precipitation_probability_max: z.array(num.nullable()).optional(),
  }),
});

export const CURRENT_VARS = ['temperature_2m', 'precipitation', 'weather_code', 'wind_speed_10m'];
export const DAILY_VARS = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'precipitation_probability_max',
];
/** Today plus the 3-day outlook. */
export const FORECAST_DAYS = 4;

/**
 * Open-Meteo's forecast API: `GET {base}/v1/forecast?latitude&longitude&current=...&daily=...
 * &timezone=Europe/Warsaw&forecast_days=4` (`&apikey=` on the commercial host). An HTTP error,
 * a timeout or an answer without the asked fields is a `WeatherProviderError`.
 */
export function openMeteoProvider(options: {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): WeatherProvider {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    async forecast(lat, lon) {
      const params = new URLSearchParams({
        latitude: String(lat),
        longitude: String(lon),
        current: CURRENT_VARS.join(','),
        daily: DAILY_VARS.join(','),
        timezone: 'Europe/Warsaw',
        forecast_days: String(FORECAST_DAYS),
      });
      if (options.apiKey) params.set('apikey', options.apiKey);
      let res: Response;
      try {
        res = await doFetch(`${options.baseUrl.replace(/\/$/, '')}/v1/forecast?${params}`, {
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timeout =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new WeatherProviderError(
          timeout ? 'timeout' : 'unavailable',
          `Open-Meteo ${timeout ? 'timed out' : 'unreachable'}: ${String(error)}`,
        );
      }
      const text = await res.text().catch(() => '');
      if (!res.ok)
        throw new WeatherProviderError(
          'unavailable',
          `Open-Meteo answered ${res.status}: ${text.slice(0, 200)}`,
        );
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new WeatherProviderError('malformed', 'Open-Meteo answered something other than JSON');
      }
      const parsed = ZOpenMeteoForecast.safeParse(json);
      if (!parsed.success)
        throw new WeatherProviderError(
          'malformed',
          `Open-Meteo answer lacks fields: ${parsed.error.issues[0]?.path.join('.')}`,
        );
      const { current, daily } = parsed.data;
      const days: Forecast['days'] = [];
      daily.time.forEach((date, i) => {
        const code = daily.weather_code[i];
        const max = daily.temperature_2m_max[i];
        const min = daily.temperature_2m_min[i];
        if (code == null || max == null || min == null) return; // a day the model has no data for
        days.push({
          date,
          weatherCode: code,
          tempMaxC: max,
          tempMinC: min,
          precipitationMm: daily.precipitation_sum[i] ?? 0,
          precipitationProbability: daily.precipitation_probability_max?.[i] ?? null,
        });
      });
      if (days.length === 0)
        throw new WeatherProviderError('malformed', 'Open-Meteo answered no daily values');
      return {
        current: {
          time: current.time,
          temperatureC: current.temperature_2m,
          precipitationMm: current.precipitation,
          weatherCode: current.weather_code,
          windKmh: current.wind_speed_10m ?? null,
        },
        days,
      };
    },
  };
}
