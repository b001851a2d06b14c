import { describe, expect, it } from 'vitest';
import { namespaces as full } from '@gleba/i18n';
import {
  LAZY_NAMESPACES,
  OTHER_APPS_NAMESPACES,
  catalogueVersion,
  loadNamespaces,
  namespaces,
  namespacesLoaded,
  subscribeCatalogue,
} from './i18n-namespaces';
import { namespacesFor } from './i18n';

describe('the customer app catalogue loaded namespace by namespace', () => {
  it('starts with the shell namespaces only', () => {
    expect(namespacesLoaded(['common', 'ui', 'customer', 'farmMap', 'errors'])).toBe(true);
    expect(namespacesLoaded(['guide'])).toBe(false);
  });

  it('loads a namespace once, tells the subscribers, and then holds it', async () => {
    const seen: number[] = [];
    const stop = subscribeCatalogue(() => seen.push(catalogueVersion()));
    await Promise.all([loadNamespaces(['weather']), loadNamespaces(['weather', 'weather'])]);
    stop();
    expect(seen).toHaveLength(1);
    expect(namespacesLoaded(['weather'])).toBe(true);
    expect(namespaces.weather?.en.title).toBe('Weather');
  });

  it('starts loading a namespace the first time a key of it is read', async () => {
    expect(namespacesLoaded(['pwa'])).toBe(false);
    expect(namespaces.pwa).toBeUndefined();
    await loadNamespaces(['pwa']);
    expect(namespaces.pwa?.pl.queued).toContain('{barcode}');
  });

  it('holds, once everything is loaded, exactly the messages of @gleba/i18n but the other apps', async () => {
    await loadNamespaces(Object.keys(LAZY_NAMESPACES));
    const expected = Object.keys(full)
      .filter((n) => !(OTHER_APPS_NAMESPACES as readonly string[]).includes(n))
      .sort();
    const present = expected.filter((n) => namespaces[n] !== undefined);
    expect(present).toEqual(expected);
    for (const name of expected) expect(namespaces[name], name).toEqual(full[name as keyof typeof full]);
  });

  it('names the namespaces each route waits for', () => {
    expect(namespacesFor('/')).toEqual(['customerTests']);
    expect(namespacesFor('/soil-tests/add')).toContain('pwa');
    expect(namespacesFor('/how-to-sample')).toContain('guide');
    // Its notification settings speak `notifications`; its two guide links load theirs on first use.
    expect(namespacesFor('/my-account')).toEqual(['notifications']);
    expect(namespacesFor('/faq')).toEqual([]);
    for (const [, names] of [
      ['', namespacesFor('/')],
      ['', namespacesFor('/orders')],
    ] as const) {
      for (const n of names) expect(Object.keys(LAZY_NAMESPACES)).toContain(n);
    }
  });
});
