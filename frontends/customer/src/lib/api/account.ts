import useSWR from 'swr';
import { isApiError } from '@gleba/api-client';
import type {
  TChangePasswordBody,
  TCurrentUser,
  TProfile,
  TProfileBody,
  TTokenPair,
  TUpdateMeBody,
} from '@gleba/contracts';
import { api } from '../api-client';
import { useSessionStore } from '../../stores/session-store';

export const profileKey = 'users/profile';

/** The profile, or null when the user has none yet (identity answers null; an older one 404). */
export function useProfile() {
  return useSWR<TProfile | null>(profileKey, async (key: string) => {
    try {
      return (await api.get<TProfile | null>(key)) ?? null;
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  });
}

/** Spec section 7: PATCH users/profile; a 404 (no profile yet) falls back to POST users/profile. */
export async function saveProfile(body: TProfileBody): Promise<TProfile> {
  try {
    return await api.patch<TProfile>(profileKey, body);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return api.post<TProfile>(profileKey, body);
    throw error;
  }
}

/** Every session of the account ends, this one too: the answer is this device's new session. */
export async function changePassword(body: TChangePasswordBody): Promise<void> {
  const pair = await api.post<TTokenPair>('users/me/password', body);
  useSessionStore.getState().renewSession(pair);
}

export const updateMe = (body: TUpdateMeBody) => api.patch<TCurrentUser>('users/me', body);
