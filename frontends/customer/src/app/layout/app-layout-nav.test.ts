import { describe, expect, it } from 'vitest';
import { hasMessage, namespaces } from '@gleba/i18n';
import { LAZY_NAMESPACES } from '../../lib/i18n-namespaces';
import { NAV } from './app-layout';

describe("the menu's texts", () => {
  it('come from the shell namespaces (in the initial bundle), so no key shows while a namespace loads', () => {
    const lazy = NAV.filter((item) => Object.hasOwn(LAZY_NAMESPACES, item.key.split('.')[0]!));
    expect(lazy).toEqual([]);
    for (const item of NAV) expect(hasMessage(namespaces, item.key), item.key).toBe(true);
  });
});
