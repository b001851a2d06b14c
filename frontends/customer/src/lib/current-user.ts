import { useEffect, useRef } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import { isApiError, NETWORK_REQUEST_FAILED } from '@gleba/api-client';
import { STORAGE_KEYS, type TCurrentUser } from '@gleba/contracts';
import { api } from './api-client';
import { useLanguageStore } from '../stores/language-store';
import { jwtClaims } from './jwt';

export const currentUserKey = 'users/me';

/**
 * The last `GET users/me` answer, kept so that the installed app opens offline (the service worker
 * serves the shell, but the check of the session cannot reach the server): without a connection
 * the signed-in app runs as this user, for the session whose access token names them
 * (docs/decisions/0017-customer-pwa.md). Removed at sign-out.
 */
export const LAST_USER_KEY = 'gleba_current_user';

/** The user id (`sub`) of a JWT access token, unverified: only to match the kept user to the session. */
export function tokenSubject(token: string | null): string | null {
  const sub = jwtClaims(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}

export function rememberUser(user: TCurrentUser): void {
  try {
    localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
  } catch {
    /* storage full or blocked: the app only loses its offline start */
  }
}

export function forgetUser(): void {
  localStorage.removeItem(LAST_USER_KEY);
}

/** The kept user, if they are the signed-in session's (its access token's subject). */
export function rememberedUser(): TCurrentUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(LAST_USER_KEY) ?? 'null') as TCurrentUser | null;
    return user &&
      typeof user.id === 'string' &&
      user.id === tokenSubject(localStorage.getItem(STORAGE_KEYS.token))
      ? user
      : null;
  } catch {
    return null;
  }
}

const isNetworkFailure = (error: unknown) => isApiError(error) && error.code === NETWORK_REQUEST_FAILED;

/**
 * The signed-in user (spec section 4: the session is valid when this succeeds). When the request
 * fails for want of a connection, the kept answer of this session stands in (offline start of the
 * installed app); the session is checked again when the connection returns (features/pwa).
 */
export function useCurrentUser(): SWRResponse<TCurrentUser> {
  const answer = useSWR<TCurrentUser>(currentUserKey);
  const { data, error } = answer;
  useEffect(() => {
    if (data) rememberUser(data);
  }, [data]);
  if (data === undefined && isNetworkFailure(error)) {
    const kept = rememberedUser();
    if (kept)
      return {
        data: kept,
        error: undefined,
        isLoading: false,
        isValidating: answer.isValidating,
        mutate: answer.mutate,
      };
  }
  return answer;
}

/**
 * The language is kept on the account (its e-mails and SMS speak it, and it applies at the next
 * sign-in on any device): a language picked while signed in, wherever the switcher is, is saved
 * there, and so is one picked on the sign-in screens just before signing in. Only a pick made in
 * this session counts, so opening the app never overwrites the account with what this browser had.
 */
export function useAccountLanguage(user: TCurrentUser | undefined): void {
  const lang = useLanguageStore((s) => s.lang);
  const pickedSignedOut = useLanguageStore((s) => s.pickedSignedOut);
  const { mutate } = useSWRConfig();
  const previous = useRef(lang);
  useEffect(() => {
    if (previous.current === lang && !pickedSignedOut) return;
    if (!user) return;
    previous.current = lang;
    if (pickedSignedOut) useLanguageStore.getState().pickSaved();
    if (user.language === lang) return;
    api
      .patch<TCurrentUser>('users/me', { language: lang })
      .then((updated) =>
        mutate(currentUserKey, updated ?? { ...user, language: lang }, { revalidate: false }),
      )
      .catch((error: unknown) => console.error('saving the language on the account failed', error));
  }, [lang, pickedSignedOut, user, mutate]);
}
