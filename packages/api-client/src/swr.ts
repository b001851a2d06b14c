import type { SWRConfiguration } from 'swr';
import type { ApiClient, QueryValue } from './api-client';

/** An swr key: a path, or a path with its query. null skips the request. */
export type ApiKey = string | readonly [path: string, query: Record<string, QueryValue>];

/**
 * Spec section 7: data never goes stale and does not refetch on window focus; callers refresh
 * explicitly with `mutate` after a change (e.g. marking a notification seen).
 */
export const SWR_DEFAULTS = {
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
  dedupingInterval: 60 * 60 * 1000,
  shouldRetryOnError: false,
} as const satisfies SWRConfiguration;

export function apiFetcher(client: ApiClient) {
  return <T>(key: ApiKey): Promise<T> =>
    typeof key === 'string' ? client.get<T>(key) : client.get<T>(key[0], { query: key[1] });
}

/** The `SWRConfig` value of an app: the defaults above with the client's fetcher. */
export function swrConfig(client: ApiClient, overrides: SWRConfiguration = {}): SWRConfiguration {
  return { ...SWR_DEFAULTS, fetcher: apiFetcher(client), ...overrides };
}
