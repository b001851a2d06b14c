import { describe, expect, it } from 'vitest';
import { namespaces, resolveLanguage, t } from './index';

describe('i18n', () => {
  it('has the same keys in pl, en and uk in every namespace', () => {
    for (const [name, ns] of Object.entries(namespaces)) {
      const pl = Object.keys(ns.pl).sort();
      expect(Object.keys(ns.en).sort(), `${name}.en`).toEqual(pl);
      expect(Object.keys(ns.uk).sort(), `${name}.uk`).toEqual(pl);
      for (const lang of ['pl', 'en', 'uk'] as const) {
        for (const [key, value] of Object.entries(ns[lang]))
          expect(value.trim(), `${name}.${lang}.${key}`).not.toBe('');
      }
    }
  });

  it('names a puncture with one Polish word everywhere: nakłucie (the guide and the FAQ)', () => {
    for (const [name, ns] of Object.entries(namespaces))
      for (const [key, value] of Object.entries(ns.pl))
        expect(value, `${name}.pl.${key}`).not.toMatch(/wkłu/i);
  });

  it('translates with parameters and falls back', () => {
    expect(t('en', 'common.save')).toBe('Save');
    expect(t('uk', 'errors.rateLimited')).toContain('Забагато');
    expect(t('pl', 'nope.missing')).toBe('nope.missing');
  });

  it('resolves the language: pl, en or uk, else pl', () => {
    expect(resolveLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(resolveLanguage('uk-UA')).toBe('uk');
    expect(resolveLanguage('de-DE,fr;q=0.5')).toBe('pl');
    expect(resolveLanguage(undefined)).toBe('pl');
    expect(resolveLanguage('fr, en;q=0.5')).toBe('en');
  });
});
