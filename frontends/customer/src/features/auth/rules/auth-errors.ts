import { IdentityErrorCode, type Language } from '@gleba/contracts';
import { ApiError, NETWORK_REQUEST_FAILED, isApiError } from '@gleba/api-client';
import { t } from '@gleba/i18n';

export type LoginFailure =
  | { kind: 'message'; message: string }
  /** Spec section 4: a suspended account goes to /account-suspended. */
  | { kind: 'suspended' };

/** Spec section 8: invalid e-mail or password; not active (check e-mail); suspended; connection problem. */
export function loginFailure(lang: Language, error: unknown): LoginFailure {
  if (!isApiError(error)) return { kind: 'message', message: t(lang, 'customer.somethingWentWrong') };
  switch (error.code) {
    case IdentityErrorCode.accountSuspended:
      return { kind: 'suspended' };
    case IdentityErrorCode.accountNotActive:
      return { kind: 'message', message: t(lang, 'customer.loginAccountNotActive') };
    case IdentityErrorCode.invalidCredentials:
      return { kind: 'message', message: t(lang, 'customer.loginInvalidCredentials') };
    case IdentityErrorCode.tooManyLoginAttempts:
      return { kind: 'message', message: t(lang, 'customer.loginTooManyAttempts') };
    case NETWORK_REQUEST_FAILED:
      return { kind: 'message', message: t(lang, 'customer.networkError') };
  }
  if (error.status === 401 || error.status === 400)
    return { kind: 'message', message: t(lang, 'customer.loginInvalidCredentials') };
  if (error.status === 403) return { kind: 'message', message: t(lang, 'customer.loginAccountNotActive') };
  return { kind: 'message', message: t(lang, 'customer.somethingWentWrong') };
}

/** Spec section 8: too many reset attempts has its own text; every other failure is "something went wrong". */
export function forgotPasswordFailure(lang: Language, error: unknown): string {
  if (!(error instanceof ApiError)) return t(lang, 'customer.somethingWentWrong');
  if (error.code === IdentityErrorCode.tooManyResetPasswordRequests) return t(lang, 'customer.resetTooMany');
  if (error.code === IdentityErrorCode.emailDoesNotExist) return t(lang, 'customer.emailDoesNotExist');
  if (error.code === NETWORK_REQUEST_FAILED) return t(lang, 'customer.networkError');
  return t(lang, 'customer.somethingWentWrong');
}

/** Spec section 5: a failed set-password shows the server's message, else "passwords do not match". */
export function setPasswordFailure(lang: Language, error: unknown): string {
  if (isApiError(error) && error.code === NETWORK_REQUEST_FAILED) return t(lang, 'customer.networkError');
  if (isApiError(error) && error.status > 0 && error.message) return error.message;
  return t(lang, 'customer.passwordsDoNotMatch');
}
