import useSWR from 'swr';
import type { TCurrentUser, TEmailBody, TLoginBody, TSetPasswordBody, TTokenPair } from '@gleba/contracts';
import { api } from '../../../lib/api-client';

const anonymous = { auth: false } as const;

/** Identity answers 403 `notAdministrator` (translated) for a user who is not an admin. */
export const adminLogin = (body: TLoginBody) => api.post<TTokenPair>('auth/admin/login', body, anonymous);

/** Always 200: the "check your e-mail" step follows whether or not the e-mail is an admin's. */
export const adminForgotPassword = (body: TEmailBody) =>
  api.post<unknown>('auth/admin/forgot-password', body, anonymous);

export const checkSetPasswordToken = (token: string) =>
  api.get<{ valid: true; email: string }>(`auth/set-password/${encodeURIComponent(token)}`, anonymous);

export const setPassword = (token: string, body: TSetPasswordBody) =>
  api.post<Partial<TTokenPair> & { email?: string }>(
    `auth/set-password/${encodeURIComponent(token)}`,
    body,
    anonymous,
  );

export const logout = (refreshToken: string | null) =>
  api.post<unknown>('auth/logout', refreshToken ? { refreshToken } : {}).catch(() => undefined);

export const currentUserKey = 'users/me';

export function useCurrentUser() {
  return useSWR<TCurrentUser>(currentUserKey);
}
