import useSWR from 'swr';
import type { TNotificationPreference, TNotificationPreferences } from '@gleba/contracts';
import { api } from '../../../lib/api-client';

export const preferencesKey = 'notifications/preferences';

export type Channel = 'isEmailEnabled' | 'isInAppEnabled' | 'isSmsEnabled';

/** Every configurable notice type with its three channels (spec: isEmailEnabled, isInAppEnabled; SMS too). */
export function usePreferences() {
  return useSWR<TNotificationPreferences>(preferencesKey);
}

/** One channel of one type switched; the answer is every type as now stored. */
export const savePreference = (type: TNotificationPreference['type'], channel: Channel, value: boolean) =>
  api.put<TNotificationPreferences>(preferencesKey, { items: [{ type, [channel]: value }] });
