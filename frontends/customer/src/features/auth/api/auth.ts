import type { TEmailBody, TLoginBody, TRegisterBody, TSetPasswordBody, TTokenPair } from '@gleba/contracts';
import { api } from '../../../lib/api-client';

/** Calls made before a session exists send no token and never trigger a refresh. */
const anonymous = { auth: false } as const;

export const login = (body: TLoginBody) => api.post<TTokenPair>('auth/login', body, anonymous);

export const register = (
  body: TRegisterBody & { businessData?: { companyName: string; taxNumber: string } | null },
) => api.post<unknown>('auth/register', body, anonymous);

export const forgotPassword = (body: TEmailBody) =>
  api.post<unknown>('auth/forgot-password', body, anonymous);

export const requestActivationLink = (body: TEmailBody) =>
  api.post<unknown>('auth/activation-link', body, anonymous);

export const activate = (token: string) =>
  api.get<Partial<TTokenPair> | null>(`auth/activate/${encodeURIComponent(token)}`, anonymous);

/** Route check of /set-password/{token}; the answer is not used. */
export const checkSetPasswordToken = (token: string) =>
  api.get<unknown>(`auth/set-password/${encodeURIComponent(token)}`, anonymous);

/** Loader of /forgot-password/{token}. */
export const checkResetPasswordToken = (token: string) =>
  api.get<unknown>(`auth/reset-password/${encodeURIComponent(token)}`, anonymous);

/** The answer may carry an e-mail and a token pair: the user is then signed in (spec section 7). */
export const setPassword = (token: string, body: TSetPasswordBody) =>
  api.post<{ email?: string; accessToken?: string; refreshToken?: string } | null>(
    `auth/set-password/${encodeURIComponent(token)}`,
    body,
    anonymous,
  );

/** `authCode` of a social sign-in exchanged for a token pair (headers accept and authCode). */
export const exchangeAuthCode = (authCode: string) =>
  api.get<Partial<TTokenPair>>('auth/token-exchange', {
    ...anonymous,
    headers: { accept: 'application/json', authCode },
  });

export const logout = (refreshToken: string | null) =>
  api.post<unknown>('auth/logout', refreshToken ? { refreshToken } : {}).catch(() => undefined);

export function isTokenPair(value: unknown): value is TTokenPair {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' &&
    v.accessToken.length > 0 &&
    typeof v.refreshToken === 'string' &&
    v.refreshToken.length > 0
  );
}
