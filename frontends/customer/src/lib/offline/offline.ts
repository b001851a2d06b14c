import { isApiError, NETWORK_REQUEST_FAILED } from '@gleba/api-client';

/** The request failed for want of a connection (not because the server refused it). */
export function isOfflineError(error: unknown): boolean {
  return (
    (isApiError(error) && error.code === NETWORK_REQUEST_FAILED) ||
    (typeof navigator !== 'undefined' && navigator.onLine === false)
  );
}
