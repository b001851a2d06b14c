import { useCallback } from 'react';
import type { Language } from '@gleba/contracts';
import { isApiError, NETWORK_REQUEST_FAILED } from '@gleba/api-client';
import { errorMessage, t, type Params } from '@gleba/i18n';
import { useLanguageStore } from '../stores/language-store';

export type Translate = (key: string, params?: Params) => string;

/** `tr('customer.navHome')` in the current language. */
export function useT(): Translate {
  const lang = useLanguageStore((s) => s.lang);
  return useCallback((key: string, params?: Params) => t(lang, key, params), [lang]);
}

export function useLang(): Language {
  return useLanguageStore((s) => s.lang);
}

/** A failed call as the user reads it: connection problem, the code's text, the server's message, or a generic one. */
export function describeError(lang: Language, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === NETWORK_REQUEST_FAILED) return t(lang, 'customer.networkError');
    return errorMessage(lang, error.code) ?? (error.status > 0 && error.status < 500 && error.message ? error.message : t(lang, 'customer.somethingWentWrong'));
  }
  return t(lang, 'customer.somethingWentWrong');
}

/** Field messages of the contracts' zod schemas are error codes: translate them from `errors.<code>`. */
export function fieldMessage(lang: Language, code: string): string {
  return errorMessage(lang, code) ?? (code ? t(lang, 'customer.fieldRequired') : '');
}
