import express from 'express';
import { listen, type SimulatorHandle } from '../simulator';

/**
 * Open-Meteo's forecast API (`GET /v1/forecast`) as it answers: `latitude`, `longitude`,
 * `generationtime_ms`, `utc_offset_seconds`, `timezone`, `timezone_abbreviation`, `elevation`,
 * then `current_units` + `current` (one value per asked variable, with `time` and `interval`) and
 * `daily_units` + `daily` (parallel arrays, one entry per day starting today, `time` as
 * `YYYY-MM-DD`), each present only when asked for. Values are made up but deterministic: they
 * follow the coordinates and the day, so a test can predict them (`forecastFor`). A bad
 * parameter is HTTP 400 `{ "error": true, "reason": "..." }` as the real API answers.
 */

export type OpenMeteoFailure = 'http500' | 'malformed' | 'timeout';

export interface OpenMeteoSimulatorHandle extends SimulatorHandle {
  /** The next request fails this way (once). */
  failNext(kind: OpenMeteoFailure): void;
  /** Every request fails this way until `recover()` (the provider is down). */
  failAll(kind: OpenMeteoFailure): void;
  recover(): void;
  /** Request URLs received so far (tests check caching). */
  requests: string[];
}

const CURRENT_VARS: Record<string, string> = {
  temperature_2m: '°C',
  relative_humidity_2m: '%',
  apparent_temperature: '°C',
  is_day: '',
  precipitation: 'mm',
  rain: 'mm',
  weather_code: 'wmo code',
  cloud_cover: '%',
  wind_speed_10m: 'km/h',
};
const DAILY_VARS: Record<string, string> = {
  weather_code: 'wmo code',
  temperature_2m_max: '°C',
  temperature_2m_min: '°C',
  precipitation_sum: 'mm',
  precipitation_probability_max: '%',
  wind_speed_10m_max: 'km/h',
};

/** WMO codes the simulator cycles through: clear, partly cloudy, overcast, drizzle, rain, snow, thunderstorm. */
const CODES = [0, 2, 3, 51, 61, 71, 95];

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A deterministic pseudo-random number in [0, 1) from the rounded coordinates and a day index. */
function noise(lat: number, lon: number, day: number, salt: number): number {
  const x =
    Math.sin(
      Math.round(lat * 100) * 12.9898 + Math.round(lon * 100) * 78.233 + day * 37.719 + salt * 4.1414,
    ) * 43758.5453;
  return x - Math.floor(x);
}

/** The simulated weather of one day (0 = the first day of the answer). */
export function simulatedDay(lat: number, lon: number, day: number) {
  const base = 10 - (lat - 50) * 1.5;
  const max = round1(base + 8 * noise(lat, lon, day, 1));
  const min = round1(max - 3 - 6 * noise(lat, lon, day, 2));
  const code = CODES[Math.floor(noise(lat, lon, day, 3) * CODES.length)]!;
  const wet = code >= 51;
  return {
    weather_code: code,
    temperature_2m_max: max,
    temperature_2m_min: min,
    precipitation_sum: wet ? round1(0.2 + 12 * noise(lat, lon, day, 4)) : 0,
    precipitation_probability_max: wet
      ? 40 + Math.floor(60 * noise(lat, lon, day, 5))
      : Math.floor(30 * noise(lat, lon, day, 5)),
    wind_speed_10m_max: round1(5 + 30 * noise(lat, lon, day, 6)),
  };
}

/** Local date and time in Europe/Warsaw (the timezone the service asks for). */
function warsawParts(now: Date): { date: string; time: string; offsetSeconds: number; abbreviation: string } {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  const p = Object.fromEntries(fmt.formatToParts(now).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  const minute = Math.floor(Number(p.minute) / 15) * 15;
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
  );
  const offsetSeconds = Math.round((local - Math.floor(now.getTime() / 60_000) * 60_000) / 1000);
  return {
    date,
    time: `${date}T${p.hour}:${String(minute).padStart(2, '0')}`,
    offsetSeconds,
    abbreviation: offsetSeconds === 7200 ? 'CEST' : 'CET',
  };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The whole answer for a request, as the real API shapes it (exported for tests). */
export function forecastFor(params: {
  latitude: number;
  longitude: number;
  current: string[];
  daily: string[];
  forecastDays: number;
  timezone: string;
  now?: Date;
}) {
  const { latitude: lat, longitude: lon } = params;
  const now = warsawParts(params.now ?? new Date());
  const today = simulatedDay(lat, lon, 0);
  const currentValues: Record<string, number> = {
    temperature_2m: round1((today.temperature_2m_max + today.temperature_2m_min) / 2),
    relative_humidity_2m: 60 + Math.floor(35 * noise(lat, lon, 0, 7)),
    apparent_temperature: round1((today.temperature_2m_max + today.temperature_2m_min) / 2 - 1.5),
    is_day: 1,
    precipitation: today.weather_code >= 51 ? round1(today.precipitation_sum / 8) : 0,
    rain: today.weather_code >= 51 && today.weather_code < 71 ? round1(today.precipitation_sum / 8) : 0,
    weather_code: today.weather_code,
    cloud_cover: today.weather_code === 0 ? 5 : today.weather_code === 2 ? 45 : 95,
    wind_speed_10m: round1(today.wind_speed_10m_max * 0.6),
  };
  const body: Record<string, unknown> = {
    latitude: Math.round(lat * 1e4) / 1e4,
    longitude: Math.round(lon * 1e4) / 1e4,
    generationtime_ms: 0.05,
    utc_offset_seconds: params.timezone === 'GMT' ? 0 : now.offsetSeconds,
    timezone: params.timezone,
    timezone_abbreviation: params.timezone === 'GMT' ? 'GMT' : now.abbreviation,
    elevation: 110,
  };
  if (params.current.length) {
    body.current_units = {
      time: 'iso8601',
      interval: 'seconds',
      ...Object.fromEntries(params.current.map((v) => [v, CURRENT_VARS[v]])),
    };
    body.current = {
      time: now.time,
      interval: 900,
      ...Object.fromEntries(params.current.map((v) => [v, currentValues[v]])),
    };
  }
  if (params.daily.length) {
    const days = Array.from({ length: params.forecastDays }, (_, i) => simulatedDay(lat, lon, i));
    body.daily_units = {
      time: 'iso8601',
      ...Object.fromEntries(params.daily.map((v) => [v, DAILY_VARS[v]])),
    };
    body.daily = {
      time: days.map((_, i) => addDays(now.date, i)),
      ...Object.fromEntries(params.daily.map((v) => [v, days.map((d) => d[v as keyof typeof d])])),
    };
  }
  return body;
}

const list = (value: unknown): string[] =>
  typeof value === 'string' && value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export async function startOpenMeteoSimulator(
  options: { port?: number } = {},
): Promise<OpenMeteoSimulatorHandle> {
  const app = express();
  const requests: string[] = [];
  let once: OpenMeteoFailure | null = null;
  let always: OpenMeteoFailure | null = null;

  app.use((req, res, next) => {
    requests.push(req.originalUrl);
    const f = once ?? always;
    once = null;
    if (f === 'http500') return void res.status(500).type('text/plain').send('Internal Server Error');
    if (f === 'malformed') return void res.type('text/html').send('<html><body>Bad gateway</body></html>');
    if (f === 'timeout') return void setTimeout(() => res.status(504).end(), 30_000).unref();
    next();
  });

  const reason = (res: express.Response, text: string) =>
    void res.status(400).json({ error: true, reason: text });

  app.get('/v1/forecast', (req, res) => {
    const q = req.query as Record<string, unknown>;
    const latitude = Number(q.latitude);
    const longitude = Number(q.longitude);
    if (q.latitude === undefined || q.longitude === undefined)
      return reason(res, "Parameter 'latitude' and 'longitude' must have the same number of elements");
    if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90)
      return reason(res, `Latitude must be in range of -90 to 90°. Given: ${q.latitude}.`);
    if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
      return reason(res, `Longitude must be in range of -180 to 180°. Given: ${q.longitude}.`);
    const current = list(q.current);
    const daily = list(q.daily);
    const unknown = [
      ...current.filter((v) => !(v in CURRENT_VARS)),
      ...daily.filter((v) => !(v in DAILY_VARS)),
    ][0];
    if (unknown)
      return reason(
        res,
        `Cannot initialize WeatherVariable from invalid String value ${unknown} for key current`,
      );
    const forecastDays = q.forecast_days === undefined ? 7 : Number(q.forecast_days);
    if (!Number.isInteger(forecastDays) || forecastDays < 0 || forecastDays > 16)
      return reason(res, 'Forecast days is invalid. Allowed range 0 to 16.');
    const timezone = typeof q.timezone === 'string' && q.timezone ? q.timezone : 'GMT';
    res.json(forecastFor({ latitude, longitude, current, daily, forecastDays, timezone }));
  });

  const handle = await listen(app, options.port);
  return {
    ...handle,
    requests,
    failNext: (kind) => void (once = kind),
    failAll: (kind) => void (always = kind),
    recover: () => void ((always = null), (once = null)),
  };
}
