import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { InAppFilter, TInAppChanges, TInAppList, TUnseenCount } from '@gleba/contracts';
import type { ApiKey } from '@gleba/api-client';
import { api } from '../../../lib/api-client';

export const unseenCountKey = 'notifications/in-app/unseen/count';
export const NOTIFICATIONS_PER_PAGE = 10;
const LIST_PATH = 'notifications/in-app';
const CHANGES_PATH = 'notifications/in-app/changes';
/** How long one long poll may wait on the server (below the gateway's upstream timeout). */
export const LIVE_WAIT_MS = 10_000;

export function notificationsKey(page: number, filter: InAppFilter): ApiKey {
  return [LIST_PATH, { page, perPage: NOTIFICATIONS_PER_PAGE, orderBy: 'createdAt:desc', filter }] as const;
}

export function useUnseenCount() {
  return useSWR<TUnseenCount>(unseenCountKey);
}

export function useNotifications(page: number, filter: InAppFilter) {
  return useSWR<TInAppList>(notificationsKey(page, filter));
}

export const markSeen = (id: string) =>
  api.patch<unknown>(`${LIST_PATH}/${encodeURIComponent(id)}`, { seen: true });

/** Spec section 4: marked seen by a PATCH, then the list and the count are fetched again. */
export function useMarkSeen() {
  const { mutate } = useSWRConfig();
  return async (id: string) => {
    await markSeen(id);
    await mutate((key) => Array.isArray(key) && key[0] === LIST_PATH);
    await mutate(unseenCountKey);
  };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const visible = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (document.visibilityState !== 'hidden') return resolve();
    const done = () => {
      if (document.visibilityState === 'hidden' && !signal.aborted) return;
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    document.addEventListener('visibilitychange', done);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Keeps the unseen count and the notification lists live while the app is open: a long poll on
 * `in-app/changes` answers when a notification arrives (or one is marked seen elsewhere), and the
 * count and lists are fetched again. Paused while the tab is hidden; after a failure (offline,
 * server down) it waits 1, 2, 4 ... 30 s before asking again.
 */
export function useLiveNotifications(enabled = true): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    const { signal } = abort;
    void (async () => {
      let cursor: string | undefined;
      let failures = 0;
      while (!signal.aborted) {
        await visible(signal);
        if (signal.aborted) return;
        try {
          const state = await api.get<TInAppChanges>(CHANGES_PATH, {
            query: cursor ? { after: cursor, waitMs: LIVE_WAIT_MS } : {},
            signal,
          });
          if (cursor !== undefined && state.cursor !== cursor) {
            await mutate(unseenCountKey);
            await mutate((key) => Array.isArray(key) && key[0] === LIST_PATH);
          }
          cursor = state.cursor;
          failures = 0;
        } catch {
          if (signal.aborted) return;
          failures += 1;
          await pause(Math.min(30_000, 1000 * 2 ** (failures - 1)), signal);
        }
      }
    })();
    return () => abort.abort();
  }, [enabled, mutate]);
}
