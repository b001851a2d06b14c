import type { Language } from '@gleba/contracts';
import { isApiError, NETWORK_REQUEST_FAILED } from '@gleba/api-client';
import { errorMessage, t } from '@gleba/i18n';

/**
 * What the user reads when an order call fails (spec section 8). The orders service answers in the
 * request's language and fills in parameters (`{min}` punctures, the reason of an invalid test
 * combination), so a 4xx shows its message; a code our catalogue knows without parameters shows
 * the catalogue's text; otherwise a connection problem or a generic message.
 */
export function orderErrorMessage(lang: Language, error: unknown): string {
  if (!isApiError(error)) return t(lang, 'customer.somethingWentWrong');
  if (error.code === NETWORK_REQUEST_FAILED) return t(lang, 'customer.networkError');
  const known = errorMessage(lang, error.code);
  if (error.status >= 500) return known ?? t(lang, 'customer.somethingWentWrong');
  const fromServer = error.message && error.message !== error.code ? error.message : undefined;
  if (known && !known.includes('{')) return known;
  return fromServer ?? known ?? t(lang, 'customer.somethingWentWrong');
}

export const isIncompleteData = (error: unknown) => isApiError(error) && error.code === 'incompleteUserData';
