import { useCallback } from 'react';
import type { Language } from '@gleba/contracts';
import { isApiError, NETWORK_REQUEST_FAILED } from '@gleba/api-client';
import { errorMessage, NOTICE_TIME_ZONE, t, type Params } from '@gleba/i18n';
import { useLanguageStore } from '../stores/language-store';

export type Translate = (key: string, params?: Params) => string;

/** `tr('admin.navOrders')` in the current language. */
export function useT(): Translate {
  const lang = useLanguageStore((s) => s.lang);
  return useCallback((key: string, params?: Params) => t(lang, key, params), [lang]);
}

export function useLang(): Language {
  return useLanguageStore((s) => s.lang);
}

/**
 * A failed call as the admin reads it. The services translate their messages (the client sends
 * `x-gleba-lang`), so a 4xx shows the server's message; a missing connection or a 5xx ours.
 */
export function describeError(lang: Language, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === NETWORK_REQUEST_FAILED) return t(lang, 'admin.networkError');
    if (error.status > 0 && error.status < 500 && error.message) return error.message;
    return errorMessage(lang, error.code) ?? t(lang, 'admin.somethingWentWrong');
  }
  return t(lang, 'admin.somethingWentWrong');
}

export function useDescribeError(): (error: unknown) => string {
  const lang = useLang();
  return useCallback((error: unknown) => describeError(lang, error), [lang]);
}

export function formatDate(lang: Language, iso: string | null | undefined, withTime = true): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(
    lang === 'uk' ? 'uk-UA' : lang === 'en' ? 'en-GB' : 'pl-PL',
    // The lab's time, whatever zone the browser is set to.
    withTime
      ? { dateStyle: 'short', timeStyle: 'short', timeZone: NOTICE_TIME_ZONE }
      : { dateStyle: 'short', timeZone: NOTICE_TIME_ZONE },
  );
}

/** Prices are kept in grosze. */
export function formatPrice(lang: Language, grosze: number | null | undefined): string {
  if (grosze === null || grosze === undefined) return '—';
  return new Intl.NumberFormat(lang === 'uk' ? 'uk-UA' : lang === 'en' ? 'en-GB' : 'pl-PL', {
    style: 'currency',
    currency: 'PLN',
  }).format(grosze / 100);
}
