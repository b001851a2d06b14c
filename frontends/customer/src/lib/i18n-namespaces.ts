import { mergeMessages, type Messages, type Namespace } from '@gleba/i18n/catalogue';
import { common } from '@gleba/i18n/messages/common';
import { ui } from '@gleba/i18n/messages/ui';
import { customer } from '@gleba/i18n/messages/customer';
import { farmMap } from '@gleba/i18n/messages/farm-map';
import { errorsCommon } from '@gleba/i18n/messages/errors-common';
import { errorsGeo } from '@gleba/i18n/messages/errors-geo';
import { errorsShipping } from '@gleba/i18n/messages/errors-shipping';
import { errorsLabImport } from '@gleba/i18n/messages/errors-lab-import';
import { errorsOrders } from '@gleba/i18n/messages/errors-orders';
import { errorsIdentity } from '@gleba/i18n/messages/errors-identity';
import { errorsNotification } from '@gleba/i18n/messages/errors-notification';

/**
 * The customer app's message catalogue, loaded namespace by namespace (docs/decisions: customer
 * lazy i18n). In the app's build `vite.config.ts` puts this module in place of
 * `@gleba/i18n/src/namespaces.ts`, so `t` of `@gleba/i18n` (and of `@gleba/ui`) reads from here:
 *
 * - in the initial bundle: what the shell and the sign-in screens speak (`common`, `ui`,
 *   `customer`, `farmMap` for the sidebar, every `errors` file);
 * - loaded with the routes that need them (`ROUTE_NAMESPACES` in `./i18n.ts`) or, as a safety net,
 *   the first time a key of theirs is asked for (the components re-render through `useT`);
 * - never in this app: `admin`, `landing`.
 *
 * In the tests (vitest) `@gleba/i18n` keeps its full catalogue; `i18n-namespaces.test.ts` checks
 * that this one holds the same messages once everything is loaded.
 */
type Ns = Namespace<Messages>;

export const LAZY_NAMESPACES = {
  customerTests: () => import('@gleba/i18n/messages/customer-tests').then((m) => m.customerTests),
  notifications: () => import('@gleba/i18n/messages/notifications').then((m) => m.notifications),
  labResults: () => import('@gleba/i18n/messages/lab-results').then((m) => m.labResults),
  agronomy: () => import('@gleba/i18n/messages/agronomy').then((m) => m.agronomy),
  farmOrder: () => import('@gleba/i18n/messages/farm-order').then((m) => m.farmOrder),
  onboarding: () => import('@gleba/i18n/messages/onboarding').then((m) => m.onboarding),
  weather: () => import('@gleba/i18n/messages/weather').then((m) => m.weather),
  guide: () => import('@gleba/i18n/messages/guide').then((m) => m.guide),
  pwa: () => import('@gleba/i18n/messages/pwa').then((m) => m.pwa),
  prescription: () => import('@gleba/i18n/messages/prescription').then((m) => m.prescription),
  sampling: () => import('@gleba/i18n/messages/sampling').then((m) => m.sampling),
} satisfies Record<string, () => Promise<Ns>>;
export type LazyNamespace = keyof typeof LAZY_NAMESPACES;

/** Namespaces of the other apps: never loaded here. */
export const OTHER_APPS_NAMESPACES = ['admin', 'landing'] as const;

const loaded: Record<string, Ns> = {
  common,
  errors: mergeMessages(
    errorsCommon,
    errorsGeo,
    errorsShipping,
    errorsLabImport,
    errorsOrders,
    errorsIdentity,
    errorsNotification,
  ),
  ui,
  customer,
  farmMap,
};

const isLazy = (name: string): name is LazyNamespace => Object.hasOwn(LAZY_NAMESPACES, name);
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

/** True when every named namespace is in the catalogue. */
export function namespacesLoaded(names: readonly string[]): boolean {
  return names.every((n) => n in loaded || !isLazy(n));
}

/** Loads the named namespaces (each once); resolves when all are in. A failed load (offline) can be retried. */
export function loadNamespaces(names: readonly string[]): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const name of names) {
    if (name in loaded || !isLazy(name)) continue;
    let p = pending.get(name);
    if (!p) {
      p = LAZY_NAMESPACES[name]()
        .then((ns) => {
          loaded[name] = ns;
          version += 1;
          for (const fn of listeners) fn();
        })
        .finally(() => pending.delete(name));
      pending.set(name, p);
    }
    waits.push(p);
  }
  return Promise.all(waits).then(() => undefined);
}

/** Components re-render when a namespace arrives (`useSyncExternalStore` in `./i18n.ts`). */
export function subscribeCatalogue(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
export const catalogueVersion = () => version;

/**
 * What `@gleba/i18n`'s translator reads in the build. A key of a namespace not loaded yet starts
 * its load and falls back to the key for this render.
 */
export const namespaces: Record<string, Ns> = new Proxy(loaded, {
  get(target, prop) {
    if (typeof prop === 'string' && !(prop in target) && isLazy(prop))
      void loadNamespaces([prop]).catch(() => undefined);
    return Reflect.get(target, prop);
  },
});
