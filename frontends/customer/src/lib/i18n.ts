import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '@gleba/contracts';
import { isApiError, NETWORK_REQUEST_FAILED } from '@gleba/api-client';
import { errorMessage, t, type Params } from '@gleba/i18n';
import { useLanguageStore } from '../stores/language-store';
import { catalogueVersion, loadNamespaces, namespacesLoaded, subscribeCatalogue } from './i18n-namespaces';

export type Translate = (key: string, params?: Params) => string;

/** `tr('customer.navHome')` in the current language; re-renders when a lazily loaded namespace arrives. */
export function useT(): Translate {
  const lang = useLanguageStore((s) => s.lang);
  const version = useSyncExternalStore(subscribeCatalogue, catalogueVersion);
  // `version` is a dependency on purpose: a new function makes memoised callers translate again.
  return useCallback((key: string, params?: Params) => t(lang, key, params), [lang, version]);
}

/**
 * The namespaces each route needs besides the initial ones (`common`, `ui`, `customer`, `farmMap`,
 * `errors`): the layout waits for them (`NamespaceGate`) while the route's chunk loads, so a page
 * never shows raw keys. The first match wins; a route not listed still gets its texts on first use.
 */
export const ROUTE_NAMESPACES: [RegExp, string[]][] = [
  // The dashboard's extras (onboarding, weather, guide link) wait for theirs on their own (`WithNamespaces`).
  [/^\/$/, ['customerTests']],
  [/^\/soil-tests(\/|$)/, ['customerTests', 'guide', 'pwa', 'sampling']],
  [/^\/(notifications|my-account)(\/|$)/, ['notifications']], // my account: notification settings
  [
    /^\/fields(\/|$)/,
    ['farmOrder', 'customerTests', 'labResults', 'agronomy', 'prescription', 'sampling', 'pwa'],
  ],
  [/^\/orders(\/|$)/, ['farmOrder', 'customerTests', 'labResults', 'agronomy', 'sampling', 'pwa']], // test names, class names
  [/^\/(how-to-sample|onboarding)(\/|$)/, ['guide', 'onboarding']],
];

export function namespacesFor(pathname: string): string[] {
  return ROUTE_NAMESPACES.find(([re]) => re.test(pathname))?.[1] ?? [];
}

const gates = new Map<string, { promise: Promise<void>; settled: boolean }>();

/**
 * Suspends until the route's namespaces are loaded (the promise is thrown to the nearest
 * Suspense boundary, as `React.lazy` does). A failed load (offline without the chunk) renders
 * anyway: the keys fall back and load on first use.
 */
export function useRouteNamespaces(pathname: string): void {
  useNamespaces(namespacesFor(pathname));
}

/** Suspends until the named namespaces are loaded (see `useRouteNamespaces`). */
export function useNamespaces(names: readonly string[]): void {
  if (namespacesLoaded(names)) return;
  const key = names.join(',');
  let gate = gates.get(key);
  if (!gate) {
    const entry = { promise: Promise.resolve(), settled: false };
    entry.promise = loadNamespaces(names)
      .catch(() => undefined)
      .then(() => {
        entry.settled = true;
      });
    gates.set(key, entry);
    gate = entry;
  }
  // Settled but not loaded (the load failed): render with the keys' fallback; the gate is kept so
  // it does not loop, and the catalogue retries a namespace when one of its keys is read.
  if (!gate.settled) throw gate.promise;
}

/** A part of a page that speaks namespaces its route does not wait for; put it under a Suspense boundary. */
export function WithNamespaces({
  names,
  children,
}: {
  names: readonly string[];
  children: ReactNode;
}): ReactNode {
  useNamespaces(names);
  return children;
}

export function NamespaceGate({ pathname, children }: { pathname: string; children: ReactNode }): ReactNode {
  useRouteNamespaces(pathname);
  return children;
}

/** For code outside a route (the offline queue's toasts): loads the namespaces, then translates. */
export async function translateLater(
  lang: Language,
  names: string[],
  key: string,
  params?: Params,
): Promise<string> {
  await loadNamespaces(names).catch(() => undefined);
  return t(lang, key, params);
}

export function useLang(): Language {
  return useLanguageStore((s) => s.lang);
}

/** A failed call as the user reads it: connection problem, the code's text, the server's message, or a generic one. */
export function describeError(lang: Language, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === NETWORK_REQUEST_FAILED) return t(lang, 'customer.networkError');
    return (
      errorMessage(lang, error.code) ??
      (error.status > 0 && error.status < 500 && error.message
        ? error.message
        : t(lang, 'customer.somethingWentWrong'))
    );
  }
  return t(lang, 'customer.somethingWentWrong');
}

/** Field messages of the contracts' zod schemas are error codes: translate them from `errors.<code>`. */
export function fieldMessage(lang: Language, code: string): string {
  return errorMessage(lang, code) ?? (code ? t(lang, 'customer.fieldRequired') : '');
}
