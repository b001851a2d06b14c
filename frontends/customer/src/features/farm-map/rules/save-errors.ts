import type { Language } from '@gleba/contracts';
import { isApiError, NETWORK_REQUEST_FAILED } from '@gleba/api-client';
import { errorMessage, t } from '@gleba/i18n';

/**
 * What the user reads when saving a shape fails (spec section 8). The services translate their
 * errors into the request's language and fill in parameters (e.g. the overlap limit), so a 4xx
 * with a geo code shows the server's message; otherwise the catalogue's text of the code, a
 * connection problem, or a generic message.
 */
export function saveErrorMessage(lang: Language, error: unknown): string {
  if (!isApiError(error)) return t(lang, 'customer.somethingWentWrong');
  if (error.code === NETWORK_REQUEST_FAILED) return t(lang, 'customer.networkError');
  if (error.status >= 500) return errorMessage(lang, error.code) ?? t(lang, 'customer.somethingWentWrong');
  if (error.code === 'validationFailed') return t(lang, 'farmMap.shapeInvalid');
  const known = errorMessage(lang, error.code);
  const fromServer = error.message && error.message !== error.code ? error.message : undefined;
  return fromServer ?? known ?? t(lang, 'customer.somethingWentWrong');
}

/**
 * Adding a cadastral plot (the form, select on map): as a save, except that a refused body is the
 * form's data, not a shape (`errors.validationFailed`).
 */
export function addPlotErrorMessage(lang: Language, error: unknown): string {
  if (isApiError(error) && error.code === 'validationFailed')
    return errorMessage(lang, error.code) ?? t(lang, 'customer.somethingWentWrong');
  return saveErrorMessage(lang, error);
}
