import useSWR from 'swr';
import type { TPlot, TWeather } from '@gleba/contracts';
import { roundForRequest, type WeatherPlace } from '../rules/weather-rules';

/** `GET /api/weather?lat&lon` (geo; Open-Meteo behind a cache). */
export function useWeather(place: WeatherPlace | null) {
  return useSWR<TWeather>(
    place ? ['weather', { lat: roundForRequest(place.lat), lon: roundForRequest(place.lon) }] : null,
  );
}

/** The user's plots (the first one places the forecast). Shares the map's `plots` key. */
export const usePlotsForWeather = () => useSWR<TPlot[]>('plots');
