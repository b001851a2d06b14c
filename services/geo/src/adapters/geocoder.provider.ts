/** A place found by name. */
export interface GeocodedPlace {
  name: string;
  lat: number;
  lng: number;
}

/** Finds places by name (the map's city search beyond the loaded administrative units). */
export interface Geocoder {
  search(q: string): Promise<GeocodedPlace[]>;
}

/** Nominatim-compatible (`?q=&format=json&countrycodes=pl`); a failure is treated as "nothing found". */
export function nominatimGeocoder(options: {
  url: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Geocoder {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    async search(q) {
      const url = `${options.url}?${new URLSearchParams({ q, format: 'json', countrycodes: 'pl', limit: '5' })}`;
      try {
        const res = await doFetch(url, {
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: { 'user-agent': 'gleba-geo' },
        });
        if (!res.ok) return [];
        const rows = (await res.json()) as { display_name?: string; lat?: string; lon?: string }[];
        return rows
          .map((r) => ({
            name: String(r.display_name ?? '').split(',')[0] ?? '',
            lat: Number(r.lat),
            lng: Number(r.lon),
          }))
          .filter((r) => r.name && Number.isFinite(r.lat) && Number.isFinite(r.lng));
      } catch {
        return [];
      }
    },
  };
}
