import type { TPlot } from '@gleba/contracts';

/** WMO weather interpretation codes (Open-Meteo's `weather_code`) in the groups the widget names. */
export type WeatherGroup =
  'clear' | 'partly' | 'overcast' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'showers' | 'thunder';

export function weatherGroup(code: number): WeatherGroup {
  if (code === 0) return 'clear';
  if (code <= 2) return 'partly';
  if (code === 3) return 'overcast';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || code === 80) return code === 80 ? 'showers' : 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 81 && code <= 82) return 'showers';
  if (code >= 95) return 'thunder';
  return 'overcast';
}

export interface WeatherPlace {
  lat: number;
  lon: number;
  source: 'device' | 'plot' | 'default';
}

/** Central Poland: the widget's place until the user has a plot or shares a location. */
export const DEFAULT_PLACE: WeatherPlace = { lat: 52.07, lon: 19.48, source: 'default' };
export const DEVICE_PLACE_KEY = 'gleba_weather_place';

/** The mean of a plot's outer ring (first polygon): close enough for a forecast rounded to 0.1°. */
export function plotCentre(plot: Pick<TPlot, 'geometry'>): { lat: number; lon: number } | null {
  const g = plot.geometry;
  const ring = g.type === 'Polygon' ? g.coordinates[0] : g.coordinates[0]?.[0];
  if (!ring || ring.length === 0) return null;
  const points = ring.length > 1 ? ring.slice(0, -1) : ring; // the closing vertex repeats the first
  const lon = points.reduce((s, p) => s + p[0]!, 0) / points.length;
  const lat = points.reduce((s, p) => s + p[1]!, 0) / points.length;
  return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
}

function readDevicePlace(storage: Pick<Storage, 'getItem'>): WeatherPlace | null {
  try {
    const v = JSON.parse(storage.getItem(DEVICE_PLACE_KEY) ?? 'null') as {
      lat?: unknown;
      lon?: unknown;
    } | null;
    if (
      v &&
      typeof v.lat === 'number' &&
      typeof v.lon === 'number' &&
      Math.abs(v.lat) <= 90 &&
      Math.abs(v.lon) <= 180
    )
      return { lat: v.lat, lon: v.lon, source: 'device' };
  } catch {
    // a broken value counts as none
  }
  return null;
}

/** Where the forecast is for: the location the user shared, else their first plot, else central Poland. */
export function choosePlace(
  plots: readonly Pick<TPlot, 'geometry'>[] | undefined,
  storage: Pick<Storage, 'getItem'> = localStorage,
): WeatherPlace {
  const device = readDevicePlace(storage);
  if (device) return device;
  for (const plot of plots ?? []) {
    const c = plotCentre(plot);
    if (c) return { ...c, source: 'plot' };
  }
  return DEFAULT_PLACE;
}

/** Two decimals are plenty (the server rounds to 0.1°) and keep the request and the cache key short. */
export const roundForRequest = (n: number) => Math.round(n * 100) / 100;

/** A day of the outlook as a weekday name in the user's language. */
export function weekday(date: string, lang: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return new Intl.DateTimeFormat(lang === 'uk' ? 'uk-UA' : lang === 'en' ? 'en-GB' : 'pl-PL', {
    weekday: 'short',
    timeZone: 'UTC',
  }).format(d);
}

export const formatNumber = (n: number, lang: string) =>
  new Intl.NumberFormat(lang === 'uk' ? 'uk-UA' : lang === 'en' ? 'en-GB' : 'pl-PL', {
    maximumFractionDigits: 1,
  }).format(n);
