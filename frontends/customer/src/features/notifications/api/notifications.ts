import useSWR, { useSWRConfig } from 'swr';
import type { InAppFilter, TInAppList, TUnseenCount } from '@gleba/contracts';
import type { ApiKey } from '@gleba/api-client';
import { api } from '../../../lib/api-client';

export const unseenCountKey = 'notifications/in-app/unseen/count';
export const NOTIFICATIONS_PER_PAGE = 10;
const LIST_PATH = 'notifications/in-app';

export function notificationsKey(page: number, filter: InAppFilter): ApiKey {
  return [LIST_PATH, { page, perPage: NOTIFICATIONS_PER_PAGE, orderBy: 'createdAt:desc', filter }] as const;
}

export function useUnseenCount() {
  return useSWR<TUnseenCount>(unseenCountKey);
}

export function useNotifications(page: number, filter: InAppFilter) {
  return useSWR<TInAppList>(notificationsKey(page, filter));
}

export const markSeen = (id: string) => api.patch<unknown>(`${LIST_PATH}/${encodeURIComponent(id)}`, { seen: true });

/** Spec section 4: marked seen by a PATCH, then the list and the count are fetched again. */
export function useMarkSeen() {
  const { mutate } = useSWRConfig();
  return async (id: string) => {
    await markSeen(id);
    await mutate((key) => Array.isArray(key) && key[0] === LIST_PATH);
    await mutate(unseenCountKey);
  };
}
